import Testing
import TraceAnalysis

/// `!`, `&&` and `||` written against their operands, as C and shells write them (issue 19,
/// item 6): they mean what `not`, `and` and `or` mean.
@Suite("Filter operators without spaces")
struct FilterOperatorsTests {
    static let search = FilterTests.entry(5, "search")
    static let load = FilterTests.entry(6, "load")

    func matches(_ filter: String, _ entry: ActionEntry) throws -> Bool {
        try Filter(parsing: filter).matches(entry, in: FilterTests.context)
    }

    @Test("each spelling matches as its spaced form does", arguments: [
        ("!action:search", "not action:search"),
        ("!!action:search", "not not action:search"),
        ("!(action:search)", "not (action:search)"),
        ("action:search&&seq:5", "action:search and seq:5"),
        ("action:search&&seq:6", "action:search and seq:6"),
        ("action:load||seq:5", "action:load or seq:5"),
        ("action:x||seq:6", "action:x or seq:6"),
        ("!action:load&&!action:x", "not action:load and not action:x"),
        ("(action:search)&&(seq:5)", "(action:search) and (seq:5)"),
        ("action:search &&seq:5", "action:search and seq:5"),
    ])
    func sameAsSpaced(compact: String, spaced: String) throws {
        for entry in [Self.search, Self.load] {
            #expect(try matches(compact, entry) == matches(spaced, entry), "\(compact) on #\(entry.seq)")
        }
        #expect(try Filter(parsing: compact).expression == Filter(parsing: spaced).expression)
    }

    @Test("quoted text keeps them as text; a single & or | is part of a word")
    func quotedAndSingle() throws {
        #expect(try Filter(parsing: "\"a&&b\"").expression == .term(.text("a&&b")))
        #expect(try Filter(parsing: "text:\"!x||y\"").expression == .term(.text("!x||y")))
        #expect(try Filter(parsing: "action:a&b").expression == .term(.action(Glob("a&b"))))
        #expect(try Filter(parsing: "action:a|b").expression == .term(.action(Glob("a|b"))))
    }

    @Test("an operator with nothing after it points past its end")
    func danglingOperator() throws {
        #expect(throws: FilterError(filter: "action:x&&", column: 11, message: "expected a condition after '&&'")) {
            try Filter(parsing: "action:x&&")
        }
        #expect(throws: FilterError(filter: "!", column: 2, message: "expected a condition after '!'")) {
            try Filter(parsing: "!")
        }
    }
}
