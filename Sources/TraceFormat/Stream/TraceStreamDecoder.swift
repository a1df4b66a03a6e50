/// Decodes a trace arriving as a byte stream (a live session on a socket): the file header,
/// then framed chunks, each checked and decoded as soon as its last byte arrives.
///
/// Memory is bounded: the decoder holds at most one header or one chunk frame, and a frame
/// that declares more than ``maximumFrameSize`` stored bytes is refused before any of it is
/// buffered. Any malformed byte is an error: a stream has no "next chunk" to resynchronise on
/// that would not also be a guess, so the caller drops the connection.
public struct TraceStreamDecoder {
    /// What one complete unit of the stream held.
    public enum Event {
        /// The session header, and its encoded bytes (the start of a trace file).
        case header(SessionHeader, bytes: [UInt8])
        /// A records chunk: its header, its whole frame (header and stored bytes, as a file
        /// holds it) and its decoded records (none when ``decodesRecords`` is off).
        case chunk(ChunkHeader, frame: [UInt8], records: [Record])
        /// The writer's footer index: the session closed cleanly; nothing more follows.
        case footer
    }

    /// The largest stored chunk accepted (the format's own limit by default).
    public let maximumFrameSize: Int
    /// Whether chunks are inflated and their records decoded; when not, only their checksums
    /// are verified (for a listener that records without showing).
    public let decodesRecords: Bool
    /// The session header, once received.
    public private(set) var header: SessionHeader?
    /// Whether the footer arrived.
    public private(set) var isFinished = false
    /// Bytes received and not yet part of a complete unit.
    public var bufferedBytes: Int { buffer.count - start }

    private var buffer: [UInt8] = []
    private var start = 0
    private let inflater: Inflater

    /// Creates a decoder expecting a file header first.
    ///
    /// - Parameters:
    ///   - maximumFrameSize: the largest stored chunk accepted, at most the format's limit.
    ///   - decodesRecords: whether to decode records (see ``decodesRecords``).
    /// - Throws: ``TraceError/compression(_:)`` when zlib cannot start.
    public init(maximumFrameSize: Int = 64 * 1024 * 1024, decodesRecords: Bool = true) throws(TraceError) {
        self.maximumFrameSize = min(maximumFrameSize, TraceLimits.maximumChunkSize)
        self.decodesRecords = decodesRecords
        inflater = try Inflater()
    }

    /// Appends received bytes.
    public mutating func append(_ bytes: UnsafeRawBufferPointer) {
        if start > 0, start == buffer.count {
            buffer.removeAll(keepingCapacity: buffer.capacity <= 1 << 20)
            start = 0
        }
        buffer.append(contentsOf: bytes)
    }

    /// Whether a unit has started arriving but is not complete yet.
    public var isInsideUnit: Bool { bufferedBytes > 0 && !isFinished }

    /// The next complete unit, or `nil` when more bytes are needed.
    ///
    /// - Throws: ``TraceError`` when the bytes are not a trace stream; the stream is then unusable.
    public mutating func next() throws(TraceError) -> Event? {
        guard !isFinished else { return nil }
        let available = buffer.count - start
        if header == nil {
            guard available >= FileHeader.fixedSize else {
                // Fail early on a peer that is not a trace writer.
                let prefix = min(available, FileHeader.magic.count)
                if !buffer[start..<start + prefix].elementsEqual(FileHeader.magic.prefix(prefix)) {
                    throw .notATrace("the stream does not start with the StoreScope signature")
                }
                return nil
            }
            let total = try buffer.withRawBytes { (raw) throws(TraceError) in
                try FileHeader.totalSize(fixedPart: UnsafeRawBufferPointer(rebasing: raw[start..<start + FileHeader.fixedSize]))
            }
            guard available >= total else { return nil }
            let bytes = Array(buffer[start..<start + total])
            let decoded = try bytes.withRawBytes { (raw) throws(TraceError) in try FileHeader.decode(raw) }
            header = decoded
            consume(total)
            return .header(decoded, bytes: bytes)
        }
        guard available >= ChunkHeader.size else {
            // Fail early on bytes that cannot start a chunk, rather than waiting for 60 of them.
            let prefix = min(available, ChunkHeader.magic.count)
            if !buffer[start..<start + prefix].elementsEqual(ChunkHeader.magic.prefix(prefix)) {
                throw .malformed("no chunk signature where a chunk should start")
            }
            return nil
        }
        let chunk = try buffer.withRawBytes { (raw) throws(TraceError) in
            try ChunkHeader.decode(UnsafeRawBufferPointer(rebasing: raw[start..<start + ChunkHeader.size]))
        }
        guard Int(chunk.storedLength) <= maximumFrameSize else {
            throw .malformed("a chunk declares \(chunk.storedLength) stored bytes, more than the \(maximumFrameSize) accepted")
        }
        let total = ChunkHeader.size + Int(chunk.storedLength)
        guard available >= total else { return nil }
        let frame = Array(buffer[start..<start + total])
        consume(total)
        if chunk.kind == .index {
            isFinished = true
            return .footer
        }
        let records = try frame.withRawBytes { (raw) throws(TraceError) -> [Record] in
            let stored = UnsafeRawBufferPointer(rebasing: raw[ChunkHeader.size...])
            guard decodesRecords else {
                guard CRC32.checksum(stored) == chunk.payloadCRC else { throw .malformed("chunk checksum mismatch") }
                return []
            }
            let payload = try ChunkCodec.payload(header: chunk, stored: stored, inflater: inflater)
            return try payload.withRawBytes { (payload) throws(TraceError) in
                try ChunkCodec.decodeRecords(payload, count: Int(chunk.recordCount))
            }
        }
        return .chunk(chunk, frame: frame, records: records)
    }

    private mutating func consume(_ count: Int) {
        start += count
        if start == buffer.count {
            buffer.removeAll(keepingCapacity: buffer.capacity <= 1 << 20)
            start = 0
        } else if start >= 1 << 20 {
            buffer.removeFirst(start)
            start = 0
        }
    }
}

extension ChunkHeader {
    /// Decodes the header at the start of an encoded chunk frame, checking its magic and CRC.
    ///
    /// - Parameter frame: at least ``size`` bytes.
    /// - Throws: ``TraceError/malformed(_:)`` when the bytes are not a valid chunk header.
    public static func decode(frame: UnsafeRawBufferPointer) throws(TraceError) -> ChunkHeader {
        try decode(UnsafeRawBufferPointer(rebasing: frame.prefix(size)))
    }
}
