#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TraceFormat

/// Calls `body` with a `sockaddr_un` for `path`, for tests that bind or connect Unix sockets
/// with libc directly.
///
/// - Parameters:
///   - path: the socket's path (shorter than `sun_path`).
///   - body: receives the address and its length.
/// - Returns: what `body` returns.
public func withUnixSocketAddress<T>(_ path: String, _ body: (UnsafePointer<sockaddr>, socklen_t) -> T) -> T {
    // TraceFormat's one builder: `sun_len` set on Darwin, the path checked against `sun_path`
    // (104 bytes there, 108 on Linux).
    guard let result = Syscalls.withUnixSocketAddress(path, body) else {
        preconditionFailure("\(path) is too long for sockaddr_un.sun_path")
    }
    return result
}
