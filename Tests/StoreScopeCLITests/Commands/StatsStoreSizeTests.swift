import Foundation
import StoreScopeTestSupport
import Testing
import TraceAnalysis
import TraceFormat

/// `storescope stats` reports each store's state size at the end and at its peak, followed
/// through the patches, not only at keyframes (issue 19, item 13).
@Suite("stats state size per store", .tags(.process))
struct StatsStoreSizeTests {
    /// A cart that grows to 600 items by patches after its only keyframe (3 nodes: the
    /// struct, the empty array, the total), then loses 100 of them.
    static func write(to path: String) throws {
        let header = TraceFixture.header(app: "Shop", store: "cart", schemaFingerprint: 1)
        let writer = try TraceWriter(path: path, header: header)
        try writer.append(.keyframe(Keyframe(seq: 0, store: "cart", state: .structure(type: "Cart", fields: [
            .init("items", .array([])), .init("total", .int(0)),
        ]))))
        for seq in UInt64(1)...700 {
            try writer.append(.action(ActionRecord(
                seq: seq, store: "cart", monotonicNanos: seq * 1_000, wallNanos: 0, reducerNanos: 10,
                action: .enumeration(type: "CartAction", caseName: seq <= 600 ? "add" : "removeFirst", payload: []))))
            let operations: [PatchOperation] = seq <= 600
                ? [.insert(path: [.field("items"), .index(Int(seq) - 1)], value: .string("item \(seq)")), .set(path: [.field("total")], value: .int(Int64(seq)))]
                : [.remove(path: [.field("items"), .index(0)]), .set(path: [.field("total")], value: .int(Int64(1_200 - seq)))]
            try writer.append(.patch(StatePatch(seq: seq, store: "cart", operations: operations)))
        }
        try writer.close()
    }

    @Test("a 600-item cart built by patches is 603 nodes at its peak and 503 at the end, not the keyframe's 3")
    func sizeFollowsThePatches() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("cart.sstrace")
        try Self.write(to: path)
        let stats = try InProcess.storescope(["stats", path])
        #expect(stats.status == 0, "\(stats.stderr)")
        #expect(stats.stdout.contains("""

            state size (nodes) per store:
              cart: 503 at the end (after #700); peak 603 after #600

            state size (nodes) at keyframes:
              #0 cart: 3

            """), "\(stats.stdout)")
        let json = try InProcess.storescope(["stats", "--json", path])
        let row = try Analysis.jq(["-c", "select(.kind == \"storeSize\")"], input: json.stdout)
        #expect(row.stdout == #"{"kind":"storeSize","store":"cart","endNodes":503,"lastKnownSeq":700,"peakNodes":603,"peakSeq":600}"# + "\n")
    }

    /// A settings store whose dictionary gains two entries by patches (each a key and a value:
    /// two nodes), loses one, and whose set is sent an element it holds already: the size
    /// followed through the patches agrees with a count of the state at the end, which the
    /// last keyframe holds.
    @Test("a dictionary entry added or removed by a patch counts its key too; re-inserting a set element adds nothing")
    func dictionaryEntriesCountTheirKeys() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("settings.sstrace")
        let writer = try TraceWriter(path: path, header: TraceFixture.header(app: "Prefs", store: "settings", schemaFingerprint: 1))
        func state(_ entries: [String], tags: [String]) -> TraceValue {
            .structure(type: "Settings", fields: [
                .init("values", .dictionary(entries.map { .init(key: .string($0), value: .int(1)) })),
                .init("tags", .set(tags.map { .string($0) })),
            ])
        }
        let operations: [[PatchOperation]] = [
            [.set(path: [.field("values"), .key(.string("a"))], value: .int(1))],
            [.set(path: [.field("values"), .key(.string("b"))], value: .int(1))],
            [.remove(path: [.field("values"), .key(.string("a"))])],
            [.insert(path: [.field("tags"), .key(.string("x"))], value: .string("x"))],
        ]
        try writer.append(.keyframe(Keyframe(seq: 0, store: "settings", state: state([], tags: ["x"]))))
        for (index, patch) in operations.enumerated() {
            let seq = UInt64(index + 1)
            try writer.append(.action(ActionRecord(
                seq: seq, store: "settings", monotonicNanos: seq * 1_000, wallNanos: 0, reducerNanos: 10,
                action: .enumeration(type: "SettingsAction", caseName: "change", payload: []))))
            try writer.append(.patch(StatePatch(seq: seq, store: "settings", operations: patch)))
        }
        // The state after the last action, counted whole: struct, dictionary, "b" and 1, set, "x".
        try writer.append(.keyframe(Keyframe(seq: 4, store: "settings", state: state(["b"], tags: ["x"]))))
        try writer.close()
        let json = try InProcess.storescope(["stats", "--json", path])
        #expect(json.status == 0, "\(json.stderr)")
        let rows = try Analysis.jq(["-c", "select(.kind == \"storeSize\" or .kind == \"stateSize\")"], input: json.stdout)
        // Two entries (4 nodes) after #2 on top of the keyframe's 4; one left after #3 and #4.
        #expect(rows.stdout.contains(#"{"kind":"storeSize","store":"settings","endNodes":6,"lastKnownSeq":4,"peakNodes":8,"peakSeq":2}"#), "\(rows.stdout)")
        #expect(rows.stdout.contains(#""seq":4,"store":"settings","nodes":6"#), "\(rows.stdout)")
    }

    /// Each sample app's session, recorded by the real recorder (`storescope demo`): the sizes
    /// `stats` follows (through the state's shape) are the ones found the straightforward
    /// way, by applying every patch to the whole state and counting its nodes after each.
    @Test("on each sample's recorded session, the sizes stats reports are those of applying every patch to the whole state")
    func sizesMatchTheStraightforwardWayOnRecordedSessions() throws {
        let directory = try TemporaryDirectory()
        var patches = 0
        for sample in ["notes", "todos", "users", "login", "search"] {
            let path = directory.path("\(sample).sstrace")
            let demo = try ChildProcess.storescope(["demo", "--sample", sample, "--output", path, "--json"])
            #expect(demo.status == 0, "\(demo.stderr)")
            let json = try ChildProcess.storescope(["stats", "--json", path])
            #expect(json.status == 0, "\(json.stderr)")
            let rows = try Analysis.jq(["-c", "select(.kind == \"storeSize\")"], input: json.stdout)
            let expected = try Self.sizesAppliedWhole(path, patches: &patches)
            #expect(rows.stdout == expected, "\(sample)")
        }
        #expect(patches > 20, "the samples change their states")
    }

    /// `stats --json`'s `storeSize` rows, computed by applying each patch to the store's whole
    /// state (`TraceValue.apply`) and counting the state's nodes (`nodeCount`) after each.
    static func sizesAppliedWhole(_ path: String, patches: inout Int) throws -> String {
        struct Followed {
            var name: String
            var state: TraceValue?
            var last: (nodes: Int, seq: UInt64)?
            var peak: (nodes: Int, seq: UInt64)?
            var unknown = false

            mutating func record(_ seq: UInt64) {
                let nodes = state!.nodeCount
                last = (nodes, seq)
                if nodes > peak?.nodes ?? -1 { peak = (nodes, seq) }
                unknown = false
            }
        }
        var stores: [Followed] = []
        for record in try TraceReader(path: path).allRecords() {
            switch record {
            case let .keyframe(keyframe):
                if !stores.contains(where: { $0.name == keyframe.store }) { stores.append(Followed(name: keyframe.store)) }
                let index = stores.firstIndex { $0.name == keyframe.store }!
                stores[index].state = keyframe.state
                stores[index].record(keyframe.seq)
            case let .patch(patch):
                guard let index = stores.firstIndex(where: { $0.name == patch.store }), stores[index].state != nil else { continue }
                patches += 1
                do {
                    try stores[index].state!.apply(patch.operations)
                    stores[index].record(patch.seq)
                } catch {
                    stores[index].state = nil
                    stores[index].unknown = true
                }
            case .dropped:
                for index in stores.indices where stores[index].state != nil {
                    stores[index].state = nil
                    stores[index].unknown = true
                }
            default:
                break
            }
        }
        return stores.map { store in
            let end = store.unknown ? "null" : store.last.map { "\($0.nodes)" } ?? "null"
            var row = #"{"kind":"storeSize","store":"\#(store.name)","endNodes":\#(end)"#
            if let last = store.last { row += #","lastKnownSeq":\#(last.seq)"# }
            if let peak = store.peak { row += #","peakNodes":\#(peak.nodes),"peakSeq":\#(peak.seq)"# }
            return row + "}\n"
        }.joined()
    }
}
