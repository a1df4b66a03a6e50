import Foundation
import StoreScopeTestSupport
import Testing
import TraceFormat

@testable import StoreScopeCLI

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
        let blame = try InProcess.storescope(["blame", path, "."])
        #expect(blame.status == 0, "\(blame.stderr)")
        let lines = blame.stdout.split(separator: "\n")
        #expect(lines.count == 10)
        #expect(lines.allSatisfy { $0.utf8.count < 2_000 }, "the longest line has \(lines.map(\.utf8.count).max() ?? 0) bytes")
        #expect(lines[1].contains("… 199900 more] → [1000, -1, 1000"), "\(lines[1].prefix(100))")
    }
}

/// The viewer on the same traces: each key or clock step does a bounded amount of work.
@Suite("The viewer on traces shaped to be slow")
struct HostileViewerCostTests {
    @Test("Playing 3,000 one-action chunks all due at once passes at most 256 actions per step, and space pauses before the rest is played")
    func playbackInSteps() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("chunks.sstrace")
        var records: [Record] = [.keyframe(Keyframe(seq: 0, store: "main", state: HostileTrace.state(0)))]
        for seq in UInt64(1)...3_000 { records += [HostileTrace.action(seq, at: seq * 1_000), HostileTrace.setN(seq, seq)] }
        try HostileTrace.write(records, header: HostileTrace.header(wall: 0), perChunk: 2, to: path)
        var viewer = try ViewerHarness(path: path)
        #expect(viewer.state.selected == 1)
        viewer.press(.character(" "))
        viewer.send(.clock(nanos: 0))
        #expect(viewer.state.selected == 1)
        // A second later every action is due: one step passes 256 of them.
        viewer.send(.clock(nanos: 1_000_000_000))
        #expect(viewer.state.selected == 1 + UInt64(Playback.actionsPerStep))
        #expect(viewer.state.playback.playing?.nextDue == 1_000_000_000, "the next step is due at once")
        viewer.send(.clock(nanos: 1_000_000_001))
        #expect(viewer.state.selected == 1 + 2 * UInt64(Playback.actionsPerStep))
        // The key is answered between steps, long before the last action is reached.
        viewer.press(.character(" "))
        #expect(!viewer.state.isPlaying)
        #expect(viewer.state.message == "paused")
        viewer.press(.character(" "))
        viewer.send(.clock(nanos: 2_000_000_000))
        for step in 0..<20 { viewer.send(.clock(nanos: 3_000_000_000 + UInt64(step))) }
        #expect(viewer.state.selected == 3_000)
        #expect(viewer.state.message == "played to the last action")
    }
}
