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

    /// Creates the file at `path` (failing if it exists) and writes `headerBytes`.
    ///
    /// - Throws: ``TraceError/io(operation:path:errno:message:)`` when the file cannot be created or written.
    package init(path: String, headerBytes: [UInt8]) throws(TraceError) {
        file = try TraceFile.create(path, exclusive: true)
        try emit(headerBytes)
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
