import Foundation
import StoreScopeTestSupport
import Testing
@testable import TraceFormat

/// A listener continuing a reconnecting app's file (``FrameTraceWriter/init(continuing:headerBytes:)``):
/// what an earlier writer left after its last whole chunk is cut, every chunk is indexed.
@Suite("Continuing a recorded session's file")
struct ContinuedRecordingTests {
    /// A real trace of #1-#6, three actions per chunk: its header bytes and chunk frames.
    private static func source(in directory: TemporaryDirectory) throws -> (header: [UInt8], frames: [(ChunkHeader, [UInt8])]) {
        let path = directory.path("source.sstrace")
        let writer = try TraceFixture.writer(at: path)
        for seq in UInt64(1)...6 {
            try writer.append(TraceFixture.action(seq))
            if seq % 3 == 0 { try writer.flush() }
        }
        try writer.close()
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        let chunks = try TraceReader(path: path).chunks
        return (Array(bytes[0..<Int(chunks[0].offset)]), chunks.map { ($0.header, Array(bytes[Int($0.offset)..<Int($0.endOffset)])) })
    }

    /// A listener's recording of the source's first chunk, closed with its footer.
    private static func recordedFirstChunk(in directory: TemporaryDirectory) throws -> (header: [UInt8], frames: [(ChunkHeader, [UInt8])], path: String) {
        let (header, frames) = try source(in: directory)
        let path = directory.path("recorded.sstrace")
        let first = try FrameTraceWriter(path: path, headerBytes: header)
        try first.append(frame: frames[0].1, header: frames[0].0)
        try first.close()
        return (header, frames, path)
    }

    private static func seqs(_ path: String) throws -> [UInt64] {
        try TraceReader(path: path).allRecords().compactMap { if case let .action(action) = $0 { action.seq } else { nil } }
    }

    @Test("after a clean close, the footer is cut and the new footer indexes the earlier chunks too")
    func afterAFooter() throws {
        let directory = try TemporaryDirectory()
        let (header, frames, path) = try Self.recordedFirstChunk(in: directory)

        let continued = try FrameTraceWriter(continuing: path, headerBytes: header)
        #expect(continued.chunks.count == 1)
        try continued.append(records: [.log(LogRecord(level: .warning, message: "note", monotonicNanos: 3_500, seq: 3))])
        try continued.append(frame: frames[1].1, header: frames[1].0)
        try continued.close()

        let reader = try TraceReader(path: path)
        #expect(reader.indexSource == .footer && reader.isComplete && reader.gaps.isEmpty && reader.tornTail == nil)
        #expect(reader.chunks.count == 3)
        #expect(try Self.seqs(path) == [1, 2, 3, 4, 5, 6])
    }

    @Test("after a killed writer, a chunk it had only begun is cut: no damage is left in the file")
    func afterATornChunk() throws {
        let directory = try TemporaryDirectory()
        let (header, frames) = try Self.source(in: directory)
        let path = directory.path("recorded.sstrace")
        try Data(header + frames[0].1 + frames[1].1.prefix(40)).write(to: URL(fileURLWithPath: path))
        #expect(try TraceReader(path: path).tornTail != nil)

        let continued = try FrameTraceWriter(continuing: path, headerBytes: header)
        try continued.append(frame: frames[1].1, header: frames[1].0)
        try continued.close()
        let reader = try TraceReader(path: path)
        #expect(reader.isComplete && reader.gaps.isEmpty && reader.tornTail == nil)
        #expect(try Self.seqs(path) == [1, 2, 3, 4, 5, 6])
    }

    @Test("a file of another session is not continued, and is left as it was")
    func anotherSession() throws {
        let directory = try TemporaryDirectory()
        let (header, _, path) = try Self.recordedFirstChunk(in: directory)
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        var other = header
        other[other.count - 5] ^= 0xFF
        #expect(throws: TraceError.self) { try FrameTraceWriter(continuing: path, headerBytes: other) }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    }
}
