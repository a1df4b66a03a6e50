import Foundation
import StoreScopeTestSupport
import Testing
import TraceFormat
@testable import TraceAnalysis

/// Blame by summaries (what `storescope blame` prints as text) tells the same changes, with
/// the same short forms, as blame by whole values.
@Suite("Blame by summaries")
struct SummarizedBlameTests {
    @Test("Random sets, inserts and removals: every pattern reports the same changes both ways")
    func sameChanges() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("t.sstrace")
        var random = SplitMix64(seed: 99)
        var state = TraceValue.structure(type: "S", fields: [
            .init("n", .int(0)), .init("users", .array((0..<5).map { .structure(type: "U", fields: [.init("name", .string("u\($0)")), .init("age", .int(Int64($0)))]) })),
        ])
        let writer = try TraceFixture.writer(at: path, header: TraceFixture.header(app: "A", schemaFingerprint: 1), chunkSize: 512)
        try writer.append(.keyframe(Keyframe(seq: 0, store: "main", state: state)))
        for seq in UInt64(1)...200 {
            let user = Int(random.next() % 5)
            let operations: [PatchOperation]
            switch random.next() % 6 {
            case 0: operations = [.set(path: [.field("n")], value: .int(Int64(random.next() % 3)))]
            case 1: operations = [.set(path: [.field("users"), .index(user), .field("age")], value: .int(Int64(random.next() % 4)))]
            case 2: operations = [.set(path: [.field("users"), .index(user), .field("name")], value: .string("x")), .set(path: [.field("n")], value: .int(1))]
            case 3: operations = [.insert(path: [.field("users"), .index(0)], value: .structure(type: "U", fields: [.init("name", .string("new")), .init("age", .int(0))]))]
            case 4: operations = [.remove(path: [.field("users"), .index(0)])]
            default: operations = [.set(path: [.field("users"), .index(user)], value: .structure(type: "U", fields: [.init("name", .string("r")), .init("age", .int(9))]))]
            }
            var next = state
            guard (try? next.apply(operations)) != nil else { continue }
            state = next
            try writer.append(.action(ActionRecord(seq: seq, store: "main", monotonicNanos: seq, wallNanos: 0, reducerNanos: 1, action: .string("a"))))
            try writer.append(.patch(StatePatch(seq: seq, store: "main", operations: operations)))
        }
        try writer.close()
        let session = try TraceSession(path: path)
        for text in [".", ".n", ".users", ".users[1]", ".users[1].age", ".users[*].name", ".users[3]"] {
            let pattern = try PathPattern(parsing: text)
            var whole: [String] = [], summarized: [String] = []
            session.forEachChange(of: pattern, in: "main") { item in
                if case let .change(change) = item { whole.append("#\(change.entry.seq) \(change.path): \(change.old?.shortDescription ?? "-") → \(change.new?.shortDescription ?? "-")") }
                return true
            }
            session.forEachChange(of: pattern, in: "main", summarizing: true) { item in
                if case let .change(change) = item {
                    let old = change.summary.map { $0.old ?? "-" } ?? change.old?.shortDescription ?? "-"
                    let new = change.summary.map { $0.new ?? "-" } ?? change.new?.shortDescription ?? "-"
                    summarized.append("#\(change.entry.seq) \(change.path): \(old) → \(new)")
                }
                return true
            }
            #expect(summarized == whole, "\(text)")
            #expect(!whole.isEmpty, "\(text) changes")
        }
    }
}
