import StoreScopeTestSupport
import Testing
import TraceAnalysis
import TraceFormat

@Suite("Typed actions in the viewer's literal syntax")
struct ValueLiteralTests {
    @Test("An escape after a character that joins the next one into a grapheme (U+0601) reads back as the escape it is (found by the fuzzer)")
    func escapeAfterPrependCharacter() throws {
        let value = TraceValue.string("\u{601}\u{0}x")
        let printed = value.qualifiedDescription
        #expect(try ValueLiteral.parse(printed) == value, "\(printed)")
        #expect(try ValueLiteral.parse(printed).qualifiedDescription == printed)
    }

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

    @Test("every kind the printer writes reads back exactly: scalars by type, dates, sets, tuples, instances, non-finite doubles, escapes")
    func everyPrintedKindReadsBack() throws {
        let uuid = TraceValue.scalar(type: "UUID", text: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")
        let values: [TraceValue] = [
            .enumeration(type: "InboxAction", caseName: "toggleSelect", payload: [.init("", uuid)]),
            .enumeration(type: "", caseName: "open", payload: [.init("", .scalar(type: "URL", text: "https://example.com/a?q=\"x\""))]),
            .enumeration(type: "PresentationAction<Detail.Action>", caseName: "dismiss", payload: []),
            .enumeration(type: "StackAction<Path.State, Path.Action>", caseName: "push", payload: [.init("id", .int(0)), .init("state", .enumeration(type: "", caseName: "detail", payload: []))]),
            .scalar(type: "Decimal", text: "12.50"), .scalar(type: "Character", text: "é"), .scalar(type: "Calendar.Identifier", text: "gregorian"),
            .scalar(type: "Measurement<UnitLength>", text: "3.0 m"), .scalar(type: "Int128", text: "-170141183460469231731687303715884105728"),
            .date(1_764_563_042), .date(1_764_563_042.25), .date(1_764_563_042.123_456_7), .date(-1.5), .date(0.1), .date(.nan), .date(-0.0),
            .date(1e20), .date(-.infinity), .date(1e-12),
            .double(.nan), .double(-.nan), .double(.signalingNaN), .double(Double(nan: 5, signaling: false)), .double(.infinity), .double(-.infinity),
            .double(-0.0), .double(1e-05), .double(1e20), .double(.greatestFiniteMagnitude),
            .int(.min), .int(.max), .uint(.max),
            .string("\u{1b}[31m\t\r\n\0\\ \u{202e} \u{7f} é 😀"), .string(""),
            .set([.int(1), .int(2)]), .set([]),
            .structure(type: TraceValue.tupleTypeName, fields: [.init("0", .int(3)), .init("label", .string("x"))]),
            .structure(type: TraceValue.tupleTypeName, fields: []),
            .object(type: "Badge", id: 2, fields: [.init("title", .string("gold"))]),
            .structure(type: "Box<Array<Int>>", fields: [.init("value", .array([.int(1)]))]),
            .structure(type: "Handler<(Int) -> String>", fields: []),
            .structure(type: "Inbox.Message", fields: [.init("at", .date(1_764_563_042)), .init("read", .none(type: "")), .init("id", uuid)]),
            .dictionary([.init(key: .int(1), value: .none(type: "")), .init(key: .int(2), value: .set([.string("a")]))]),
            .dictionary([.init(key: uuid, value: .array([.double(1.5)]))]),
        ]
        for value in values {
            let read = try ValueLiteral.parse(value.qualifiedDescription)
            #expect(read == value, "\(value.qualifiedDescription)")
        }
    }

    @Test("a random value in the form a literal carries prints and reads back as itself (10,000 values)")
    func randomValuesReadBack() throws {
        var generator = LiteralValueGenerator(seed: 39)
        for round in 0..<10_000 {
            let value = generator.value(depth: 0)
            let text = value.qualifiedDescription
            let read = try ValueLiteral.parse(text)
            #expect(read == value, "round \(round): \(text)")
            if read != value { return }
        }
    }

    @Test("a printed date reads back to the bit, with the shortest fraction that does")
    func datesReadBackExactly() throws {
        #expect(TraceValue.iso8601(1_764_563_042.25) == "2025-12-01T04:24:02.25Z")
        #expect(TraceValue.iso8601(1_764_563_042.123_456_7) == "2025-12-01T04:24:02.1234567Z")
        #expect(TraceValue.iso8601(-0.0) == "Date(-0.0)")
        #expect(TraceValue.seconds(iso8601: "2024-02-29T23:59:59Z") == 1_709_251_199)
        for invalid in ["2025-02-29T00:00:00Z", "2025-13-01T00:00:00Z", "2025-12-01T24:00:00Z", "2025-12-01T04:24:02.Z", "2025-12-01 04:24:02Z", "2025-12-01T04:24:02"] {
            #expect(TraceValue.seconds(iso8601: invalid) == nil, "\(invalid)")
        }
        var random = SplitMix64(seed: 8601)
        for _ in 0..<100_000 {
            let seconds = Double.random(in: -62_167_219_199 ... 253_402_300_799, using: &random) / Double([1, 1_000, 1_000_000][Int(random.next() % 3)])
            let text = TraceValue.iso8601(seconds)
            let read = text.hasPrefix("Date(") ? try ValueLiteral.parse(text) : TraceValue.seconds(iso8601: text).map(TraceValue.date)
            #expect(read == .date(seconds), "\(seconds): \(text)")
            if read != .date(seconds) { return }
        }
    }

    @Test("what the viewer prints in part, or without a value, is refused saying why")
    func partialPrintsAreRefused() {
        let cases: [(String, String)] = [
            ("LoginAction.setPassword(password: <redacted String>)", "the trace holds no value here (redacted): type the value itself"),
            (".loaded([3 elements])", "the viewer counted this collection instead of printing it: type its elements"),
            (".loaded(User(id: 1, …))", "the viewer abbreviated this value (…): type it in full"),
            (".loaded([1, 2, … 98 more])", "the viewer abbreviated this value (…): type it in full"),
            (".onTap(<closure>)", "a closure cannot be typed"),
            (".state(<truncated by depth limit: Tree>)", "a capture limit cut this value: type it in full"),
            (".upload(Data(3 bytes))", "Data prints as its size only: it cannot be typed"),
            (".set(Preferences (reference #1))", "Preferences was recorded by reference only, its contents unknown: it cannot be typed"),
            (".toggleSelect(E621E1F8-C36C-495A-93FC-0C247A3E6E5F)", "a UUID is written UUID(\"E621E1F8-C36C-495A-93FC-0C247A3E6E5F\")"),
            (".search(query: sw)", "expected \"(\" after sw: a string is written in quotes (\"sw\"), an enum case after a dot (.sw)"),
            (".at(2025-02-30T00:00:00Z)", "expected a date in UTC such as 2026-12-01T04:24:02Z, found \"2\""),
        ]
        Self.expectErrors(cases, as: \.message)
    }

    @Test("a typo is an error that points at the character at fault")
    func typos() {
        let cases: [(String, String)] = [
            (".setFilter(\"a\"", "expected \",\" or \")\", found the end at column 15\n  .setFilter(\"a\"\n                ^"),
            (".setFilter(\"a\"))", "expected the end of the literal, found \")\" at column 16\n  .setFilter(\"a\"))\n                 ^"),
            (".navigate(.detail(userID: 2x))", "expected \",\" or \")\", found \"x\" at column 28\n  .navigate(.detail(userID: 2x))\n                             ^"),
            ("setFilter", "expected \"(\" after setFilter: a string is written in quotes (\"setFilter\"), an enum case after a dot (.setFilter) at column 1\n  setFilter\n  ^"),
            (".a(\"\\q\")", "unknown escape, found \"q\" at column 6\n  .a(\"\\q\")\n       ^"),
            (".a(\"\\u{110000}\")", "expected a Unicode scalar, found \"1\" at column 8\n  .a(\"\\u{110000}\")\n         ^"),
        ]
        Self.expectErrors(cases, as: \.pointed)
    }

    /// Expects each text to be refused with its error, as `shown`.
    static func expectErrors(_ cases: [(text: String, error: String)], as shown: KeyPath<ValueLiteralError, String>, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        for (text, expected) in cases {
            let error = #expect(throws: ValueLiteralError.self, sourceLocation: sourceLocation) { try ValueLiteral.parse(text) }
            #expect(error?[keyPath: shown] == expected, "\(text)", sourceLocation: sourceLocation)
        }
    }
}

/// Random values in the form a printed literal carries (``TraceValue/literalForm``), small
/// enough to print whole.
struct LiteralValueGenerator {
    var random: SplitMix64

    init(seed: UInt64) {
        random = SplitMix64(seed: seed)
    }

    mutating func pick<T>(_ choices: [T]) -> T {
        choices[Int(random.next() % UInt64(choices.count))]
    }

    mutating func name() -> String {
        pick(["id", "title", "isDone", "userID", "x", "_private", "café", "value2"])
    }

    mutating func typeName() -> String {
        pick(["User", "Inbox.Message", "Box<Array<Int>>", "Pair<String, [Int: String]>", "Wrapper<(Int) -> Void>", "Tagged<User, UUID>", "A"])
    }

    mutating func string() -> String {
        let pieces = ["a", "Ada", " ", "\"", "\\", "\n", "\t", "\r", "\u{0}", "\u{1b}", "\u{7f}", "\u{85}", "\u{202e}", "é", "😀", "…", "<redacted>", "[1 element]", "(", ")", ","]
        return (0..<Int(random.next() % 6)).map { _ in pick(pieces) }.joined()
    }

    mutating func double() -> Double {
        let special = pick([0, -0.0, 1.5, -2.25, 1e-05, 1e20, .nan, -.nan, .signalingNaN, .infinity, -.infinity, .leastNonzeroMagnitude, .greatestFiniteMagnitude])
        return special.isFinite && random.next() % 2 == 0 ? special + Double(bitPattern: random.next() >> 2) : special
    }

    mutating func leaf() -> TraceValue {
        switch random.next() % 11 {
        case 0: .string(string())
        case 1: .int(Int64(bitPattern: random.next()) >> Int64(random.next() % 64))
        case 2: .uint(UInt64(Int64.max) + 1 + random.next() % UInt64(Int64.max))
        case 3: .double(double())
        case 4: .bool(random.next() % 2 == 0)
        case 5: .date(pick([0, 1_764_563_042.25, -1.5, .nan, 1e300]) + Double(random.next() % 1_000_000_000) / 7)
        case 6: .scalar(type: pick(["UUID", "URL", "Decimal", "Character", "Measurement<UnitLength>"]), text: string())
        case 7: .none(type: "")
        case 8: .enumeration(type: "", caseName: pick(["refresh", "clear", "A"]), payload: [])
        case 9: .array([])
        default: .dictionary([])
        }
    }

    mutating func fields(depth: Int, labeled: Bool) -> [TraceValue.Field] {
        var names = Set<String>()
        return (0..<Int(random.next() % 4)).compactMap { _ in
            let label = labeled || random.next() % 2 == 0 ? name() : ""
            guard label.isEmpty || names.insert(label).inserted else { return nil }
            return TraceValue.Field(label, value(depth: depth + 1))
        }
    }

    mutating func value(depth: Int) -> TraceValue {
        guard depth < 5, random.next() % 3 != 0 else { return leaf() }
        switch random.next() % 8 {
        case 0:
            return .structure(type: typeName(), fields: fields(depth: depth, labeled: true))
        case 1:
            return .object(type: typeName(), id: random.next() % 100, fields: fields(depth: depth, labeled: true))
        case 2:
            let type = depth == 0 ? pick(["", "SearchAction", "PresentationAction<Detail.Action>"]) : ""
            return .enumeration(type: type, caseName: pick(["search", "toggleSelect", "_internal", "setResults"]), payload: fields(depth: depth, labeled: false))
        case 3:
            return .array((0..<Int(random.next() % 4)).map { _ in value(depth: depth + 1) })
        case 4:
            let elements = Set((0..<Int(random.next() % 4)).map { _ in leaf() })
            return .set(elements.sorted(by: TraceValue.canonicalOrder))
        case 5:
            var keys: [TraceValue] = []
            for _ in 0..<Int(random.next() % 4) {
                let key = leaf()
                if !keys.contains(key) { keys.append(key) }
            }
            return .dictionary(keys.sorted(by: TraceValue.canonicalOrder).map { .init(key: $0, value: value(depth: depth + 1)) })
        case 6:
            let elements = fields(depth: depth, labeled: false)
            return .structure(type: TraceValue.tupleTypeName, fields: elements.enumerated().map { .init($1.name.isEmpty ? String($0) : $1.name, $1.value) })
        default:
            return leaf()
        }
    }
}
