import Testing
import TraceAnalysis

/// The filter language: what each term matches, how terms combine, and where a malformed
/// filter is wrong.
@Suite("Filter language")
struct FilterTests {
    /// A context with one effect per seq that asks for it, and no keyframes.
    struct Context: FilterContext {
        var effects: [UInt64: EffectSummary] = [:]
        func effect(_ id: UInt64) -> EffectSummary? { effects[id] }
        func effects(startedBy seq: UInt64) -> [EffectSummary] { effects.values.filter { $0.parentSeq == seq } }
        func changes(of action: ActionEntry) -> [PatchOperation]? { action.operations }
    }

    static let context = Context(effects: [
        7: EffectSummary(id: 7, name: "fetchUsers", store: "app", parentSeq: 3, state: .failed("timeout"), startNanos: 0, endNanos: 5),
        8: EffectSummary(id: 8, name: "debounce", store: "app", parentSeq: 4, state: .running, startNanos: 0, endNanos: nil),
    ])

    static func entry(_ seq: UInt64, _ caseName: String, store: String = "app", reducer: UInt64 = 500, since: UInt64 = 0, effect: UInt64? = nil, operations: [PatchOperation] = []) -> ActionEntry {
        let action = TraceValue.enumeration(type: "UserAction", caseName: caseName, payload: [.init("query", .string("Ada Lovelace"))])
        return ActionEntry(
            action: ActionRecord(seq: seq, store: store, monotonicNanos: since, wallNanos: 0, reducerNanos: reducer, action: action, effectID: effect),
            sinceStart: since, operations: operations)
    }

    static let renameAda = PatchOperation.set(path: [.field("users"), .index(3), .field("name")], value: .string("Ada"))

    func matches(_ filter: String, _ entry: ActionEntry) throws -> Bool {
        try Filter(parsing: filter).matches(entry, in: Self.context)
    }

    @Test("Each field matches what it names", arguments: [
        ("action:search", true), ("action:sea*", true), ("action:UserAction", true), ("action:UserAction.search", true),
        ("action:User*.s?arch", true), ("action:load", false), ("action:Search", false),
        ("store:app", true), ("store:a*", true), ("store:settings", false),
        ("seq:5", true), ("seq:1..5", true), ("seq:6..", false), ("seq:..4", false), ("seq:>=5", true), ("seq:>5", false), ("seq:#5", true),
        ("time:1s..2s", true), ("time:>2s", false), ("time:<=1500ms", true),
        ("reducer:>1ms", true), ("reducer:>3ms", false), ("reducer:1ms..3ms", true), ("duration:<=2500us", true), ("duration:<2500us", false),
        ("ada", true), ("\"ada love\"", true), ("text:LOVELACE", true), ("grace", false),
        ("path:.users", true), ("path:.users[3]", true), ("path:.users[*].name", true), ("path:.users[2].name", false),
        ("path:.users[3].name.first", true), ("path:.query", false), ("path:users[3]", true),
    ])
    func fieldsMatch(filter: String, expected: Bool) throws {
        let entry = Self.entry(5, "search", reducer: 2_500_000, since: 1_500_000_000, operations: [Self.renameAda])
        #expect(try matches(filter, entry) == expected, "\(filter)")
    }

    @Test("Effects match by the effects an action started, or by the effect that sent it; outcomes by their state")
    func effects() throws {
        let started = Self.entry(3, "load")
        let sent = Self.entry(9, "loaded", effect: 7)
        #expect(try matches("effect:fetch*", started))
        #expect(try matches("effect:fetch*", sent), "sent by fetchUsers")
        #expect(try matches("effect:fetch*@failed", started))
        #expect(try matches("outcome:failed", started))
        #expect(try !matches("effect:fetch*@finished", started))
        #expect(try !matches("outcome:failed", sent), "an outcome is about the effects the action started")
        #expect(try matches("outcome:running", Self.entry(4, "typed")))
        #expect(try !matches("effect:*", Self.entry(1, "idle")))
    }

    @Test("and, or, not, side-by-side terms and parentheses combine as written; or binds loosest")
    func combinators() throws {
        let entry = Self.entry(5, "search", reducer: 2_500_000)
        #expect(try matches("action:search and store:app", entry))
        #expect(try matches("action:search store:app", entry), "side by side means and")
        #expect(try !matches("action:search and store:other", entry))
        #expect(try matches("action:load or store:app", entry))
        #expect(try matches("not action:load", entry))
        #expect(try !matches("not (action:search or action:load)", entry))
        #expect(try matches("action:load and store:x or seq:5", entry), "(load and x) or seq:5")
        #expect(try !matches("action:load and (store:x or seq:5)", entry))
        #expect(try matches("NOT action:load AND reducer:>1ms", entry))
        #expect(try matches("", entry))
        #expect(try matches("   ", entry))
    }

    @Test("A malformed filter names the column of its first wrong character", arguments: [
        ("action:search and", 18, "expected a condition after 'and'"),
        ("(action:search", 15, "expected ')' to close the '(' at column 1"),
        ("action:search)", 14, "')' has no matching '('"),
        ("colour:red", 1, "unknown field 'colour' (known: action, store, path, effect, outcome, seq, time, reducer, mark, text)"),
        ("reducer:>fast", 10, "'fast' is not a valid value: expected a duration such as 1ms"),
        ("reducer:", 9, "expected a value after 'reducer:'"),
        ("seq:9..3", 5, "the range 9..3 is empty (its start is after its end): expected a sequence number"),
        ("effect:load@exploded", 13, "unknown effect outcome 'exploded' (known: running, finished, cancelled, failed)"),
        ("path:.users[3", 12, "'[' is not closed by ']'"),
        ("store:app or or x", 14, "expected a condition after 'or', not 'or'"),
        ("\"open quote", 1, "the quote is not closed"),
        ("()", 2, "expected a condition inside '()'"),
        ("time:5", 6, "'5' is not a valid value: expected a time since the session start such as 1.5s"),
    ])
    func malformedFilters(filter: String, column: Int, message: String) {
        #expect(throws: FilterError(filter: filter, column: column, message: message)) { try Filter(parsing: filter) }
    }

    @Test("The pointer shows the filter and a caret under the column")
    func pointer() {
        let error = FilterError(filter: "reducer:>fast", column: 10, message: "")
        #expect(error.pointer == "  reducer:>fast\n           ^")
    }

    @Test("Path patterns: inserts and removes shift later positions; optional steps are transparent")
    func pathOverlaps() throws {
        let pattern = try PathPattern(parsing: ".users[3].name")
        #expect(pattern.overlaps(.insert(path: [.field("users"), .index(0)], value: .int(1))), "an insert before [3] moves another user there")
        #expect(!pattern.overlaps(.insert(path: [.field("users"), .index(4)], value: .int(1))))
        #expect(pattern.overlaps(.move(path: [.field("users"), .index(5)], to: 1)))
        #expect(pattern.overlaps(.set(path: [.field("users")], value: .array([]))))
        #expect(!pattern.overlaps(.set(path: [.field("users"), .index(2), .field("name")], value: .int(1))))
        let selected = try PathPattern(parsing: ".selected.name")
        #expect(selected.overlaps(.set(path: [.field("selected"), .some, .field("name")], value: .string("x"))))
        #expect(selected.node(in: .structure(type: "S", fields: [.init("selected", .some(.structure(type: "U", fields: [.init("name", .string("x"))])))])) == .string("x"))
        let keyed = try PathPattern(parsing: ".scores[\"ada\"]")
        #expect(keyed.node(in: .structure(type: "S", fields: [.init("scores", .dictionary([.init(key: .string("ada"), value: .int(3))]))])) == .int(3))
    }

    @Test("A key step names a key by its short form or, for a string, unquoted: escapes, short and long keys, other key types")
    func keySteps() throws {
        let scores = TraceValue.dictionary([
            .init(key: .string("a"), value: .int(1)), .init(key: .string("say \"hi\"\n"), value: .int(2)),
            .init(key: .string("k123456"), value: .int(3)), .init(key: .int(7), value: .int(4)),
            .init(key: .enumeration(type: "K", caseName: "done", payload: []), value: .int(5)), .init(key: .string("7"), value: .int(6)),
        ])
        let state = TraceValue.structure(type: "S", fields: [.init("scores", scores)])
        func node(_ text: String) throws -> TraceValue? { try PathPattern(parsing: ".scores[\(text)]").node(in: state) }
        #expect(try node("\"a\"") == .int(1))
        #expect(try node("a") == .int(1))
        #expect(try node("\"say \\\"hi\\\"\\n\"") == .int(2), "the quoted form with its escapes")
        #expect(try node("\"k123456\"") == .int(3))
        #expect(try node("k123456") == .int(3))
        #expect(try node("\"7\"") == .int(6))
        #expect(try node(".done") == .int(5))
        #expect(try node("\"k12345\"") == nil)
    }
}

extension FilterTests {
    @Test("seq conditions bound the actions a filter can match, through and and or, never through not")
    func seqBounds() throws {
        #expect(try Filter(parsing: "seq:500.. and path:.x").seqBounds == 500...UInt64.max)
        #expect(try Filter(parsing: "seq:10..20 seq:15..30").seqBounds == 15...20)
        #expect(try Filter(parsing: "seq:10..20 or seq:40..50").seqBounds == 10...50)
        #expect(try Filter(parsing: "seq:10..20 or action:x").seqBounds == nil)
        #expect(try Filter(parsing: "not seq:10..20").seqBounds == nil)
        #expect(try Filter(parsing: "action:x").seqBounds == nil)
    }
}
