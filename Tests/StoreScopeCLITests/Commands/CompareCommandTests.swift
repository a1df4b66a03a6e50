import Foundation
import StoreScopeTestSupport
import Testing
import TraceFormat

/// End-to-end tests of `storescope compare`: two recordings of the same scenario are equal;
/// a different state, action or length is the first divergence, rendered -/+.
@Suite("storescope compare", .tags(.process))
struct CompareCommandTests {
    @Test("two recordings of the search sample are equal (times and seqs ignored), exit 0")
    func equalRecordings() throws {
        let directory = try TemporaryDirectory()
        let a = try Analysis.recordSample("search", in: directory, as: "a.sstrace")
        let b = try Analysis.recordSample("search", in: directory, as: "b.sstrace")
        let compare = try InProcess.storescope(["compare", a, b])
        #expect(compare.status == 0, "stdout: \(compare.stdout) stderr: \(compare.stderr)")
        #expect(compare.stdout == "equal: 6 actions, the same actions and states\n")
        let json = try InProcess.storescope(["compare", "--json", a, b])
        #expect(json.stdout == #"{"equal":true,"actionsCompared":6,"unknownStates":0,"gaps":[],"schemasDiffer":false}"# + "\n")
    }

    @Test("sessions recorded with different State and Action types (their schema fingerprints differ) compare with a note saying so")
    func differentSchemasAreNoted() throws {
        let directory = try TemporaryDirectory()
        let a = directory.path("a.sstrace"), b = directory.path("b.sstrace")
        try CheckoutTrace.write(to: a)
        try CheckoutTrace.write(to: b, schemaFingerprint: 8)
        let compare = try InProcess.storescope(["compare", a, b])
        #expect(compare.status == 0)
        #expect(compare.stdout.hasSuffix("note: the sessions were recorded with different State and Action types (their schema fingerprints differ): differences may come from the types, not the behaviour\n"), "\(compare.stdout)")
        let json = try InProcess.storescope(["compare", "--json", a, b])
        #expect(try Analysis.jq(["-c", ".schemasDiffer"], input: json.stdout).stdout == "true\n")
    }

    @Test("a reducer that left a different state diverges at that action, with the state diff, exit 1")
    func stateDivergence() throws {
        let directory = try TemporaryDirectory()
        let a = directory.path("a.sstrace"), b = directory.path("b.sstrace")
        try CheckoutTrace.write(to: a)
        try CheckoutTrace.write(to: b, variant: .otherTotal)
        let compare = try InProcess.storescope(["compare", a, b])
        #expect(compare.status == 1)
        #expect(
            compare.stdout == """
                diverge at #5: CartAction.pricesLoaded(total: 7) left different states in cart
                paths that differ: .total
                  CartState(
                    … (1 unchanged)
                -   total: 7
                +   total: 8
                    isPaying: false
                  )

                """)
        let json = try InProcess.storescope(["compare", "--json", a, b])
        #expect(json.status == 1)
        let facts = try Analysis.jq(["-c", "[.equal, .divergence, .seq, .a.seq, .a.state.total, .b.state.total]"], input: json.stdout)
        // The seq the text names, not a 0-based index (issue 19, item 24).
        #expect(facts.stdout == #"[false,"state",5,5,7,8]"# + "\n")
    }

    @Test("a different action diverges with the action diff; a shorter session diverges where it stops")
    func actionAndLengthDivergence() throws {
        let directory = try TemporaryDirectory()
        let a = directory.path("a.sstrace"), b = directory.path("b.sstrace"), c = directory.path("c.sstrace")
        try CheckoutTrace.write(to: a)
        try CheckoutTrace.write(to: b, variant: .otherAction)
        try CheckoutTrace.write(to: c, variant: .shorter)
        let action = try InProcess.storescope(["compare", a, b])
        #expect(action.status == 1)
        #expect(
            action.stdout == """
                diverge at #2: A has .add(item: "pear"), B has .add(item: "plum")
                  .add(
                -   item: "pear"
                +   item: "plum"
                  )

                """)
        let length = try InProcess.storescope(["compare", a, c])
        #expect(length.status == 1)
        #expect(length.stdout == "diverge after #5: only A goes on, with #6 CartAction.checkout\n")
    }

    @Test("compare with a missing file exits 2 naming it; with one argument it is a usage error")
    func unreadableAndUsage() throws {
        let directory = try TemporaryDirectory()
        let a = directory.path("a.sstrace")
        try CheckoutTrace.write(to: a)
        let missing = try InProcess.storescope(["compare", a, directory.path("nope.sstrace")])
        #expect(missing.status == 2)
        #expect(missing.stdout.isEmpty)
        #expect(missing.stderr.hasPrefix("Error: \(directory.path("nope.sstrace")): "))
        let usage = try InProcess.storescope(["compare", a])
        #expect(usage.status == 64)
        #expect(usage.stderr.split(separator: "\n").first == "Error: missing B")
    }
}

/// `compare --app-actions` (issue 39, item 8): two runs of one script never compared equal when
/// their effects finished in another order.
@Suite("storescope compare --app-actions", .tags(.process))
struct CompareAppActionsTests {
    /// #1 the app searches (two effects start), their results arrive in `order`, #4 the app
    /// clears the query. The state keeps results by key, so it ends the same in any order.
    static func write(to path: String, order: [String], results: [String: String] = ["a": "apple", "b": "banana"]) throws {
        let writer = try TraceWriter(path: path, header: TraceFixture.header(app: "Search", store: "search", schemaFingerprint: 1))
        var state: [String: String] = [:]
        func value() -> TraceValue {
            .structure(type: "SearchState", fields: [.init("results", .dictionary(state.sorted { $0.key < $1.key }.map { .init(key: .string($0.key), value: .string($0.value)) }))])
        }
        func action(_ seq: UInt64, _ name: String, _ payload: [TraceValue.Field], fromEffect effect: UInt64? = nil) throws {
            if let effect { try writer.append(.effectEmitted(EffectEmitted(effectID: effect, actionSeq: seq, monotonicNanos: seq * 1_000 - 1))) }
            try writer.append(.action(ActionRecord(
                seq: seq, store: "search", monotonicNanos: seq * 1_000, wallNanos: 0, reducerNanos: 10,
                action: .enumeration(type: "SearchAction", caseName: name, payload: payload))))
            try writer.append(.keyframe(Keyframe(seq: seq, store: "search", state: value())))
        }
        try writer.append(.keyframe(Keyframe(seq: 0, store: "search", state: value())))
        try action(1, "search", [.init("query", .string("a b"))])
        try writer.append(.effectStarted(EffectStarted(effectID: 1, name: "a", store: "search", parentSeq: 1, monotonicNanos: 1_100)))
        try writer.append(.effectStarted(EffectStarted(effectID: 2, name: "b", store: "search", parentSeq: 1, monotonicNanos: 1_200)))
        for (offset, key) in order.enumerated() {
            state[key] = results[key]
            try action(UInt64(2 + offset), "loaded", [.init("", .string(results[key] ?? ""))], fromEffect: key == "a" ? 1 : 2)
        }
        try action(4, "clear", [])
        try writer.close()
    }

    @Test("effects finished in another order: by seq the runs diverge, by the app's actions they are equal")
    func effectOrderIsNotADivergence() throws {
        let directory = try TemporaryDirectory()
        let a = directory.path("a.sstrace"), b = directory.path("b.sstrace")
        try Self.write(to: a, order: ["a", "b"])
        try Self.write(to: b, order: ["b", "a"])
        let bySeq = try InProcess.storescope(["compare", a, b])
        #expect(bySeq.status == 1 && bySeq.stdout.hasPrefix("diverge at #2: A has .loaded(\"apple\"), B has .loaded(\"banana\")"), "\(bySeq.stdout)")
        let byApp = try InProcess.storescope(["compare", "--app-actions", a, b])
        #expect(byApp.status == 0, "\(byApp.stdout)\(byApp.stderr)")
        #expect(byApp.stdout == "equal: 2 actions, the same actions and states\n", "\(byApp.stdout)")
    }

    @Test("an effect that sent another action is named, with what only each side sent")
    func differentEffectActions() throws {
        let directory = try TemporaryDirectory()
        let a = directory.path("a.sstrace"), b = directory.path("b.sstrace")
        try Self.write(to: a, order: ["a", "b"])
        try Self.write(to: b, order: ["b", "a"], results: ["a": "apricot", "b": "banana"])
        let compare = try InProcess.storescope(["compare", "--app-actions", a, b])
        #expect(compare.status == 1)
        #expect(compare.stdout == """
            diverge after #1 SearchAction.search(query: "a b"): its effects sent different actions (compared as a set)
            - #2 search SearchAction.loaded("apple")
            + #3 search SearchAction.loaded("apricot")

            """, "\(compare.stdout)")
        let json = try InProcess.storescope(["compare", "--app-actions", "--json", a, b])
        let facts = try Analysis.jq(["-c", "[.divergence, (.onlyInA | map(.seq)), (.onlyInB | map(.seq))]"], input: json.stdout)
        #expect(facts.stdout == #"["effectActions",[2],[3]]"# + "\n", "\(json.stdout)")
    }
}
