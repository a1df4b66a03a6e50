#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What differs between Linux and Darwin in Unix-domain stream sockets, written once for the
/// recorder's socket, the listener, the tests and the benchmarks:
///
/// - `SOCK_STREAM` is an enum case (`__socket_type`) in Glibc and a plain `Int32` macro on
///   Darwin; Darwin has no `SOCK_CLOEXEC`/`SOCK_NONBLOCK` (`socket(2)`), so those are set
///   with `fcntl` after the call.
/// - `sockaddr_un` is `{ sun_len, sun_family, sun_path[104] }` on Darwin (`sys/un.h`) and
///   `{ sun_family, sun_path[108] }` on Linux: the path limit is the field's own size.
/// - A write to a socket whose peer is gone raises SIGPIPE unless prevented: `MSG_NOSIGNAL`
///   on each send on Linux; Darwin has no `MSG_NOSIGNAL`, only the socket option
///   `SO_NOSIGPIPE` (`getsockopt(2)`, `sys/socket.h`).
extension Syscalls {
    /// `SOCK_STREAM` as the `Int32` that `socket(2)` takes on either platform.
    package static var streamSocketType: Int32 {
        #if canImport(Darwin)
        SOCK_STREAM
        #else
        Int32(SOCK_STREAM.rawValue)
        #endif
    }

    /// A new Unix-domain stream socket, close-on-exec, that never raises SIGPIPE (on Darwin:
    /// `SO_NOSIGPIPE` set; on Linux: send with ``sendWithoutSignal(_:_:dontWait:)`` or
    /// `MSG_NOSIGNAL`).
    ///
    /// - Parameter nonBlocking: make it non-blocking (`O_NONBLOCK`).
    /// - Returns: the descriptor, or -1 with `errno` set.
    package static func makeUnixStreamSocket(nonBlocking: Bool = false) -> Int32 {
        #if canImport(Darwin)
        let fd = socket(AF_UNIX, SOCK_STREAM, 0)
        guard fd >= 0 else { return fd }
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        if nonBlocking { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }
        preventBrokenPipeSignal(fd)
        return fd
        #else
        let type = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | (nonBlocking ? Int32(SOCK_NONBLOCK.rawValue) : 0)
        return socket(AF_UNIX, type, 0)
        #endif
    }

    /// Makes writes to `fd` fail with `EPIPE` instead of raising SIGPIPE once the peer is gone:
    /// `SO_NOSIGPIPE` on Darwin (an accepted socket needs it too); nothing on Linux, where the
    /// send flag `MSG_NOSIGNAL` does this per call.
    package static func preventBrokenPipeSignal(_ fd: Int32) {
        #if canImport(Darwin)
        var one: Int32 = 1
        _ = setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
        #endif
    }

    /// `send(2)` that never raises SIGPIPE: `MSG_NOSIGNAL` on Linux; on Darwin `SO_NOSIGPIPE`
    /// is set on `fd` first (idempotent), since Darwin has no such flag.
    ///
    /// - Parameter dontWait: `MSG_DONTWAIT` (exists on both: `sys/socket.h`).
    /// - Returns: what `send` returns (-1 with `errno` set on failure; `EINTR` not retried).
    package static func sendWithoutSignal(_ fd: Int32, _ bytes: UnsafeRawBufferPointer, dontWait: Bool = false) -> Int {
        let wait = dontWait ? Int32(MSG_DONTWAIT) : 0
        #if canImport(Darwin)
        preventBrokenPipeSignal(fd)
        return send(fd, bytes.baseAddress, bytes.count, wait)
        #else
        return send(fd, bytes.baseAddress, bytes.count, Int32(MSG_NOSIGNAL) | wait)
        #endif
    }

    /// The `sockaddr_un` for `path`, with `sun_len` set on Darwin (`sys/un.h`; the kernel
    /// takes the length argument, but the field is set as `SUN_LEN` would).
    ///
    /// - Returns: `nil` when `path` and its terminating zero do not fit `sun_path` (104 bytes on
    ///   Darwin, 108 on Linux).
    package static func unixSocketAddress(_ path: String) -> sockaddr_un? {
        var address = sockaddr_un()
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        let count = path.utf8.count
        guard count < capacity else { return nil }
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: path.utf8)
            raw[count] = 0
        }
        #if canImport(Darwin)
        address.sun_len = UInt8(MemoryLayout<sockaddr_un>.offset(of: \sockaddr_un.sun_path)! + count)
        #endif
        return address
    }

    /// Calls `body` with the address of ``unixSocketAddress(_:)`` as a `sockaddr` and its size.
    ///
    /// - Returns: what `body` returns, or `nil` when `path` is too long for `sun_path`.
    package static func withUnixSocketAddress<T>(_ path: String, _ body: (UnsafePointer<sockaddr>, socklen_t) -> T) -> T? {
        guard var address = unixSocketAddress(path) else { return nil }
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
    }
}
