/// Writes a trace file from bytes that are already encoded: a file header and chunk frames as
/// a live stream delivers them, without decompressing or re-encoding anything. ``close()``
/// adds the footer index, so the file is as complete as one the recorder writes itself.
package final class FrameTraceWriter {
    /// The file's path.
    package var path: String { file.path }
    /// Chunks written so far.
    package private(set) var chunks: [ChunkInfo] = []
    /// Bytes written so far.
    package private(set) var bytesWritten: Int64 = 0

    private let file: TraceFile
    private var isClosed = false

    /// Creates the file at `path` (failing if it exists) holding `headerBytes` from the moment it
    /// appears (``TraceFile/create(_:beginningWith:)``).
    ///
    /// - Throws: ``TraceError/io(operation:path:errno:message:)`` when the file cannot be created or written.
    package init(path: String, headerBytes: [UInt8]) throws(TraceError) {
        // The file appears with its header: a listener killed while creating it leaves no
        // empty session file behind.
        file = try TraceFile.create(path, beginningWith: headerBytes)
        bytesWritten = Int64(headerBytes.count)
    }

    /// Opens the trace at `path`, recorded earlier for the session whose file header is
    /// `headerBytes`, to write on after its last whole chunk: a listener continuing the file of
    /// an app that reconnects. What follows that chunk (the footer an earlier ``close()`` wrote,
    /// or a chunk a killed writer had only begun) is cut off first; ``close()`` writes a footer
    /// indexing every chunk, the earlier ones included.
    ///
    /// - Throws: ``TraceError`` when the file cannot be read or written, and
    ///   ``TraceError/malformed(_:)`` when it begins with another session's header or holds a
    ///   session that ended: a peer that repeats an ended session's header bytes gets a file of
    ///   its own, and the ended session's file is never written again.
    package init(continuing path: String, headerBytes: [UInt8]) throws(TraceError) {
        let reader = try TraceReader(path: path)
        let head = try TraceFile.openForReading(path).read(count: headerBytes.count, at: 0)
        guard head == headerBytes, reader.headerSize == Int64(headerBytes.count) else {
            throw .malformed("\(path) holds another session")
        }
        if let last = reader.chunks.last, case .sessionEnded? = try reader.records(in: last).last {
            throw .malformed("\(path) holds a session that ended")
        }
        let end = reader.chunks.last?.endOffset ?? reader.headerSize
        file = try TraceFile.openForContinuing(path, truncatingTo: end)
        chunks = reader.chunks
        bytesWritten = end
    }

    /// Appends one chunk frame (its 60-byte header and stored bytes).
    ///
    /// - Throws: ``TraceError`` when writing fails.
    package func append(frame: [UInt8], header: ChunkHeader) throws(TraceError) {
        guard !isClosed else { throw .closed }
        let offset = bytesWritten
        try emit(frame)
        if header.kind == .records { chunks.append(ChunkInfo(offset: offset, header: header)) }
    }

    /// Appends a chunk of records of the writer's own, encoded as ``TraceWriter`` encodes
    /// them (the note a listener writes where a reconnecting app's session continues).
    ///
    /// - Throws: ``TraceError`` when the records cannot be encoded or writing fails.
    package func append(records: [Record]) throws(TraceError) {
        let (header, frame) = try TraceWriter.recordsFrame(records)
        try append(frame: frame, header: header)
    }

    /// Writes the footer index and trailer and closes the file. Idempotent.
    ///
    /// - Throws: ``TraceError`` when writing fails; the file is closed anyway.
    package func close() throws(TraceError) {
        guard !isClosed else { return }
        isClosed = true
        defer { file.close() }
        try emit(FooterIndex.encodeFooter(of: chunks, at: bytesWritten, deflater: try Deflater(level: 1)))
    }

    private func emit(_ bytes: [UInt8]) throws(TraceError) {
        try bytes.withRawBytes { (raw) throws(TraceError) in try file.write(raw) }
        bytesWritten += Int64(bytes.count)
    }
}
