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

/// docs/FORMAT.md "Reader limits": items per chunk.
@Suite struct ChunkItemLimitTests {
    let directory: TemporaryDirectory

    init() throws { directory = try TemporaryDirectory() }

    /// A file holding one records chunk with `payload` (compressed) and `recordCount`.
    func trace(payload: [UInt8], recordCount: UInt32, _ name: String) throws -> String {
        let stored = try Deflater(level: 9).compress(payload)
        let header = ChunkHeader(
            kind: .records, flags: [.compressed], storedLength: UInt32(stored.count), rawLength: UInt32(payload.count),
            recordCount: recordCount, payloadCRC: CRC32.checksum(stored), firstSeq: 0, lastSeq: 0,
            firstMonotonicNanos: 0, lastMonotonicNanos: 0)
        var writer = ByteWriter()
        writer.write(contentsOf: FileHeader.encode(Samples.header))
        header.encode(into: &writer)
        writer.write(contentsOf: stored)
        let path = directory.path(name)
        try writeFile(writer.bytes, to: path)
        return path
    }

    func expectDamaged(_ path: String) throws {
        let reader = try TraceReader(path: path)
        #expect(reader.chunks.count == 1)
        #expect(reader.allRecords().isEmpty)
        #expect(reader.gaps.map(\.reason) == [TraceLimits.tooManyItems.description.replacingPrefix("malformed trace data: ")])
        let follower = try TraceFollower(path: path)
        #expect(try follower.poll().gaps.count == 1)
    }

    @Test("a string table of more entries than a chunk may hold is damage, not a gigabyte of strings")
    func tooManyNames() throws {
        let count = TraceLimits.maximumItemsPerChunk + 1
        var payload = ByteWriter()
        payload.writeVarint(UInt64(count))
        payload.write(contentsOf: [UInt8](repeating: 0, count: count))
        try expectDamaged(try trace(payload: payload.bytes, recordCount: 0, "names.sstrace"))
    }

    @Test("an array of more bools than a chunk may hold is damage, not gigabytes of values")
    func tooManyValues() throws {
        let count = TraceLimits.maximumItemsPerChunk
        var payload = ByteWriter()
        payload.writeVarint(1)
        payload.writeString("main")
        payload.write(contentsOf: [0x03, 0x00, 0x00, 0x07])  // keyframe seq 0, store 0, array
        payload.writeVarint(UInt64(count))
        payload.write(contentsOf: [UInt8](repeating: 0x0F, count: count))
        try expectDamaged(try trace(payload: payload.bytes, recordCount: 1, "bools.sstrace"))
    }

    @Test("a record count above the limit is damage before any record is allocated")
    func tooManyRecords() throws {
        let count = TraceLimits.maximumItemsPerChunk + 1
        var payload = ByteWriter()
        payload.writeVarint(0)
        payload.write(contentsOf: [UInt8](repeating: 0, count: count))  // enough bytes for the count
        try expectDamaged(try trace(payload: payload.bytes, recordCount: UInt32(count), "records.sstrace"))
    }

    /// Names, records, operations, path steps and value nodes of `records`, as a reader counts.
    func items(_ records: [Record]) throws -> Int {
        var encoder = RecordEncoder()
        for record in records { try encoder.encode(record) }
        return encoder.items + encoder.strings.strings.count
    }

    @Test("the writer refuses exactly what the reader would refuse, and gives a big record a chunk of its own")
    func writerAndReaderAgree() throws {
        let big = Record.patch(StatePatch(seq: 2, store: "main", operations: [
            .set(path: [.field("items"), .index(0)], value: .array((0..<20).map { .int($0) })),
        ]))
        let small = Record.log(LogRecord(level: .info, message: "hi", monotonicNanos: 1, seq: 1))
        let limit = try items([big])
        #expect(limit == 2 + 1 + 1 + 2 + 21)  // names "main", "items"; record; operation; 2 steps; 21 nodes

        let path = directory.path("limited.sstrace")
        let writer = try TraceWriter(
            output: try TraceFile.create(path), header: Samples.header, options: .init(flushInterval: .seconds(3_600)),
            itemLimit: limit)
        try writer.append(small)
        try writer.append(big)  // does not fit beside `small`: closes that chunk first
        let tooBig = Record.patch(StatePatch(seq: 3, store: "main", operations: [
            .set(path: [.field("items"), .index(0)], value: .array((0..<21).map { .int($0) })),
        ]))
        #expect(throws: TraceError.malformed("record not written: its chunk would decode to more than \(limit) items (names, records, operations, path steps, values)")) {
            try writer.append(tooBig)
        }
        try writer.close()
        #expect(writer.chunks.count == 2)
        let reader = try TraceReader(path: path)
        #expect(reader.allRecords() == [small, big])

        let payload: [UInt8] = try {
            var encoder = RecordEncoder(itemLimit: limit + 1)
            try encoder.encode(tooBig)
            var bytes = ByteWriter()
            encoder.strings.encode(into: &bytes)
            bytes.write(contentsOf: encoder.body.bytes)
            return bytes.bytes
        }()
        let decoded = try payload.withUnsafeBytes { try ChunkCodec.decodeRecords($0, count: 1, itemLimit: limit + 1) }
        #expect(decoded == [tooBig])
        #expect(throws: TraceLimits.tooManyItems) {
            try payload.withUnsafeBytes { try ChunkCodec.decodeRecords($0, count: 1, itemLimit: limit) }
        }
    }

    @Test("a record refused for its depth leaves no names behind in the chunk's table")
    func refusedRecordLeavesNoNames() throws {
        var encoder = RecordEncoder()
        let deep = (0..<TraceLimits.maximumDepth).reduce(TraceValue.int(0)) { value, level in
            .structure(type: "Level\(level)", fields: [.init("next", value)])
        }
        #expect(throws: TraceError.self) { try encoder.encode(.keyframe(Keyframe(seq: 0, store: "main", state: deep))) }
        #expect(encoder.strings.strings.isEmpty)
        #expect(encoder.items == 0)
    }
}
