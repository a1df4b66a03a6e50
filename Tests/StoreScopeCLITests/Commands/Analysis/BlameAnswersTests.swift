import Foundation
import StoreScopeTestSupport
import Testing
import TraceFormat

/// `storescope blame` answers what `log 'path:'` finds (issue 19, items 3, 5 and 12): redacted
/// fields, paths in any store, paths that exist nowhere, changes after a gap.
@Suite("storescope blame answers", .tags(.process))
struct BlameAnswersTests {
    /// A cart (`items`, `total`) and a session store (`user`, `password` redacted), one chunk
    /// per action, so one damaged chunk loses exactly one action:
    ///
    /// | seq | store | patch |
    /// |---|---|---|
    /// | 1 | cart | insert items[0] "apple", total = 1 |
    /// | 2 | session | password = <redacted String> |
    /// | 3 | cart | insert items[1] "pear", total = 2 (the chunk `damaged` breaks) |
    /// | 4 | cart | insert items[2] "fig", total = 3 |
    /// | 5 | cart | remove items[0] |
    /// | 6 | session | user = "ada", password = <redacted String> |
    /// | 7 | cart | none: a keyframe, items ["pear", "fig"], total 3 |
    static func write(to path: String, damaged: Bool = false, damagedStart: Bool = false) throws {
        let header = TraceFixture.header(app: "Shop", store: "cart", schemaFingerprint: 1)
        let writer = try TraceWriter(path: path, header: header, options: .init(flushInterval: .seconds(3600)))
        func action(_ seq: UInt64, _ store: String, _ name: String, _ operations: [PatchOperation]) throws {
            try writer.append(.action(ActionRecord(
                seq: seq, store: store, monotonicNanos: seq * 1_000_000, wallNanos: 0, reducerNanos: 100,
                action: .enumeration(type: store == "cart" ? "CartAction" : "SessionAction", caseName: name, payload: []))))
            try writer.append(.patch(StatePatch(seq: seq, store: store, operations: operations)))
            try writer.flush()
        }
        let secret = TraceValue.redacted(type: "String")
        try writer.append(.keyframe(Keyframe(seq: 0, store: "cart", state: .structure(type: "Cart", fields: [
            .init("items", .array([])), .init("total", .int(0)),
        ]))))
        try writer.append(.keyframe(Keyframe(seq: 0, store: "session", state: .structure(type: "Session", fields: [
            .init("user", .string("")), .init("password", secret),
        ]))))
        try action(1, "cart", "add", [.insert(path: [.field("items"), .index(0)], value: .string("apple")), .set(path: [.field("total")], value: .int(1))])
        try action(2, "session", "setPassword", [.set(path: [.field("password")], value: secret)])
        let third = writer.chunks.count
        try action(3, "cart", "add", [.insert(path: [.field("items"), .index(1)], value: .string("pear")), .set(path: [.field("total")], value: .int(2))])
        try action(4, "cart", "add", [.insert(path: [.field("items"), .index(2)], value: .string("fig")), .set(path: [.field("total")], value: .int(3))])
        try action(5, "cart", "removeFirst", [.remove(path: [.field("items"), .index(0)])])
        try action(6, "session", "login", [.set(path: [.field("user")], value: .string("ada")), .set(path: [.field("password")], value: secret)])
        try writer.append(.action(ActionRecord(
            seq: 7, store: "cart", monotonicNanos: 7_000_000, wallNanos: 0, reducerNanos: 100,
            action: .enumeration(type: "CartAction", caseName: "reload", payload: []))))
        try writer.append(.keyframe(Keyframe(seq: 7, store: "cart", state: .structure(type: "Cart", fields: [
            .init("items", .array([.string("pear"), .string("fig")])), .init("total", .int(3)),
        ]))))
        try writer.close()
        guard damaged || damagedStart else { return }
        // The third action's chunk, or the first one: the initial keyframes and #1.
        let chunk = writer.chunks[damagedStart ? 0 : third]
        var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        bytes[Int(chunk.offset) + ChunkHeader.size + 3] ^= 0xFF
        try bytes.write(to: URL(fileURLWithPath: path))
    }

    @Test("a redacted field's changes are listed, values shown redacted, in whichever store holds it")
    func redactedFieldIsBlamed() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("shop.sstrace")
        try Self.write(to: path)
        let blame = try InProcess.storescope(["blame", path, ".password"])
        #expect(blame.status == 0, "\(blame.stderr)")
        #expect(blame.stderr == "")
        #expect(blame.stdout == """
            +0.002000s #2 session action SessionAction.setPassword (reducer 100ns)
                .password: <redacted String> → <redacted String> (the redacted value changed)
            +0.006000s #6 session action SessionAction.login (reducer 100ns)
                .password: <redacted String> → <redacted String> (the redacted value changed)

            """)
        let json = try InProcess.storescope(["blame", path, ".password", "--json"])
        #expect(json.status == 0)
        let rows = try Analysis.jq(["-c", "[.seq, .store, .redactedChanged, .new]"], input: json.stdout)
        #expect(rows.stdout == "[2,\"session\",true,{\"$redacted\":\"String\"}]\n[6,\"session\",true,{\"$redacted\":\"String\"}]\n")
    }

    @Test("a redacted field of a recorded app: blame lists what log 'path:' lists")
    func redactedFieldOfTheLoginSample() throws {
        let directory = try TemporaryDirectory()
        let path = try Analysis.recordSample("login", in: directory)
        let log = try InProcess.storescope(["log", path, "path:.password", "--json"])
        let blame = try InProcess.storescope(["blame", path, ".password", "--json"])
        #expect(blame.status == 0, "\(blame.stderr)")
        let logged = try Analysis.jq(["-c", ".seq"], input: log.stdout).stdout
        #expect(!logged.isEmpty)
        #expect(try Analysis.jq(["-c", ".seq"], input: blame.stdout).stdout == logged)
    }

    @Test("a path no store has is an error naming what the state has, exit 1; with --store, that store's state")
    func absentPathIsAnError() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("shop.sstrace")
        try Self.write(to: path)
        let nope = try InProcess.storescope(["blame", path, ".nope"])
        #expect(nope.status == 1)
        #expect(nope.stdout == "")
        #expect(nope.stderr == "Error: the state of cart after #7 has no .nope (the state has .items, .total); nor do the other stores (session)\n")
        let other = try InProcess.storescope(["blame", path, ".password", "--store", "cart"])
        #expect(other.status == 1)
        #expect(other.stderr == "Error: the state of cart after #7 has no .password (the state has .items, .total)\n")
        let element = try InProcess.storescope(["blame", path, ".items[*].name"])
        #expect(element.status == 1)
        #expect(element.stderr == "Error: the state of cart after #7 has no .items[0].name (.items[0] has no children); nor do the other stores (session)\n")
    }

    @Test("a path that exists but that no action changed says so, exit 1")
    func unchangedPath() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("unchanged.sstrace")
        try SmallTrace.write([
            .keyframe(Keyframe(seq: 0, store: "main", state: .structure(type: "S", fields: [.init("n", .int(0))]))),
            SmallTrace.action(1, "noop"),
        ], to: path)
        let blame = try InProcess.storescope(["blame", path, ".n"])
        #expect(blame.status == 1)
        #expect(blame.stdout == "(no action changed .n in main)\n")
        #expect(blame.stderr == "")
    }

    @Test("with the initial keyframes lost, changes show the value written and an unknown old one until a keyframe, in a store that has no keyframe left too; exit 1")
    func initialKeyframeLost() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("no-start.sstrace")
        try Self.write(to: path, damagedStart: true)
        let total = try InProcess.storescope(["blame", path, ".total"])
        #expect(total.status == 1, "the trace is not intact")
        #expect(total.stdout == """
            +0.003000s #3 cart action CartAction.add (reducer 100ns)
                .total: (unknown) → 2
            +0.004000s #4 cart action CartAction.add (reducer 100ns)
                .total: (unknown) → 3
            +0.007000s #7 cart action CartAction.reload (reducer 100ns)
                .total: (unknown) → 3

            """, "the state stays unknown until #7's keyframe: \(total.stdout)")
        #expect(total.stderr.contains("before #2"), "the loss is reported: \(total.stderr)")
        let user = try InProcess.storescope(["blame", path, ".user"])
        // The session store lost its only keyframe: its patches still name .user.
        #expect(user.stdout.contains("#6 session action SessionAction.login (reducer 100ns)\n    .user: (unknown) → \"ada\"\n"), "\(user.stdout)\(user.stderr)")
    }

    @Test("after a gap each change shows the value the action wrote; a removal says so")
    func changesAfterAGapShowTheirNewValues() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("damaged.sstrace")
        try Self.write(to: path, damaged: true)
        let items = try InProcess.storescope(["blame", path, ".items"])
        #expect(items.status == 1)
        #expect(items.stdout == """
            +0.001000s #1 cart action CartAction.add (reducer 100ns)
                .items: [] → ["apple"]
            +0.004000s #4 cart action CartAction.add (reducer 100ns)
                .items[2]: (unknown) → "fig"
            +0.005000s #5 cart action CartAction.removeFirst (reducer 100ns)
                .items[0]: (unknown) → (removed)
            +0.007000s #7 cart action CartAction.reload (reducer 100ns)
                .items: (unknown) → ["pear", "fig"]

            """)
        #expect(items.stderr.contains("records after #2 and before #4 are lost"), "\(items.stderr)")
        // Through [*], the keyframe that makes the state known again tells each element.
        let elements = try InProcess.storescope(["blame", path, ".items[*]"])
        #expect(elements.stdout.hasSuffix("""
            +0.007000s #7 cart action CartAction.reload (reducer 100ns)
                .items[0]: (unknown) → "pear"
                .items[1]: (unknown) → "fig"

            """), "\(elements.stdout)")
        let total = try InProcess.storescope(["blame", path, ".total"])
        #expect(total.stdout.contains("#4 cart action CartAction.add (reducer 100ns)\n    .total: (unknown) → 3\n"), "\(total.stdout)")
    }
}
