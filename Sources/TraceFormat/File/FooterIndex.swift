/// The index chunk written at clean close and the 16-byte trailer that points at it.
/// See docs/FORMAT.md "Footer index".
enum FooterIndex {
    static let trailerMagic: [UInt8] = Array("SSIX".utf8)
    static let trailerSize = 16
    /// Bytes one index entry takes.
    static let entrySize = 57

    static func encodeEntries(_ chunks: [ChunkInfo]) -> [UInt8] {
        var writer = ByteWriter(capacity: 8 + chunks.count * entrySize)
        writer.writeVarint(UInt64(chunks.count))
        for chunk in chunks {
            writer.writeFixed(UInt64(chunk.offset))
            writer.writeFixed(chunk.header.storedLength)
            writer.writeFixed(chunk.header.rawLength)
            writer.writeFixed(chunk.header.recordCount)
            writer.writeFixed(chunk.header.payloadCRC)
            writer.write(chunk.header.flags.rawValue)
            writer.writeFixed(chunk.header.firstSeq)
            writer.writeFixed(chunk.header.lastSeq)
            writer.writeFixed(chunk.header.firstMonotonicNanos)
            writer.writeFixed(chunk.header.lastMonotonicNanos)
        }
        return writer.bytes
    }

    /// Decodes entries. Each carries its chunk's payload CRC, so an entry equals the header the
    /// chunk itself holds; the chunk is still verified against its own header when read.
    static func decodeEntries(_ bytes: UnsafeRawBufferPointer) throws(TraceError) -> [ChunkInfo] {
        var reader = ByteReader(bytes)
        let count = try reader.readCount(minimumSize: entrySize)
        var chunks: [ChunkInfo] = []
        chunks.reserveCapacity(count)
        for _ in 0..<count {
            let offset = try reader.readFixed(UInt64.self)
            let stored = try reader.readFixed(UInt32.self)
            let raw = try reader.readFixed(UInt32.self)
            let records = try reader.readFixed(UInt32.self)
            let payloadCRC = try reader.readFixed(UInt32.self)
            let flags = ChunkHeader.Flags(rawValue: try reader.readByte())
            let header = ChunkHeader(
                kind: .records, flags: flags, storedLength: stored, rawLength: raw, recordCount: records,
                payloadCRC: payloadCRC, firstSeq: try reader.readFixed(UInt64.self), lastSeq: try reader.readFixed(UInt64.self),
                firstMonotonicNanos: try reader.readFixed(UInt64.self), lastMonotonicNanos: try reader.readFixed(UInt64.self))
            guard offset <= UInt64(Int64.max) else { throw .malformed("index offset out of range") }
            // An entry is trusted for where chunks are, never for how much to allocate: refuse
            // what no chunk may declare, so the reader falls back to scanning.
            guard Int(stored) <= TraceLimits.maximumChunkSize, Int(raw) <= TraceLimits.maximumChunkSize else {
                throw .malformed("index entry declares a chunk larger than \(TraceLimits.maximumChunkSize) bytes")
            }
            chunks.append(ChunkInfo(offset: Int64(offset), header: header))
        }
        return chunks
    }

    /// The footer a writer appends at a clean close: the index chunk listing `chunks`,
    /// compressed with `deflater`, then the trailer pointing at that chunk, which starts at
    /// `indexOffset`.
    ///
    /// - Throws: ``TraceError`` when compression fails or the index exceeds the chunk limit.
    static func encodeFooter(of chunks: [ChunkInfo], at indexOffset: Int64, deflater: Deflater) throws(TraceError) -> [UInt8] {
        let raw = encodeEntries(chunks)
        guard raw.count <= TraceLimits.maximumChunkSize else {
            throw .malformed("an index of \(raw.count) bytes exceeds the format's chunk limit of \(TraceLimits.maximumChunkSize)")
        }
        let stored = try deflater.compress(raw)
        let header = ChunkHeader(
            kind: .index, flags: [.compressed], storedLength: UInt32(stored.count), rawLength: UInt32(raw.count),
            recordCount: 0, payloadCRC: CRC32.checksum(stored), firstSeq: 0, lastSeq: 0,
            firstMonotonicNanos: 0, lastMonotonicNanos: 0)
        var footer = ByteWriter(capacity: ChunkHeader.size + stored.count + 16)
        header.encode(into: &footer)
        footer.write(contentsOf: stored)
        footer.write(contentsOf: encodeTrailer(indexOffset: indexOffset))
        return footer.bytes
    }

    static func encodeTrailer(indexOffset: Int64) -> [UInt8] {
        var writer = ByteWriter(capacity: trailerSize)
        writer.write(contentsOf: trailerMagic)
        writer.writeFixed(UInt64(indexOffset))
        writer.writeFixed(CRC32.checksum(writer.bytes))
        return writer.bytes
    }

    /// The index chunk offset a trailer points at, or `nil` when the bytes are no trailer.
    static func decodeTrailer(_ bytes: [UInt8]) -> Int64? {
        guard bytes.count == trailerSize, Array(bytes[0..<4]) == trailerMagic else { return nil }
        return bytes.withUnsafeBytes { raw -> Int64? in
            var reader = ByteReader(raw, offset: 4)
            guard let offset = try? reader.readFixed(UInt64.self), let crc = try? reader.readFixed(UInt32.self),
                crc == CRC32.checksum(UnsafeRawBufferPointer(rebasing: raw[0..<12])), offset <= UInt64(Int64.max)
            else { return nil }
            return Int64(offset)
        }
    }
}
