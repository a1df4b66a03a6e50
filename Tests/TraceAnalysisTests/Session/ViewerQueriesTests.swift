import Foundation
import StoreScopeTestSupport
import Testing
import TraceFormat
@testable import TraceAnalysis

/// What the viewer asks the engine on every key, answered without repeated work: the rows
/// above the selection in one backward pass, and the last states from a kept state. Counted in
/// chunk decodes and compared with the one-by-one answers, never timed.
@Suite("Viewer queries on the engine")
struct ViewerQueriesTests {
    @Test("A window of actions above one, found in one backward pass, is what stepping back one by one finds", arguments: ["", "reducer:>1ms", "store:nothing", "seq:5 or seq:390"])
    func actionsBeforeMatchesSteppingBack(text: String) throws {
        let directory = try TemporaryDirectory()
        let fixture = try SessionFixture.write(to: directory.path("t.sstrace"), dropped: 120...130)
        let filter = try Filter(parsing: text)
        let session = try TraceSession(path: fixture.path, budget: .init(chunkBytes: 2048, states: 2))
        for (seq, lowest, limit) in [(400, 0, 38), (UInt64.max, 0, 5), (200, 150, 38), (200, 190, 3), (12, 0, 100)] as [(UInt64, UInt64, Int)] {
            var expected: [UInt64] = [], at = seq
            while expected.count < limit, let previous = session.action(before: at, matching: filter), previous.seq > lowest {
                expected.append(previous.seq)
                at = previous.seq
            }
            #expect(session.actions(before: seq, after: lowest, matching: filter, limit: limit).map(\.seq) == expected, "before #\(seq) after #\(lowest)")
        }
    }

    @Test("The state before the last action is kept, so the last state is one patch more, not a second replay")
    func stateBeforeTheLastIsCached() throws {
        let directory = try TemporaryDirectory()
        let fixture = try SessionFixture.write(to: directory.path("t.sstrace"), keyframeEvery: 10_000)
        let expected = fixture.replayedStates()
        let session = try TraceSession(path: fixture.path, budget: .init(chunkBytes: 0, states: 4))
        #expect(session.state(of: SessionFixture.store, after: fixture.lastSeq - 1).value == expected[fixture.lastSeq - 1]!)
        let replay = session.chunkDecodes
        #expect(replay > 10, "the only keyframe is at the start")
        #expect(session.state(of: SessionFixture.store, after: fixture.lastSeq).value == expected[fixture.lastSeq]!)
        #expect(session.chunkDecodes - replay <= 3, "resumed from the kept state")
    }

    @Test("A state asked for again is the kept answer: no chunk is read, not even the one it was replayed to")
    func stateAskedAgainReadsNoChunk() throws {
        let directory = try TemporaryDirectory()
        let fixture = try SessionFixture.write(to: directory.path("t.sstrace"), keyframeEvery: 200)
        let expected = fixture.replayedStates()
        // No chunk cache: any read of the trace decodes a chunk.
        let session = try TraceSession(path: fixture.path, budget: .init(chunkBytes: 0, states: 4))
        for seq: UInt64 in [200, 250] {
            let first = session.state(of: SessionFixture.store, after: seq)
            let decodes = session.chunkDecodes
            let again = session.state(of: SessionFixture.store, after: seq)
            #expect(session.chunkDecodes == decodes, "#\(seq)")
            #expect(again.value == expected[seq]! && again == first, "#\(seq)")
        }
        #expect(session.state(of: SessionFixture.store, after: 200).keyframeSeq == 200, "the keyframe it was read from is kept with it")
        // A seq after a kept one is still replayed, from it.
        #expect(session.state(of: SessionFixture.store, after: 251).value == expected[251]!)
    }

    @Test("An entry whose keyframe was left out has the same changes: the session reads the keyframe again")
    func changesOfAnEntryWithoutItsKeyframe() throws {
        let directory = try TemporaryDirectory()
        let fixture = try SessionFixture.write(to: directory.path("t.sstrace"), keyframeEvery: 200)
        let full = try #require(try TraceSession(path: fixture.path).action(after: 199))
        let light = full.leavingOutKeyframe()
        #expect(light.keyframe == nil && light.keyframeLeftOut && light.hasKeyframe && light.seq == 200)
        let expected = try #require(try TraceSession(path: fixture.path).changes(of: full))
        #expect(!expected.isEmpty)
        #expect(try TraceSession(path: fixture.path).changes(of: light) == expected)
        // An entry without a keyframe is unchanged by it.
        let patch = try #require(try TraceSession(path: fixture.path).action(after: 200))
        #expect(patch.leavingOutKeyframe() == patch && !patch.hasKeyframe)
    }

    @Test("Over a trace of keyframes, each keyframe's changes start from the one before: no chunk is read again for the state before")
    func consecutiveKeyframesReadEachChunkOnce() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("keyframes.sstrace")
        let writer = try TraceFixture.writer(at: path)
        let state = { (n: UInt64) in TraceValue.structure(type: "S", fields: [.init("n", .uint(n)), .init("fixed", .string("same"))]) }
        try writer.append(.keyframe(Keyframe(seq: 0, store: "main", state: state(0))))
        for seq in UInt64(1)...20 {
            try writer.append(TraceFixture.action(seq))
            try writer.append(.keyframe(Keyframe(seq: seq, store: "main", state: state(seq))))
            try writer.flush()
        }
        try writer.close()
        // No chunk cache and no kept states: whatever is read again is decoded again.
        let session = try TraceSession(path: path, budget: .init(chunkBytes: 0, states: 0))
        var entries: [ActionEntry] = []
        session.forEachAction { item in
            if case let .action(entry) = item { entries.append(entry) }
            return true
        }
        #expect(entries.count == 20)
        let decodes = session.chunkDecodes
        for entry in entries {
            #expect(session.changes(of: entry) == [.set(path: [.field("n")], value: .uint(entry.seq))], "#\(entry.seq)")
        }
        // Only #1's state before (the keyframe at #0) was replayed.
        #expect(session.chunkDecodes - decodes <= 1)
    }

    @Test("The changes of a keyframe are worked out once: showing it again reads no chunk")
    func keyframeChangesAreKept() throws {
        let directory = try TemporaryDirectory()
        let fixture = try SessionFixture.write(to: directory.path("t.sstrace"), keyframeEvery: 200)
        let session = try TraceSession(path: fixture.path, budget: .init(chunkBytes: 0, states: 0))
        let entry = try #require(session.action(after: 199))
        #expect(entry.seq == 200 && entry.keyframe != nil)
        let expected = fixture.replayedStates()
        let first = try #require(session.changes(of: entry))
        var replayed = expected[199]!!
        try replayed.apply(first)
        #expect(replayed == expected[200]!, "the changes turn the state before into the keyframe")
        let decodes = session.chunkDecodes
        #expect(session.changes(of: entry) == first)
        #expect(session.chunkDecodes == decodes)
    }
}
