import TraceFormat

/// A trace file written by one recorder: the file's output, plus the ``TraceFileLock`` that
/// keeps other recorders out of it until the trace is closed.
final class LockedTraceFile: TraceOutput {
    /// The file's path.
    let path: String
    private let file: TraceFile
    private var lock: TraceFileLock?

    /// Locks `path`, then creates (or, unless `exclusive`, truncates) the trace file there.
    ///
    /// - Throws: ``TraceError`` when another recorder writes to `path` or the file cannot be
    ///   created.
    init(path: String, exclusive: Bool) throws(TraceError) {
        self.path = path
        if exclusive {
            // O_EXCL decides who creates the file; the lock then keeps replacing recorders out.
            file = try TraceFile.create(path, exclusive: true)
            lock = try TraceFileLock(path: path)
        } else {
            lock = try TraceFileLock(path: path)
            file = try TraceFile.create(path, exclusive: false)
        }
    }

    func write(_ bytes: UnsafeRawBufferPointer) throws(TraceError) {
        try file.write(bytes)
    }

    func sync() throws(TraceError) {
        try file.sync()
    }

    /// Closes the file, then lets other recorders in.
    func close() {
        file.close()
        lock = nil
    }

    /// Files end with a footer index.
    var wantsFooterIndex: Bool { true }
}
