import Testing
import TraceAnalysis
import TraceFormat

@Suite("Typed actions in the viewer's literal syntax")
struct ValueLiteralTests {
    @Test("what the viewer prints reads back as the same tree, type names aside")
    func printedValuesReadBack() throws {
        let values: [TraceValue] = [
            .enumeration(type: "", caseName: "setFilter", payload: [.init("", .string("a \"quoted\"\n"))]),
            .enumeration(type: "", caseName: "navigate", payload: [.init("", .enumeration(type: "", caseName: "detail", payload: [.init("userID", .int(2))]))]),
            .enumeration(type: "", caseName: "refresh", payload: []),
            .structure(type: "User", fields: [.init("id", .int(-1)), .init("score", .double(2.5)), .init("tags", .array([.string("x")]))]),
            .dictionary([.init(key: .string("a"), value: .bool(true))]),
            .array([]), .dictionary([]), .none(type: ""),
        ]
        for value in values {
            #expect(try ValueLiteral.parse(value.description) == value, "\(value.description)")
        }
    }

    @Test("a typo is an error that points at the character at fault")
    func typos() {
        let cases: [(String, String)] = [
            (".setFilter(\"a\"", "expected \",\" or \")\", found the end at column 15\n  .setFilter(\"a\"\n                ^"),
            (".setFilter(\"a\"))", "expected the end of the literal, found \")\" at column 16\n  .setFilter(\"a\"))\n                 ^"),
            (".navigate(.detail(userID: 2x))", "expected \",\" or \")\", found \"x\" at column 28\n  .navigate(.detail(userID: 2x))\n                             ^"),
            ("setFilter", "expected \"(\" after setFilter, found the end at column 10\n  setFilter\n           ^"),
        ]
        for (text, expected) in cases {
            #expect(throws: ValueLiteralError.self) { try ValueLiteral.parse(text) }
            do {
                _ = try ValueLiteral.parse(text)
            } catch {
                #expect(error.pointed == expected, "\(text)")
            }
        }
    }
}
