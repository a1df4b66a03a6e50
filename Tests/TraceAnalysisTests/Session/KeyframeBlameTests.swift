import Foundation
import StoreScopeTestSupport
import Testing
import TraceFormat
@testable import TraceAnalysis

/// Blame through actions recorded as keyframes reports what a replay of the states tells: a
/// change wherever the node the path names differs between the state before and after.
@Suite("Blame through keyframes")
struct KeyframeBlameTests {
    @Test("Random changes, every third action a keyframe: each path's changes are where its node differs")
    func keyframesReportWhereTheNodeDiffers() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("t.sstrace")
        var random = SplitMix64(seed: 17)
        let user = { (name: String, age: Int64) in TraceValue.structure(type: "U", fields: [.init("name", .string(name)), .init("age", .int(age))]) }
        var state = TraceValue.structure(type: "S", fields: [
            .init("n", .int(0)), .init("users", .array((0..<4).map { user("u\($0)", Int64($0)) })),
            .init("index", .dictionary((0..<6).map { .init(key: .string("k\($0)"), value: .int(Int64($0))) })),
        ])
        var states = [state]
        let writer = try TraceFixture.writer(at: path, header: TraceFixture.header(app: "A", schemaFingerprint: 1), chunkSize: 512)
        try writer.append(.keyframe(Keyframe(seq: 0, store: "main", state: state)))
        for seq in UInt64(1)...150 {
            let index = Int(random.next() % 4)
            let operations: [PatchOperation]
            switch random.next() % 5 {
            case 0: operations = [.set(path: [.field("n")], value: .int(Int64(random.next() % 3)))]
            case 1: operations = [.set(path: [.field("users"), .index(index), .field("age")], value: .int(Int64(random.next() % 4)))]
            case 2: operations = [.set(path: [.field("index"), .key(.string("k\(random.next() % 8)"))], value: .int(Int64(random.next() % 3)))]
            case 3: operations = [.remove(path: [.field("index"), .key(.string("k\(random.next() % 8)"))])]
            default: operations = [.set(path: [.field("users"), .index(index)], value: user("r", Int64(random.next() % 2)))]
            }
            var next = state
            guard (try? next.apply(operations)) != nil else { continue }
            try writer.append(.action(ActionRecord(seq: UInt64(states.count), store: "main", monotonicNanos: seq, wallNanos: 0, reducerNanos: 1, action: .string("a"))))
            if states.count % 3 == 0 {
                try writer.append(.keyframe(Keyframe(seq: UInt64(states.count), store: "main", state: next)))
            } else {
                try writer.append(.patch(StatePatch(seq: UInt64(states.count), store: "main", operations: operations)))
            }
            state = next
            states.append(state)
        }
        try writer.close()
        let session = try TraceSession(path: path)
        var keyframesSeen = 0
        for text in [".", ".n", ".users", ".users[1]", ".users[2].age", ".index", ".index[\"k3\"]", ".index[\"k7\"]"] {
            let pattern = try PathPattern(parsing: text)
            var reported: [String] = []
            session.forEachChange(of: pattern, in: "main") { item in
                if case let .change(change) = item {
                    reported.append("#\(change.entry.seq): \(change.old?.shortDescription ?? "-") → \(change.new?.shortDescription ?? "-")")
                    if change.entry.hasKeyframe { keyframesSeen += 1 }
                }
                return true
            }
            var expected: [String] = []
            for seq in 1..<states.count {
                let old = pattern.node(in: states[seq - 1]), new = pattern.node(in: states[seq])
                if old != new { expected.append("#\(seq): \(old?.shortDescription ?? "-") → \(new?.shortDescription ?? "-")") }
            }
            #expect(reported == expected, "\(text)")
            #expect(!expected.isEmpty, "\(text) changes")
        }
        #expect(keyframesSeen > 20, "changes reported at keyframes")
    }
}
