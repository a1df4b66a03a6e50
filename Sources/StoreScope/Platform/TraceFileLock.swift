import TraceFormat

#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// An exclusive advisory lock (`flock`) on a trace file, held by the recorder writing it, so
/// that a second recorder given the same path fails at start instead of both writing into one
/// file. The only StoreScope code that calls `flock`.
///
/// The lock is taken on a descriptor of its own, opened without truncating, before the trace
/// file is created (and truncated): a recorder that loses the race never touches the bytes of
/// the one that holds the lock. `flock` locks belong to the open file, so two recorders in one
/// process exclude each other as two processes do.
final class TraceFileLock: Sendable {
    private let descriptor: Int32

    /// Locks the file at `path`, creating it empty (`0600`) if it does not exist. A symbolic
    /// link at `path` is refused, not followed.
    ///
    /// - Throws: ``TraceError/io(operation:path:errno:message:)``: `EWOULDBLOCK` when another
    ///   recorder holds the lock, or the error that kept the file from opening.
    init(path: String) throws(TraceError) {
        let fd = try TraceFile.openDescriptorForLocking(path)
        if case let .failure(failure) = Self.lock(fd) {
            _ = close(fd)
            if failure.isWouldBlock {
                throw .io(
                    operation: "cannot record to", path: path, errno: failure.code,
                    message: "another recorder is writing this trace (its file is locked); give each recorder its own path")
            }
            throw .io(operation: "cannot lock", path: path, errno: failure.code, message: failure.description)
        }
        descriptor = fd
    }

    private static func lock(_ fd: Int32) -> Result<Int32, Errno> {
        valueOrErrno { flock(fd, LOCK_EX | LOCK_NB) }
    }

    /// Releases the lock, then closes its descriptor. Closing alone is not enough: a process
    /// that another thread of this one spawns holds a copy of every descriptor from its fork to
    /// its exec (close-on-exec closes them only then), and with it the lock on the open file,
    /// so a recorder opened again on the path at that moment would find it busy (with a child
    /// spawned in a loop beside it, 5-7 % of such locks failed). `LOCK_UN` releases the lock
    /// of the open file whatever copies of the descriptor exist.
    deinit {
        _ = flock(descriptor, LOCK_UN)
        _ = close(descriptor)
    }
}
