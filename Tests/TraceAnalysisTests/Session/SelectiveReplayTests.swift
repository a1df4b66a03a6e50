import Foundation
import StoreScopeTestSupport
import Testing
@testable import TraceAnalysis

/// State reconstruction reads only the records of the store it replays (a selective read of
/// each chunk it passes, unless the chunk is already decoded in the cache), and keeps a
/// checkpoint every few chunks: the states are those of a replay of every record, across
/// keyframes, drops and damaged chunks, and the work is counted (chunks read, records built),
/// never timed.
@Suite("Selective replay")
struct SelectiveReplayTests {
    static let stores = [TwoStoreFixture.main, TwoStoreFixture.side]

    /// A session that decodes every chunk once into its cache first, so replays take the
    /// cached records instead of reading selectively.
    func warmSession(_ path: String) throws -> TraceSession {
        let session = try TraceSession(path: path, budget: .init(chunkBytes: 64 << 20, states: 4, checkpointInterval: 0))
        _ = session.records(seqs: 0...UInt64.max)
        return session
    }

    @Test("Both stores' states are those of a replay of every record at every seq, across keyframes and a drop")
    func sameStatesAsAFullReplay() throws {
        let directory = try TemporaryDirectory()
        let fixture = try TwoStoreFixture.write(to: directory.path("t.sstrace"), dropped: 1_200...1_230)
        let cold = try TraceSession(path: fixture.path, budget: .init(chunkBytes: 0, states: 0, checkpointInterval: 40))
        let warm = try warmSession(fixture.path)
        for store in Self.stores {
            let expected = fixture.replayedStates(of: store)
            var unknown = 0
            for seq in 0...(fixture.lastSeq + 1) {
                let answer = cold.state(of: store, after: seq), cached = warm.state(of: store, after: seq)
                #expect(answer.value == expected[seq] ?? expected[fixture.lastSeq]!, "\(store) #\(seq)")
                #expect(answer.value == cached.value && answer.unknown == cached.unknown && answer.nextKeyframeSeq == cached.nextKeyframeSeq, "\(store) #\(seq)")
                if answer.value == nil {
                    unknown += 1
                    #expect(answer.unknown == .dropped(first: 1_200, last: 1_230), "\(store) #\(seq)")
                }
            }
            #expect(unknown > 30, "\(store): unknown from the drop to its next keyframe")
        }
        #expect(cold.checkpoints.count > 0)
    }

    @Test("After a damaged chunk a small store's state is unknown until its next keyframe, and exact everywhere else")
    func damagedChunkIsNotCrossed() throws {
        let directory = try TemporaryDirectory()
        let fixture = try TwoStoreFixture.write(to: directory.path("t.sstrace"))
        let side = TwoStoreFixture.side
        let expected = fixture.replayedStates(of: side)
        let clean = try TraceSession(path: fixture.path)
        let victim = try #require(clean.chunks.indices.first { $0 > clean.chunks.count / 2 && !clean.chunks[$0].hasKeyframe && clean.chunks[$0].seqRange != nil })
        let chunk = clean.chunks[victim]
        let lost = try #require(chunk.seqRange)
        try TraceFixture.flipByte(in: fixture.path, at: chunk.offset + Int64(ChunkHeader.size) + 3)
        let nextKeyframe = try #require(fixture.records.lazy.compactMap { record -> UInt64? in
            if case let .keyframe(keyframe) = record, keyframe.store == side, keyframe.seq > lost.upperBound { keyframe.seq } else { nil }
        }.first)

        let cold = try TraceSession(path: fixture.path, budget: .init(chunkBytes: 0, states: 0, checkpointInterval: 40))
        let warm = try warmSession(fixture.path)
        for seq in 0...fixture.lastSeq {
            let answer = cold.state(of: side, after: seq), cached = warm.state(of: side, after: seq)
            #expect(answer.value == cached.value && answer.unknown == cached.unknown, "#\(seq)")
            if let value = answer.value { #expect(value == expected[seq]!, "#\(seq)") }
            if seq >= lost.lowerBound && seq < nextKeyframe {
                guard case let .damaged(damage) = answer.unknown else {
                    Issue.record("#\(seq): \(String(describing: answer.unknown))")
                    continue
                }
                #expect(damage.gap.start == chunk.offset)
                #expect(answer.nextKeyframeSeq == nextKeyframe)
            } else if seq < lost.lowerBound - 1 || seq >= nextKeyframe {
                #expect(answer.value != nil, "#\(seq) is known")
            }
        }
    }

    @Test("Replaying one store builds only its patches, keyframes and drops, not the other store's records or the actions")
    func buildsOnlyTheStoresRecords() throws {
        let directory = try TemporaryDirectory()
        // Neither store keyframes again: every replay reads the whole trace.
        let fixture = try TwoStoreFixture.write(to: directory.path("t.sstrace"), keyframeEvery: 100_000, sideKeyframeEvery: 100_000)
        let total = fixture.records.count
        for store in Self.stores {
            let session = try TraceSession(path: fixture.path, budget: .init(chunkBytes: 0, states: 0, checkpointInterval: 0))
            // Opening decodes the chunks bounding the session whole, to verify their headers.
            let atOpen = session.recordsDecoded
            #expect(session.state(of: store, after: fixture.lastSeq).value == fixture.replayedStates(of: store)[fixture.lastSeq]!)
            #expect(session.chunkDecodes >= session.chunks.count, "\(store): the replay read every chunk")
            // Each of its records once (the walk back to the keyframe hands its chunk on), and
            // the other records of the chunks near the end, which are decoded whole.
            let reader = try TraceReader(path: fixture.path)
            let near = reader.chunks.suffix(TraceSession.nearChunks).map { try! reader.records(in: $0) }.joined()
            let others = near.filter { !RecordSelection.state(of: store).keeps($0) }.count
            #expect(session.recordsDecoded - atOpen == fixture.stateRecordCount(of: store) + others, "\(store)")
            #expect(session.recordsDecoded * 2 < total, "\(store): a full read would build all \(total) records")
        }
        let side = try TraceSession(path: fixture.path, budget: .init(chunkBytes: 0, states: 0, checkpointInterval: 0))
        _ = side.state(of: TwoStoreFixture.side, after: fixture.lastSeq)
        #expect(side.recordsDecoded * 10 < total, "the small store's replay builds a tenth of the records or less")
    }

    @Test("A small store is checkpointed by chunks passed, so a step back after a long replay reads a few chunks")
    func smallStoreCheckpointsByChunks() throws {
        let directory = try TemporaryDirectory()
        let fixture = try TwoStoreFixture.write(to: directory.path("t.sstrace"), sideKeyframeEvery: 100_000)
        let side = TwoStoreFixture.side
        let expected = fixture.replayedStates(of: side)
        // 1,000 patches between checkpoints: the side store (333 actions) never reaches that.
        let session = try TraceSession(path: fixture.path, budget: .init(chunkBytes: 0, states: 0))
        #expect(session.state(of: side, after: fixture.lastSeq - 1).value == expected[fixture.lastSeq - 1]!)
        #expect(session.chunkDecodes > 100, "the first replay reads the trace from the start")
        #expect(session.checkpoints.count >= session.chunks.count / session.checkpoints.chunkInterval - 1)
        for seq in stride(from: fixture.lastSeq - 2, to: fixture.lastSeq - 600, by: -37) {
            let decodes = session.chunkDecodes
            #expect(session.state(of: side, after: seq).value == expected[seq]!, "#\(seq)")
            // From the checkpoint before: at most an interval of chunks, plus the walk back.
            #expect(session.chunkDecodes - decodes <= 2 * session.checkpoints.chunkInterval + 2, "#\(seq)")
        }
    }
}
