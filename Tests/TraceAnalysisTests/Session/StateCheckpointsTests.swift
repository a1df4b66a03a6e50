import Foundation
import StoreScopeTestSupport
import Testing
@testable import TraceAnalysis

/// The states a replay keeps every few patches: a step back resumes from the nearest one
/// instead of the keyframe (counted in chunk decodes and patches applied, never timed), the
/// states are the ones a replay without checkpoints gives, and memory stays within the budget.
@Suite("State checkpoints")
struct StateCheckpointsTests {
    static let interval = 25

    @Test("A step back replays at most one checkpoint interval, not everything since the keyframe")
    func stepBackIsBounded() throws {
        let directory = try TemporaryDirectory()
        let fixture = try SessionFixture.write(to: directory.path("t.sstrace"), actions: 1_500, keyframeEvery: 10_000)
        let expected = fixture.replayedStates()
        // No chunk is kept, so every chunk read is a decode, and no final state is kept.
        let session = try TraceSession(path: fixture.path, budget: .init(chunkBytes: 0, states: 0, checkpointInterval: Self.interval))
        #expect(session.state(of: SessionFixture.store, after: 1_400).value == expected[1_400]!)
        #expect(session.patchesApplied > 1_000, "the only keyframe is at the start")
        for seq in stride(from: UInt64(1_399), through: 1_300, by: -1) {
            let (decodes, patches) = (session.chunkDecodes, session.patchesApplied)
            #expect(session.state(of: SessionFixture.store, after: seq).value == expected[seq]!, "#\(seq)")
            #expect(session.patchesApplied - patches <= Self.interval, "#\(seq) resumed from a checkpoint")
            // Up to 25 patches are at most 34 actions (three actions in four change the state);
            // the replay reads the chunks holding them, plus the chunk where the walk back starts.
            let replayed = session.chunks.filter { chunk in chunk.seqRange.map { $0.upperBound + 40 >= seq && $0.lowerBound <= seq + 1 } ?? false }
            #expect(session.chunkDecodes - decodes <= replayed.count + 1, "#\(seq)")
        }
    }

    @Test("States rebuilt from checkpoints are the states of a replay without them, at random seqs", arguments: [1 as UInt64, 2, 3])
    func sameStatesAsWithout(seed: UInt64) throws {
        let directory = try TemporaryDirectory()
        let fixture = try SessionFixture.write(to: directory.path("t.sstrace"), actions: 1_200, keyframeEvery: 300, dropped: 500...520)
        let expected = fixture.replayedStates()
        let with = try TraceSession(path: fixture.path, budget: .init(chunkBytes: 8 << 10, states: 2, checkpointInterval: 7))
        let without = try TraceSession(path: fixture.path, budget: .init(chunkBytes: 8 << 10, states: 0, checkpointInterval: 0))
        var random = SplitMix64(seed: seed)
        for _ in 0..<300 {
            let seq = UInt64.random(in: 0...(fixture.lastSeq + 2), using: &random)
            let checked = with.state(of: SessionFixture.store, after: seq), replayed = without.state(of: SessionFixture.store, after: seq)
            #expect(checked.value == replayed.value, "#\(seq)")
            #expect(checked.unknown == replayed.unknown, "#\(seq)")
            #expect(checked.nextKeyframeSeq == replayed.nextKeyframeSeq, "#\(seq)")
            if let state = expected[seq] { #expect(checked.value == state, "#\(seq)") }
        }
        #expect(with.checkpoints.count > 10, "the replays kept checkpoints")
        #expect(without.checkpoints.count == 0)
    }

    @Test("Checkpoints stay within their byte budget, counted as if they shared nothing")
    func memoryIsBounded() throws {
        let directory = try TemporaryDirectory()
        let fixture = try SessionFixture.write(to: directory.path("t.sstrace"), actions: 1_000, keyframeEvery: 10_000)
        let last = try #require(fixture.replayedStates()[fixture.lastSeq] ?? nil)
        let budget = last.nodeCount * StateCheckpoints.bytesPerNode * 3
        let session = try TraceSession(path: fixture.path, budget: .init(chunkBytes: 0, states: 0, checkpointInterval: 10, checkpointBytes: budget))
        #expect(session.state(of: SessionFixture.store, after: fixture.lastSeq).value == last)
        #expect(session.checkpoints.count >= 3, "the latest checkpoints are kept")
        #expect(session.checkpoints.bytes <= budget)
        let patches = session.patchesApplied
        #expect(session.state(of: SessionFixture.store, after: fixture.lastSeq - 1).value != nil)
        #expect(session.patchesApplied - patches <= 10, "the step back resumed from a kept checkpoint")
    }
}
