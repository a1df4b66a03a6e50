#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A failed system call's `errno`: the one errno type of every StoreScope module (the
/// recorder's socket, the listener, the CLI's streams), with names for the codes they test.
package struct Errno: Error, Hashable, CustomStringConvertible, Sendable {
    /// The raw value.
    package var code: Int32

    /// Wraps a raw value.
    package init(code: Int32) {
        self.code = code
    }

    /// The calling thread's `errno` now.
    package static var current: Errno { Errno(code: errno) }

    package static let interrupted = Errno(code: EINTR)
    package static let noSuchFile = Errno(code: ENOENT)
    package static let alreadyExists = Errno(code: EEXIST)
    package static let brokenPipe = Errno(code: EPIPE)
    package static let connectionReset = Errno(code: ECONNRESET)
    package static let protocolError = Errno(code: EPROTO)
    package static let permissionDenied = Errno(code: EACCES)
    package static let nameTooLong = Errno(code: ENAMETOOLONG)

    /// The call would have to wait (a full socket buffer, a busy listener backlog, no input).
    package var isWouldBlock: Bool { code == EAGAIN || code == EWOULDBLOCK || code == EINPROGRESS }

    /// The process (`EMFILE`) or the system (`ENFILE`) has no file descriptor to give.
    package var isOutOfDescriptors: Bool { code == EMFILE || code == ENFILE }

    /// `strerror`'s words.
    package var description: String { String(cString: strerror(code)) }
}

/// Runs a system call that returns -1 and sets `errno` on failure, retrying `EINTR` unless
/// told not to (never retry `close`: after EINTR the descriptor's state is unspecified).
package func valueOrErrno<T: BinaryInteger>(retryOnInterrupt: Bool = true, _ call: () -> T) -> Result<T, Errno> {
    while true {
        let result = call()
        if result >= 0 { return .success(result) }
        let failure = Errno.current
        if retryOnInterrupt, failure == .interrupted { continue }
        return .failure(failure)
    }
}
