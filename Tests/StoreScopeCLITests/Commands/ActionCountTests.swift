import Foundation
import StoreScopeTestSupport
import Testing
import TraceAnalysis
import TraceFormat

@testable import StoreScopeCLI

/// How many actions a session recorded and how many the recorder dropped, for the status line
/// and the `S` list, refreshed on every poll that brings records: each chunk flagged as holding
/// drops is decoded once, however often the totals are refreshed, and the recorded count comes
/// from the index.
@Suite("Recorded and dropped action counts")
struct ActionCountTests {
    /// 60 actions in small chunks, the recorder dropping 2 after every 10th.
    static func write(to path: String) throws -> [ChunkInfo] {
        let writer = try TraceFixture.writer(at: path, header: TraceFixture.header(app: "Drops", schemaFingerprint: 1), chunkSize: 120)
        try writer.append(.keyframe(Keyframe(seq: 0, store: "main", state: .structure(type: "C", fields: []))))
        var seq: UInt64 = 0
        for round in 0..<5 {
            for _ in 0..<10 {
                seq += 1
                try writer.append(.action(ActionRecord(
                    seq: seq, store: "main", monotonicNanos: seq * 1_000, wallNanos: 0, reducerNanos: 10,
                    action: .enumeration(type: "A", caseName: "step", payload: [.init("round", .int(Int64(round)))]), effectID: nil)))
            }
            try writer.append(.dropped(DroppedRecords(count: 2, firstSeq: seq + 1, lastSeq: seq + 2, monotonicNanos: seq * 1_000 + 500)))
            seq += 2
        }
        try writer.close()
        return writer.chunks
    }

    @Test("Polls that bring records decode only the new chunks flagged as holding drops; the count stays right")
    func countsEachChunkOnce() throws {
        let trace = try GrowingTrace(writing: Self.write)
        let full = try TraceReader(path: trace.directory.path("full.sstrace"))
        let flagged = trace.chunks.indices.filter { trace.chunks[$0].header.flags.contains(.dropped) }
        let drops = try trace.chunks.map { chunk in
            try full.records(in: chunk).reduce(UInt64(0)) { total, record in
                if case let .dropped(dropped) = record { total + dropped.count } else { total }
            }
        }
        #expect(flagged.count >= 3, "drops in several chunks")
        let source = try FileTraceSource(path: trace.path)
        let sources = ViewerSources(source, followsAtStart: true)
        let reducer = ViewerReducer(sources: sources)
        var state = reducer.startReading()
        let reader = try #require(reducer.runner.reader as? BackgroundReader)

        var written = 1
        while written < trace.chunks.count {
            try trace.grow(chunks: 2)
            written = min(trace.chunks.count, written + 2)
            ViewerSessionTests.poll(sources, reducer, &state)
            for _ in 0..<3 { reducer.reduceReading(&state, .recordsArrived) }
            let readable = flagged.filter { $0 < written }
            #expect(state.droppedActions == drops.prefix(written).reduce(0, +))
            #expect(reader.dropChunksDecoded == readable.count, "after \(written) chunks")
        }
        try trace.finish()
        ViewerSessionTests.poll(sources, reducer, &state)
        #expect(state.droppedActions == 10)
        #expect(reader.dropChunksDecoded == flagged.count)
        #expect(ViewerRender.render(state).text.contains("│ dropped 10"))
    }

    @Test("The recorded count from the index is the number of actions the engine reads, with drops and with a damaged chunk")
    func recordedActionsAreTheReadableOnes() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("drops.sstrace")
        let chunks = try Self.write(to: path)
        let intact = try Self.counts(path)
        #expect(intact.read == 50)
        #expect(intact.recorded == 50, "the last drop comes after the last action")
        #expect(intact.dropped == 10)

        // Damage a chunk of actions after the first drop: its actions are lost, not recorded.
        let damaged = try #require(chunks.indices.dropFirst().first { chunks[$0].seqRange != nil && !chunks[$0].header.flags.contains(ChunkHeader.Flags.dropped) })
        let handle = try FileHandle(forUpdating: URL(fileURLWithPath: path))
        try handle.seek(toOffset: UInt64(chunks[damaged].endOffset - 2))
        let byte = try #require(handle.read(upToCount: 1)?.first)
        try handle.seek(toOffset: UInt64(chunks[damaged].endOffset - 2))
        try handle.write(contentsOf: Data([~byte]))
        try handle.close()
        let counts = try Self.counts(path)
        #expect(counts.read < 50)
        #expect(counts.recorded == counts.read, "read \(counts.read)")
        #expect(counts.dropped == 10)
    }

    /// The recorded and dropped counts of the trace at `path` once the engine read all of it, and
    /// how many actions it read.
    static func counts(_ path: String) throws -> (recorded: UInt64, read: UInt64, dropped: UInt64) {
        let session = try TraceSession(path: path)
        var read: UInt64 = 0
        session.forEachAction(in: 0...UInt64.max, matching: .all) { item in
            if case .action = item { read += 1 }
            return true
        }
        let drops = session.droppedActions()
        return (SessionsAnswer.Session.recordedActions(in: session, drops: drops), read, drops.count)
    }
}
