import StoreScopeTestSupport
import Testing
import TraceFormat

/// Array elements carry their index (`[1] "pear"`) wherever a state or an action is printed as
/// a tree: `state`, `diff`, and `compare`, which prints its divergences with the same diff
/// (issue 19, item 18).
@Suite("Array indices in printed trees")
struct ArrayIndexLabelTests {
    /// One action: `set(index: 1, fruit)` sets `.items[1]` of `Basket(items: ["apple", "pear", "fig"])`.
    static func write(to path: String, fruit: String, payload: [String] = []) throws {
        let header = TraceFixture.header(app: "Basket", store: "main", schemaFingerprint: 1)
        let writer = try TraceWriter(path: path, header: header, options: .init(flushInterval: .seconds(3600)))
        let items: [TraceValue] = [.string("apple"), .string("pear"), .string("fig")]
        try writer.append(.keyframe(Keyframe(seq: 0, store: "main", state: .structure(type: "Basket", fields: [.init("items", .array(items))]))))
        try writer.append(.action(ActionRecord(
            seq: 1, store: "main", monotonicNanos: 1_000, wallNanos: 0, reducerNanos: 10,
            action: .enumeration(type: "BasketAction", caseName: "set", payload: [.init("tags", .array(payload.map { .string($0) }))]))))
        try writer.append(.patch(StatePatch(seq: 1, store: "main", operations: [.set(path: [.field("items"), .index(1)], value: .string(fruit))])))
        try writer.close()
    }

    @Test("state and diff label each array element with its index")
    func stateAndDiff() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("basket.sstrace")
        try Self.write(to: path, fruit: "plum")
        let state = try InProcess.storescope(["state", path, "--at", "1"])
        #expect(state.status == 0, "stderr: \(state.stderr)")
        #expect(state.stdout == """
            main after #1:
            Basket(
              items: [
                [0] "apple"
                [1] "plum"
                [2] "fig"
              ]
            )

            """)
        let diff = try InProcess.storescope(["diff", path, "--from", "0", "--to", "1"])
        #expect(diff.status == 0, "stderr: \(diff.stderr)")
        #expect(diff.stdout == """
            main from #0 to #1:
              Basket(
                items: [
                  [0] "apple"
            -     [1] "pear"
            +     [1] "plum"
                  [2] "fig"
                ]
              )

            """)
    }

    @Test("compare prints a diverging state and a diverging action with the elements' indices")
    func compare() throws {
        let directory = try TemporaryDirectory()
        let a = directory.path("a.sstrace"), b = directory.path("b.sstrace"), c = directory.path("c.sstrace")
        try Self.write(to: a, fruit: "plum")
        try Self.write(to: b, fruit: "kiwi")
        let state = try InProcess.storescope(["compare", a, b])
        #expect(state.status == 1, "stderr: \(state.stderr)")
        #expect(state.stdout == """
            diverge at #1: BasketAction.set(tags: []) left different states in main
            paths that differ: .items[1]
              Basket(
                items: [
                  [0] "apple"
            -     [1] "plum"
            +     [1] "kiwi"
                  [2] "fig"
                ]
              )

            """)
        try Self.write(to: c, fruit: "plum", payload: ["ripe"])
        let action = try InProcess.storescope(["compare", a, c])
        #expect(action.status == 1, "stderr: \(action.stderr)")
        #expect(action.stdout.hasSuffix("""
              .set(
            -   tags: []
            +   tags: [
            +     [0] "ripe"
            +   ]
              )

            """), "\(action.stdout)")
    }
}
