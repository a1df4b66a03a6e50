import Foundation
import StoreScopeTestSupport
import Testing
import TraceFormat

/// Issue 17, item 12: what a command costs depends on the trace's size, not on its shape.
/// Proved structurally (output sizes, counts), never by timing.
@Suite("Commands on traces shaped to be slow")
struct HostileTraceCostTests {
    @Test("A value prints at most 100 items per container inline, then counts the rest")
    func inlineValuesAreBounded() {
        let big = TraceValue.array(Array(repeating: .int(7), count: 10_000))
        #expect(big.shortDescription.hasSuffix(", 7, … 9900 more]"))
        #expect(big.shortDescription.utf8.count < 400)
        let nested = TraceValue.dictionary((0..<5_000).map { .init(key: .int(Int64($0)), value: big) })
        #expect(nested.description.utf8.count < 16_384 + 1_000, "a line stays about 16 KB")
        #expect(TraceValue.array([.int(1), .int(2)]).shortDescription == "[1, 2]", "small values are unchanged")
    }

    @Test("blame of the root of a 200,000-element state prints lines of bounded size, not the whole state per change")
    func blameOfHugeNode() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("big.sstrace")
        var records: [Record] = [.keyframe(Keyframe(seq: 0, store: "main", state: .array(Array(repeating: .int(1_000), count: 200_000))))]
        for seq in UInt64(1)...5 {
            records.append(HostileTrace.action(seq, at: seq))
            records.append(.patch(StatePatch(seq: seq, store: "main", operations: [.set(path: [.index(Int(seq))], value: .int(-1))])))
        }
        try HostileTrace.write(records, header: HostileTrace.header(wall: 0), to: path)
        let blame = try ChildProcess.storescope(["blame", path, "."])
        #expect(blame.status == 0, "\(blame.stderr)")
        let lines = blame.stdout.split(separator: "\n")
        #expect(lines.count == 10)
        #expect(lines.allSatisfy { $0.utf8.count < 2_000 }, "the longest line has \(lines.map(\.utf8.count).max() ?? 0) bytes")
        #expect(lines[1].contains("… 199900 more] → [1000, -1, 1000"), "\(lines[1].prefix(100))")
    }
}
