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

    /// How long a lock held by someone else is tried again before the path is called busy.
    static let busyFor = Duration.milliseconds(100)

    /// Takes the lock on `fd`, trying again for ``busyFor`` while it is held. A process that
    /// another thread of this one spawns holds a copy of every descriptor from its fork to its
    /// exec (close-on-exec closes them only then), and with it the lock on the open file: a
    /// lock released just before (a recorder closed, and another opened on the same path) looks
    /// held for that moment. With a child spawned in a loop beside it, 5-7 % of such locks
    /// failed at once.
    private static func lock(_ fd: Int32) -> Result<Int32, Errno> {
        let deadline = ContinuousClock.now + busyFor
        while true {
            let result = valueOrErrno { flock(fd, LOCK_EX | LOCK_NB) }
            guard case let .failure(failure) = result, failure.isWouldBlock, ContinuousClock.now < deadline else { return result }
            _ = usleep(1_000)
        }
    }

    /// Releases the lock (closing its descriptor releases it).
    deinit {
        _ = close(descriptor)
    }
}
