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

    @Test("text escapes U+2028 and U+2029 for a terminal, as JSON does (issue 44: 75 raw in `cat`)")
    func textEscapesLineAndParagraphSeparators() {
        let line = RecordLine(startMonotonicNanos: 0).text(Record.log(LogRecord(level: .info, message: "a\u{2028}b\u{2029}c", monotonicNanos: 0, seq: 0)))
        #expect(!line.unicodeScalars.contains { $0.value == 0x2028 || $0.value == 0x2029 }, "\(line)")
        #expect(line.contains("a\\u{2028}b\\u{2029}c"), "\(line)")
    }

    @Test("JSON another encoder wrote keeps its meaning and loses every scalar that drives a terminal")
    func escapingTerminalControlsInForeignJSON() throws {
        let json = "{\"a\":\"x\u{202E}y\u{2028}z\u{85}\",\"b\":[\"\u{2066}\"]}"
        let escaped = JSONWriter.escapingTerminalControls(json)
        #expect(escaped == #"{"a":"x\u202ey\u2028z\u0085","b":["\u2066"]}"#)
        #expect(JSONWriter.escapingTerminalControls("{\"plain\":1}") == "{\"plain\":1}")
    }
}
