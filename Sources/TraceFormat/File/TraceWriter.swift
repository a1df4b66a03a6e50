/// Appends records to a trace: batches them into chunks, compresses each chunk on its own,
/// frames it with lengths and CRCs, and on ``close()`` writes the footer index.
///
/// A writer is used by one thread at a time (the recorder's worker, or a tool). Records reach
/// the output when a chunk closes: on size, when ``closeChunkIfDue()`` finds the open chunk
/// older than ``Options/flushInterval``, on ``flush()``, and on ``close()``.
public final class TraceWriter {
    /// How chunks are cut and compressed.
    public struct Options: Sendable {
        /// A chunk closes once its raw (uncompressed) records reach this many bytes.
        public var chunkSize: Int
        /// A chunk that has been open this long closes at the next append or
        /// ``TraceWriter/closeChunkIfDue()``, so a live tail sees records promptly.
        public var flushInterval: Duration
        /// zlib level, 1 (fastest) to 9 (smallest).
        public var compressionLevel: Int32

        /// Creates options; the defaults are 64 KiB chunks, 100 ms, and zlib level 1 (3x faster than level 6 on records, 2% larger).
        public init(chunkSize: Int = 64 * 1024, flushInterval: Duration = .milliseconds(100), compressionLevel: Int32 = 1) {
            self.chunkSize = max(1, min(chunkSize, TraceLimits.maximumChunkSize / 2))
            self.flushInterval = flushInterval
            self.compressionLevel = max(1, min(9, compressionLevel))
        }
    }

    /// The session header written at the start.
    public let header: SessionHeader
    /// The options in force.
    public let options: Options
    /// Every chunk written so far.
    public private(set) var chunks: [ChunkInfo] = []
    /// Bytes written to the output, header included.
    public private(set) var bytesWritten: Int64 = 0
    // The properties touched on every append have their exclusivity checks off (a writer is
    // used from one thread at a time, and none of its methods calls back into another).

    /// Records appended (including those in the open chunk).
    @exclusivity(unchecked) public private(set) var recordsAppended: UInt64 = 0
    /// Raw (uncompressed) bytes of the records appended, for callers that budget by size.
    @exclusivity(unchecked) public private(set) var recordBytesAppended: Int64 = 0
    /// Values cut by a capture limit (`.truncated` nodes) in the records appended, so that
    /// truncation is never silent.
    @exclusivity(unchecked) public private(set) var truncatedValuesAppended: UInt64 = 0
    /// `.reference` nodes (class instances recorded by identity) in the records appended,
    /// their paths' keys included: a caller that looks for them in a record need not walk one
    /// that added none.
    @exclusivity(unchecked) package private(set) var referenceValuesAppended: UInt64 = 0

    private let output: any TraceOutput
    private let flushIntervalNanos: UInt64
    private let deflater: Deflater
    @exclusivity(unchecked) private var encoder: RecordEncoder
    @exclusivity(unchecked) private var open = OpenChunk()
    @exclusivity(unchecked) private var isClosed = false

    /// Starts a trace on `output` by writing the file header.
    ///
    /// - Throws: ``TraceError`` when the output fails.
    public convenience init(output: any TraceOutput, header: SessionHeader, options: Options = Options()) throws(TraceError) {
        try self.init(output: output, header: header, options: options, itemLimit: TraceLimits.maximumItemsPerChunk)
    }

    /// A writer whose chunks hold at most `itemLimit` items (tests use small limits).
    init(output: any TraceOutput, header: SessionHeader, options: Options, itemLimit: Int) throws(TraceError) {
        encoder = RecordEncoder(itemLimit: itemLimit)
        self.output = output
        self.header = header
        self.options = options
        flushIntervalNanos = UInt64(max(0, options.flushInterval.nanoseconds))
        deflater = try Deflater(level: options.compressionLevel)
        try emit(FileHeader.encode(header))
    }

    /// Creates the file at `path` (replacing it unless `exclusive`) and starts a trace in it.
    ///
    /// - Throws: ``TraceError/io(operation:path:errno:message:)`` when the file cannot be created.
    public convenience init(path: String, header: SessionHeader, options: Options = Options(), exclusive: Bool = false) throws(TraceError) {
        try self.init(output: try TraceFile.create(path, exclusive: exclusive), header: header, options: options)
    }

    /// Appends a record; closes the chunk when it is full or overdue.
    ///
    /// - Throws: ``TraceError`` when writing a closed chunk fails; the chunk is lost then.
    ///   ``TraceError/malformed(_:)`` when the record cannot be represented (a value nested
    ///   deeper than 512 levels, a negative index, more than ``TraceLimits/maximumItemsPerChunk``
    ///   items); that record alone is not written. A record too big to share a chunk with
    ///   the open chunk's records gets a chunk of its own.
    public func append(_ record: Record) throws(TraceError) {
        try encode { (encoder) throws(TraceError) in try encoder.encode(record) }
        open.note(record)
        try noteAppended()
    }

    /// Appends a patch record of `operationCount` operations written by `operations` with
    /// ``RecordEncoder/encodeSet(field:value:)``, as ``append(_:)`` appends the record
    /// `.patch(StatePatch(seq:store:operations:))` of those operations (the same bytes, counts
    /// and chunks), without building it: the recorder's way for a change of its root's scalar
    /// fields.
    ///
    /// - Throws: as ``append(_:)``.
    package func appendPatch(
        seq: UInt64, store: String, operationCount: Int, operations: (inout RecordEncoder) -> Void
    ) throws(TraceError) {
        try encode { (encoder) throws(TraceError) in
            try encoder.encodePatch(seq: seq, store: store, operationCount: operationCount, operations: operations)
        }
        open.noteUnsummarized()
        try noteAppended()
    }

    /// Encodes one record with `encodeRecord` into the open chunk, or, when it does not fit
    /// beside the chunk's records, into a chunk of its own; counts its bytes, truncations and
    /// references.
    @inline(__always)
    private func encode(_ encodeRecord: (inout RecordEncoder) throws(TraceError) -> Void) throws(TraceError) {
        guard !isClosed else { throw .closed }
        var sizeBefore = encoder.body.count
        do throws(TraceError) {
            try encodeRecord(&encoder)
        } catch {
            guard encoder.exceededItemLimit, open.count > 0 else { throw error }
            try closeChunk()
            sizeBefore = encoder.body.count
            try encodeRecord(&encoder)
        }
        recordBytesAppended += Int64(encoder.body.count - sizeBefore)
        truncatedValuesAppended += UInt64(encoder.recordTruncations)
        referenceValuesAppended += UInt64(encoder.recordReferences)
        if open.count == 0 { open.openedAt = Self.now() }
    }

    /// Counts the record just encoded and noted in the open chunk; closes the chunk when it is
    /// full or overdue.
    @inline(__always)
    private func noteAppended() throws(TraceError) {
        recordsAppended += 1
        if encoder.body.count + 16 * encoder.strings.strings.count >= options.chunkSize || isOverdue() {
            try closeChunk()
        }
    }

    /// Closes the open chunk when it has been open for ``Options/flushInterval`` or longer.
    ///
    /// - Throws: ``TraceError`` when writing fails.
    public func closeChunkIfDue() throws(TraceError) {
        if isOverdue() { try closeChunk() }
    }

    /// Writes the open chunk, so another process can read every record appended so far.
    ///
    /// - Throws: ``TraceError`` when writing fails.
    public func flush() throws(TraceError) {
        guard !isClosed else { throw .closed }
        try closeChunk()
    }

    /// Flushes, forces the bytes to storage (`fsync` for files).
    ///
    /// - Throws: ``TraceError`` when writing or syncing fails.
    public func sync() throws(TraceError) {
        try flush()
        try output.sync()
    }

    /// Writes the open chunk and, on a file, the footer index and trailer; then closes the output.
    /// Idempotent.
    ///
    /// - Throws: ``TraceError`` when writing fails; the output is closed anyway.
    public func close() throws(TraceError) {
        guard !isClosed else { return }
        defer {
            isClosed = true
            output.close()
        }
        try closeChunk()
        guard output.wantsFooterIndex else { return }
        try emit(FooterIndex.encodeFooter(of: chunks, at: bytesWritten, deflater: deflater))
    }

    @inline(__always)
    private func isOverdue() -> Bool {
        open.count > 0 && Self.now() &- open.openedAt >= flushIntervalNanos
    }

    private func closeChunk() throws(TraceError) {
        guard open.count > 0 else { return }
        let payload = encoder.payload()
        let summary = open
        encoder.reset()
        open = OpenChunk()
        try writeChunk(kind: .records, raw: payload.bytes, recordCount: summary.count, summary: summary)
    }

    private func writeChunk(kind: ChunkHeader.Kind, raw: [UInt8], recordCount: Int, summary: OpenChunk) throws(TraceError) {
        let (header, frame) = try Self.frame(kind: kind, raw: raw, recordCount: recordCount, summary: summary.summary, deflater: deflater)
        let offset = bytesWritten
        try emit(frame)
        if kind == .records { chunks.append(ChunkInfo(offset: offset, header: header)) }
    }

    /// A chunk's frame (its header and stored bytes) for the raw payload `raw`.
    static func frame(
        kind: ChunkHeader.Kind, raw: [UInt8], recordCount: Int, summary: ChunkSummary, deflater: Deflater
    ) throws(TraceError) -> (ChunkHeader, [UInt8]) {
        guard raw.count <= TraceLimits.maximumChunkSize else {
            throw .malformed("a chunk of \(raw.count) bytes exceeds the format's limit of \(TraceLimits.maximumChunkSize); its records are lost")
        }
        let stored = try deflater.compress(raw)
        let header = summary.applied(to: ChunkHeader(
            kind: kind, flags: [.compressed], storedLength: UInt32(stored.count), rawLength: UInt32(raw.count),
            recordCount: UInt32(recordCount), payloadCRC: CRC32.checksum(stored),
            firstSeq: 0, lastSeq: 0, firstMonotonicNanos: 0, lastMonotonicNanos: 0))
        var frame = ByteWriter(capacity: ChunkHeader.size + stored.count)
        header.encode(into: &frame)
        frame.write(contentsOf: stored)
        return (header, frame.bytes)
    }

    /// One records chunk's frame holding `records`, encoded as this writer encodes them: for a
    /// writer of already-framed chunks that adds a record of its own (``FrameTraceWriter``).
    ///
    /// - Throws: ``TraceError/malformed(_:)`` when the records cannot be represented in one chunk.
    static func recordsFrame(_ records: [Record]) throws(TraceError) -> (ChunkHeader, [UInt8]) {
        var encoder = RecordEncoder(itemLimit: TraceLimits.maximumItemsPerChunk)
        var summary = ChunkSummary()
        for record in records {
            try encoder.encode(record)
            summary.note(record)
        }
        let payload = encoder.payload()
        return try frame(kind: .records, raw: payload.bytes, recordCount: records.count, summary: summary, deflater: try Deflater(level: 1))
    }

    private func emit(_ bytes: [UInt8]) throws(TraceError) {
        try bytes.withRawBytes { (raw) throws(TraceError) in try output.write(raw) }
        bytesWritten += Int64(bytes.count)
    }

    static func now() -> UInt64 { MonotonicClock.nanos() }
}

/// What the writer remembers about the chunk being filled, for its header and the index.
private struct OpenChunk {
    var count = 0
    var openedAt: UInt64 = 0
    var summary = ChunkSummary()

    mutating func note(_ record: Record) {
        count += 1
        summary.note(record)
    }

    /// Counts a record ``ChunkSummary/note(_:)`` leaves out of the summary (a patch).
    mutating func noteUnsummarized() {
        count += 1
    }
}

extension Duration {
    /// The duration in whole nanoseconds (saturating).
    package var nanoseconds: Int64 {
        let (seconds, attoseconds) = components
        let (product, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        return overflow ? .max : product + attoseconds / 1_000_000_000
    }
}
