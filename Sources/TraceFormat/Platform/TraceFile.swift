/// An open file descriptor, read or written with positioned, EINTR-safe calls.
/// Errors carry the path and errno as ``TraceError/io(operation:path:errno:message:)``.
public final class TraceFile: @unchecked Sendable {
    // @unchecked: `descriptor` is written only by `close()`, which callers serialize with every
    // other use (the recorder's worker owns its file; readers are single-threaded).
    private var descriptor: Int32
    /// The path the file was opened with.
    public let path: String

    private init(descriptor: Int32, path: String) {
        self.descriptor = descriptor
        self.path = path
    }

    deinit { if descriptor >= 0 { Syscalls.close(descriptor) } }

    /// Opens an existing file for reading.
    public static func openForReading(_ path: String) throws(TraceError) -> TraceFile {
        switch Syscalls.openForReading(path) {
        case let .success(fd): return TraceFile(descriptor: fd, path: path)
        case let .failure(e): throw error("cannot open", path, e.code)
        }
    }

    /// Creates (or, unless `exclusive`, truncates) a file for appending, readable and writable
    /// by its owner only (`0600`; a replaced file loses any group and other permissions).
    ///
    /// - Parameters:
    ///   - path: the file. A symbolic link there is refused, never followed.
    ///   - exclusive: fail with `EEXIST` when anything is at `path` already (`O_EXCL`).
    /// - Throws: ``TraceError/io(operation:path:errno:message:)`` when the file cannot be
    ///   created: `ELOOP` with a message naming the link when `path` is a symbolic link.
    public static func create(_ path: String, exclusive: Bool = false) throws(TraceError) -> TraceFile {
        switch Syscalls.openForAppending(path, exclusive: exclusive) {
        case let .success(fd): return TraceFile(descriptor: fd, path: path)
        case let .failure(e): throw creationError(path, errno: e.code)
        }
    }

    /// Creates a file at `path` that holds `bytes` from the moment it appears: they are written
    /// under a hidden name beside it (`.NAME.creating`), which is then linked to `path` and
    /// removed. So a writer killed in between leaves no empty file at `path` for a reader to
    /// call "not a trace"; at worst the hidden one, which the next create of `path` reuses.
    ///
    /// - Throws: ``TraceError/io(operation:path:errno:message:)`` as ``create(_:exclusive:)``
    ///   with `exclusive`: `EEXIST` when anything is at `path` already.
    package static func create(_ path: String, beginningWith bytes: [UInt8]) throws(TraceError) -> TraceFile {
        let slash = path.lastIndex(of: "/")
        let staging = (slash.map { String(path[...$0]) + "." + path[path.index(after: $0)...] } ?? "." + path) + ".creating"
        let staged = try create(staging)
        defer { _ = Syscalls.unlink(staging) }
        try bytes.withRawBytes { (raw) throws(TraceError) in try staged.write(raw) }
        if case let .failure(e) = Syscalls.link(staging, to: path) { throw creationError(path, errno: e.code) }
        let placed = TraceFile(descriptor: staged.descriptor, path: path)
        staged.descriptor = -1
        return placed
    }

    /// Opens an existing trace for appending after its first `length` bytes, cutting what
    /// follows them (see ``FrameTraceWriter/init(continuing:headerBytes:)``).
    ///
    /// - Throws: ``TraceError/io(operation:path:errno:message:)`` when the file cannot be
    ///   opened or cut, or is not a regular file (`EINVAL`).
    package static func openForContinuing(_ path: String, truncatingTo length: Int64) throws(TraceError) -> TraceFile {
        switch Syscalls.openForContinuing(path, truncatingTo: length) {
        case let .success(fd): return TraceFile(descriptor: fd, path: path)
        case let .failure(e): throw error("cannot continue", path, e.code)
        }
    }

    /// Opens the file at `path` for a lock held while a recorder writes it: created empty and
    /// `0600` if missing, never truncated, never through a symbolic link.
    ///
    /// - Returns: the descriptor, which the caller owns and closes.
    /// - Throws: ``TraceError/io(operation:path:errno:message:)`` as ``create(_:exclusive:)``.
    package static func openDescriptorForLocking(_ path: String) throws(TraceError) -> Int32 {
        switch Syscalls.openForLocking(path) {
        case let .success(fd): return fd
        case let .failure(e): throw creationError(path, errno: e.code)
        }
    }

    private static func creationError(_ path: String, errno code: Int32) -> TraceError {
        .io(operation: "cannot create", path: path, errno: code, message: Syscalls.creationErrorMessage(code))
    }

    /// The current size in bytes.
    public func size() throws(TraceError) -> Int64 {
        switch Syscalls.fileSize(descriptor) {
        case let .success(size): return size
        case let .failure(e): throw Self.error("cannot stat", path, e.code)
        }
    }

    /// Reads up to `count` bytes at `offset`; fewer at the end of the file. Allocates no more
    /// than the file holds from `offset`, whatever `count` says (a length read from a hostile
    /// file cannot make it allocate gigabytes).
    public func read(count requested: Int, at offset: Int64) throws(TraceError) -> [UInt8] {
        let count = max(0, Int(clamping: min(Int64(requested), try size() - offset)))
        var bytes = [UInt8](repeating: 0, count: count)
        var filled = 0
        // At least one call, even for nothing: a pipe (whose size is 0) then fails with ESPIPE
        // instead of reading as empty.
        repeat {
            let result = bytes.withUnsafeMutableBytes { buffer in
                Syscalls.pread(descriptor, into: UnsafeMutableRawBufferPointer(rebasing: buffer[filled...]), at: offset + Int64(filled))
            }
            switch result {
            case .success(0): bytes.removeLast(count - filled); return bytes
            case let .success(n): filled += n
            case let .failure(e): throw Self.error("cannot read", path, e.code)
            }
        } while filled < count
        return bytes
    }

    /// Appends all of `bytes`.
    public func write(_ bytes: UnsafeRawBufferPointer) throws(TraceError) {
        if case let .failure(e) = Syscalls.writeAll(descriptor, bytes) { throw Self.error("cannot write", path, e.code) }
    }

    /// Forces written bytes to stable storage: `fsync(2)`. On Darwin that hands them to the
    /// drive, whose own cache may still hold them at a power loss; `fcntl(F_FULLFSYNC)` would
    /// wait for the medium, at tens of milliseconds a call. A trace must survive its app's crash,
    /// which `fsync` (and even `write`) guarantees; it is not a database, so `fsync` it is.
    public func sync() throws(TraceError) {
        if case let .failure(e) = Syscalls.fsync(descriptor) { throw Self.error("cannot sync", path, e.code) }
    }

    /// Closes the descriptor (idempotent).
    public func close() {
        guard descriptor >= 0 else { return }
        Syscalls.close(descriptor)
        descriptor = -1
    }

    private static func error(_ operation: String, _ path: String, _ code: Int32) -> TraceError {
        .io(operation: operation, path: path, errno: code, message: Syscalls.errorMessage(code))
    }
}
