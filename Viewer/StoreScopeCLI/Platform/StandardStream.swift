#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Standard output or standard error, written with `write(2)` directly: partial writes are
/// looped, `EINTR` is retried, and a failure comes back as a value. (Foundation's
/// `FileHandle.write(_:)` traps on any error, which crashed the CLI writing to a full disk or
/// a closed pipe.) The only file of the CLI that calls libc.
struct StandardStream: Sendable {
    /// A failed write: the errno and its message.
    struct WriteError: Error, Hashable {
        var errno: Int32
        /// Whether the reader of a pipe went away (`EPIPE`, with `SIGPIPE` ignored).
        var isClosedPipe: Bool { errno == EPIPE }
        /// `strerror` of ``errno``.
        var message: String { String(cString: strerror(errno)) }
    }

    let descriptor: Int32

    /// File descriptor 1.
    static let output = StandardStream(descriptor: 1)
    /// File descriptor 2.
    static let error = StandardStream(descriptor: 2)

    /// Writes all of `bytes`, or stops at the first error.
    func writeAll(_ bytes: UnsafeRawBufferPointer) -> Result<Void, WriteError> {
        var written = 0
        while written < bytes.count {
            let result = write(descriptor, bytes.baseAddress! + written, bytes.count - written)
            if result >= 0 {
                written += result
            } else if errno != EINTR {
                return .failure(WriteError(errno: errno))
            }
        }
        return .success(())
    }
}
