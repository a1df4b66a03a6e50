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
        /// The app's proof that it started the session (``SessionProof``), right after the
        /// header: its secret. No part of the trace.
        case sessionProof(secret: [UInt8])
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
    /// The memory the chunk arriving now was admitted with (``memoryCost(of:decoding:)``), from
    /// the moment its header arrived until it completes; 0 between chunks.
    public private(set) var reservedBytes = 0

    private var buffer: [UInt8] = []
    private var start = 0
    /// Whether a chunk or a proof came after the header: a proof is taken only before both.
    private var pastProofPlace = false
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

    /// The memory a chunk takes while it arrives and is inflated: its frame and, when records
    /// are decoded, its inflated payload. What its records take once decoded is bounded while
    /// they are decoded (``memoryPerItem`` for each item, within what the budget has left).
    public static func memoryCost(of chunk: ChunkHeader, decoding: Bool) -> Int {
        ChunkHeader.size + Int(chunk.storedLength) + (decoding ? Int(chunk.rawLength) : 0)
    }

    /// What one decoded item (a record, a value, a name, a path step) is charged in memory:
    /// measured decode bombs took 36 bytes an item; this leaves room.
    public static let memoryPerItem = 64

    /// The memory the last chunk's event holds: its frame and its decoded records.
    public private(set) var lastChunkMemory = 0
    /// Bytes of the stream taken in whole units (the header, chunks) so far: what a listener
    /// acknowledges (``ListenerMessage/acknowledged(bytes:)``).
    public private(set) var consumedBytes: UInt64 = 0
    /// Whether the last ``next(memoryBudget:)`` failed only for want of memory budget.
    public private(set) var isOverBudget = false

    /// The next complete unit, or `nil` when more bytes are needed.
    ///
    /// - Parameter memoryBudget: the most memory a chunk may take (``memoryCost(of:decoding:)``
    ///   when its header arrives, checked once; its decoded records, ``memoryPerItem`` each,
    ///   when it completes).
    /// - Throws: ``TraceError`` when the bytes are not a trace stream; the stream is then
    ///   unusable. When a chunk needs more than `memoryBudget`, ``isOverBudget`` is set and
    ///   the chunk stays buffered: a call with more budget may take it.
    public mutating func next(memoryBudget: Int = .max) throws(TraceError) -> Event? {
        guard !isFinished else { return nil }
        isOverBudget = false
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
        if !pastProofPlace, buffer[start..<start + min(available, 4)].elementsEqual(SessionProof.magic.prefix(min(available, 4))) {
            guard available >= SessionProof.size else { return nil }
            let secret = try SessionProof.secret(of: buffer[start..<start + SessionProof.size])
            consume(SessionProof.size)
            pastProofPlace = true
            return .sessionProof(secret: secret)
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
        let decoding = decodesRecords && chunk.kind != .index
        if reservedBytes == 0 {
            let cost = Self.memoryCost(of: chunk, decoding: decoding)
            guard cost <= memoryBudget else { throw overBudget(chunk, "needs \(cost) bytes to arrive and inflate", budget: memoryBudget) }
            reservedBytes = cost
        }
        let total = ChunkHeader.size + Int(chunk.storedLength)
        // Room for the whole frame at once: growing by doubling would copy it, twice the memory.
        if buffer.capacity < start + total { buffer.reserveCapacity(start + total) }
        guard available >= total else { return nil }
        let frame = Array(buffer[start..<start + total])
        pastProofPlace = true
        if chunk.kind == .index {
            consume(total)
            reservedBytes = 0
            isFinished = true
            return .footer
        }
        // The records may take what the budget has left beside the frame.
        let itemLimit = min(TraceLimits.maximumItemsPerChunk, max(0, memoryBudget - total) / Self.memoryPerItem)
        var itemsUsed = 0
        let records = try frame.withRawBytes { (raw) throws(TraceError) -> [Record] in
            let stored = UnsafeRawBufferPointer(rebasing: raw[ChunkHeader.size...])
            guard decodesRecords else {
                guard CRC32.checksum(stored) == chunk.payloadCRC else { throw .malformed("chunk checksum mismatch") }
                return []
            }
            let payload = try ChunkCodec.payload(header: chunk, stored: stored, inflater: inflater)
            return try payload.withRawBytes { (payload) throws(TraceError) in
                do throws(TraceError) {
                    return try ChunkCodec.decodeRecords(payload, count: Int(chunk.recordCount), itemLimit: itemLimit, itemsUsed: &itemsUsed)
                } catch where itemLimit < TraceLimits.maximumItemsPerChunk && error == TraceLimits.tooManyItems {
                    throw overBudget(chunk, "decodes to more than \(itemLimit) items (\(Self.memoryPerItem) bytes each)", budget: memoryBudget)
                }
            }
        }
        // Consumed only once decoded, so that a chunk over budget stays for a later call.
        consume(total)
        reservedBytes = 0
        lastChunkMemory = total + itemsUsed * Self.memoryPerItem
        return .chunk(chunk, frame: frame, records: records)
    }

    private mutating func overBudget(_ chunk: ChunkHeader, _ what: String, budget: Int) -> TraceError {
        isOverBudget = true
        return .malformed("a chunk of \(chunk.storedLength) bytes (\(chunk.rawLength) inflated) \(what): more than the \(max(0, budget)) bytes left in the memory budget")
    }

    private mutating func consume(_ count: Int) {
        consumedBytes += UInt64(count)
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
