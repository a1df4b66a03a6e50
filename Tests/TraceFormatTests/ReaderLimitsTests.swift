import Foundation
import StoreScopeTestSupport
import Testing
@testable import TraceFormat

/// docs/FORMAT.md "Reader limits": hostile lengths and counts fail as damage, never as memory.
@Suite struct ReaderLimitsTests {
    let directory: TemporaryDirectory

    init() throws { directory = try TemporaryDirectory() }

    /// A framed chunk: `header` with its CRC, then `stored`.
    func frame(_ header: ChunkHeader, _ stored: [UInt8] = []) -> [UInt8] {
        var writer = ByteWriter()
        header.encode(into: &writer)
        writer.write(contentsOf: stored)
        return writer.bytes
    }

    /// A sparse file: the file header and a records chunk header declaring `storedLength`
    /// bytes, a hole where those bytes would be, then a valid footer index pointing at that
    /// chunk. Only a few KiB are really stored.
    func sparseTrace(declaring storedLength: UInt32, _ name: String) throws -> (path: String, indexOffset: Int64) {
        let path = directory.path(name)
        let fileHeader = FileHeader.encode(Samples.header)
        let chunk = ChunkHeader(
            kind: .records, flags: [.compressed], storedLength: storedLength, rawLength: 100, recordCount: 1,
            payloadCRC: 0, firstSeq: 1, lastSeq: 1, firstMonotonicNanos: 1, lastMonotonicNanos: 1)
        let chunkOffset = Int64(fileHeader.count)
        let indexOffset = chunkOffset + Int64(ChunkHeader.size) + Int64(storedLength)
        let entries = FooterIndex.encodeEntries([ChunkInfo(offset: chunkOffset, header: chunk)])
        let stored = try Deflater(level: 6).compress(entries)
        let index = ChunkHeader(
            kind: .index, flags: [.compressed], storedLength: UInt32(stored.count), rawLength: UInt32(entries.count),
            recordCount: 0, payloadCRC: CRC32.checksum(stored), firstSeq: 0, lastSeq: 0, firstMonotonicNanos: 0,
            lastMonotonicNanos: 0)
        try writeFile(fileHeader + frame(chunk), to: path)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.seek(toOffset: UInt64(indexOffset))
        try handle.write(contentsOf: frame(index, stored) + FooterIndex.encodeTrailer(indexOffset: indexOffset))
        try handle.close()
        return (path, indexOffset)
    }

    @Test("a footer entry declaring a chunk over 64 MiB is refused and the index rebuilt by scanning")
    func oversizedFooterEntry() throws {
        let declared = UInt32(TraceLimits.maximumChunkSize + 1)
        let (path, indexOffset) = try sparseTrace(declaring: declared, "sparse.sstrace")
        let reader = try TraceReader(path: path)
        #expect(reader.indexSource == .rebuilt("the footer index is damaged"))
        #expect(reader.chunks.isEmpty)
        #expect(reader.gaps == [TraceGap(start: reader.headerSize, end: indexOffset, reason: "chunk declares \(declared) stored bytes")])
        #expect(reader.allRecords().isEmpty)
    }

    @Test("a chunk is never read past the 64 MiB limit, even from an index entry built by hand")
    func oversizedChunkInfo() throws {
        let (path, _) = try sparseTrace(declaring: UInt32(TraceLimits.maximumChunkSize + 1), "huge.sstrace")
        let reader = try TraceReader(path: path)
        let forged = ChunkInfo(
            offset: reader.headerSize,
            header: ChunkHeader(
                kind: .records, flags: [.compressed], storedLength: UInt32.max - 100, rawLength: 100, recordCount: 1,
                payloadCRC: 0, firstSeq: 1, lastSeq: 1, firstMonotonicNanos: 1, lastMonotonicNanos: 1))
        #expect(throws: TraceError.malformed("chunk declares \(UInt32.max - 100) stored bytes, more than \(TraceLimits.maximumChunkSize)")) {
            try reader.records(in: forged)
        }
    }

    @Test("reading allocates at most what the file holds, whatever count is asked for")
    func readIsBoundedByTheFile() throws {
        let path = directory.path("small")
        try writeFile([1, 2, 3, 4, 5], to: path)
        let file = try TraceFile.openForReading(path)
        #expect(try file.read(count: 1 << 40, at: 2) == [3, 4, 5])
        #expect(try file.read(count: 1 << 40, at: 9).isEmpty)
    }

    @Test("a compressed chunk declaring more raw bytes than deflate can produce from it is refused before inflating")
    func compressionRatioBound() throws {
        let raw = [UInt8](repeating: 0, count: 10_000)
        let stored = try Deflater(level: 9).compress(raw)
        let inflater = try Inflater()
        func header(rawLength: Int) -> ChunkHeader {
            ChunkHeader(
                kind: .records, flags: [.compressed], storedLength: UInt32(stored.count), rawLength: UInt32(rawLength),
                recordCount: 0, payloadCRC: CRC32.checksum(stored), firstSeq: 0, lastSeq: 0, firstMonotonicNanos: 0,
                lastMonotonicNanos: 0)
        }
        let payload = try stored.withUnsafeBytes { try ChunkCodec.payload(header: header(rawLength: raw.count), stored: $0, inflater: inflater) }
        #expect(payload == raw)
        let tooMuch = stored.count * TraceLimits.maximumCompressionRatio + 1
        #expect(throws: TraceError.malformed("chunk declares \(tooMuch) raw bytes, more than its \(stored.count) compressed bytes can hold")) {
            try stored.withUnsafeBytes { try ChunkCodec.payload(header: header(rawLength: tooMuch), stored: $0, inflater: inflater) }
        }
    }
}
