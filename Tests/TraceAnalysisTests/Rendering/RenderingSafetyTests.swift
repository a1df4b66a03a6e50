import Testing
import TraceAnalysis

/// Findings of the fuzz harness (Tests/Fuzz) in the renderers, kept as regression tests.
@Suite struct RenderingSafetyTests {
    @Test("a diff escapes a bidirectional override in a field name, as every other renderer does")
    func diffEscapesBidiOverrideInNames() {
        let old = TraceValue.structure(type: "State", fields: [.init("a", .int(1)), .init("\u{202E}", .string("abc"))])
        let new = TraceValue.structure(type: "State\u{2066}", fields: [.init("a", .int(2)), .init("\u{202E}", .string("abc"))])
        let text = DiffRendering.render(from: old, to: new)
        #expect(!text.unicodeScalars.contains { $0.value == 0x202E || $0.value == 0x2066 })
        #expect(text.contains("\\u{202e}: \"abc\""))
        #expect(text.contains("State\\u{2066}("))
    }

    @Test("JSON escapes bidirectional overrides as \\uXXXX, so a JSON line printed to a terminal is as safe as text")
    func jsonEscapesBidiOverrides() throws {
        let record = Record.log(LogRecord(level: .info, message: "a\u{202E}b\u{2066}c\u{7F}", monotonicNanos: 0, seq: 0))
        let line = record.jsonLine(startMonotonicNanos: 0)
        #expect(line.contains(#""message":"a\u202eb\u2066c\u007f""#))
        #expect(!line.unicodeScalars.contains { $0.value == 0x202E || $0.value == 0x2066 || $0.value == 0x7F })
    }
}
