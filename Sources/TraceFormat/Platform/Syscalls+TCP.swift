#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// TCP stream sockets for live sessions over a network or a port forwarder, written once for
/// the recorder, the listener and the tests. Addresses are resolved with `getaddrinfo(3)`, which
/// exists on both platforms with the same flags; a numeric host is never looked up. Every
/// socket is close-on-exec, never raises SIGPIPE (as ``makeUnixStreamSocket(nonBlocking:)``'s)
/// and has `TCP_NODELAY` set: a chunk or an acknowledgement goes out at once, not after the
/// peer's delayed acknowledgement of the last one.
extension Syscalls {
    /// A resolved socket address.
    package struct SocketAddress {
        var storage = sockaddr_storage()
        var length: socklen_t = 0
        var family: Int32 { Int32(storage.ss_family) }
    }

    /// Resolves `address` (the first address `getaddrinfo` gives).
    ///
    /// - Parameters:
    ///   - numericOnly: a host that is not a numeric address (or `localhost`) fails with
    ///     `EINVAL` instead of being looked up (for the app, whose worker never waits on DNS).
    ///   - passive: for a listening socket.
    package static func resolve(_ address: TCPAddress, numericOnly: Bool, passive: Bool = false) -> Result<SocketAddress, Errno> {
        let host = address.host == "localhost" ? "127.0.0.1" : address.host
        var hints = addrinfo()
        hints.ai_socktype = streamSocketType
        hints.ai_flags = AI_NUMERICSERV | (numericOnly ? AI_NUMERICHOST : 0) | (passive ? AI_PASSIVE : 0)
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(address.port), &hints, &list)
        guard status == 0, let first = list, let found = first.pointee.ai_addr else {
            if list != nil { freeaddrinfo(list) }
            return .failure(Errno(code: status == EAI_SYSTEM ? errno : EINVAL))
        }
        defer { freeaddrinfo(list) }
        var resolved = SocketAddress()
        resolved.length = first.pointee.ai_addrlen
        withUnsafeMutableBytes(of: &resolved.storage) { raw in
            raw.copyMemory(from: UnsafeRawBufferPointer(start: found, count: Int(first.pointee.ai_addrlen)))
        }
        return .success(resolved)
    }

    /// A new TCP socket of `family`, non-blocking, close-on-exec, without SIGPIPE, with
    /// `TCP_NODELAY`.
    ///
    /// - Returns: the descriptor, or -1 with `errno` set.
    package static func makeTCPSocket(family: Int32) -> Int32 {
        #if canImport(Darwin)
        let fd = socket(family, SOCK_STREAM, 0)
        guard fd >= 0 else { return fd }
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        #else
        let fd = socket(family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
        guard fd >= 0 else { return fd }
        #endif
        preventBrokenPipeSignal(fd)
        setNoDelay(fd)
        return fd
    }

    /// `TCP_NODELAY` on `fd` (an accepted socket needs it set too).
    package static func setNoDelay(_ fd: Int32) {
        var one: Int32 = 1
        _ = setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
    }

    /// Starts connecting a new non-blocking TCP socket to `address`.
    ///
    /// - Returns: the descriptor and whether the connection is still under way (then wait
    ///   until it is writable and read ``pendingError(_:)``), or the failure.
    package static func startConnecting(to address: SocketAddress) -> Result<(descriptor: Int32, inProgress: Bool), Errno> {
        let fd = makeTCPSocket(family: address.family)
        guard fd >= 0 else { return .failure(.current) }
        var storage = address.storage
        let result = withUnsafePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, address.length) }
        }
        if result == 0 { return .success((fd, false)) }
        let failure = Errno.current
        if failure.code == EINPROGRESS || failure == .interrupted { return .success((fd, true)) }
        close(fd)
        return .failure(failure)
    }

    /// The error a non-blocking connect ended with (`SO_ERROR`), or `nil` once it connected.
    package static func pendingError(_ fd: Int32) -> Errno? {
        var code: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        guard getsockopt(fd, SOL_SOCKET, SO_ERROR, &code, &length) == 0 else { return .current }
        return code == 0 ? nil : Errno(code: code)
    }

    /// A non-blocking TCP socket listening at `address` (`SO_REUSEADDR`, so a restarted
    /// listener gets its port back at once).
    package static func listenTCP(at address: SocketAddress, backlog: Int32 = 128) -> Result<Int32, Errno> {
        let fd = makeTCPSocket(family: address.family)
        guard fd >= 0 else { return .failure(.current) }
        var one: Int32 = 1
        _ = setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        var storage = address.storage
        let bound = withUnsafePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, address.length) }
        }
        guard bound == 0, listen(fd, backlog) == 0 else {
            let failure = Errno.current
            close(fd)
            return .failure(failure)
        }
        return .success(fd)
    }

    /// The port a TCP socket is bound to (the one the system chose for port 0).
    package static func boundPort(_ fd: Int32) -> UInt16? {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let result = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        guard result == 0 else { return nil }
        return withUnsafeBytes(of: &storage) { raw in
            // sin_port and sin6_port sit at the same offset, in network order.
            UInt16(bigEndian: raw.loadUnaligned(fromByteOffset: MemoryLayout<sockaddr_in>.offset(of: \sockaddr_in.sin_port)!, as: UInt16.self))
        }
    }

    /// Accepts one waiting connection: non-blocking, close-on-exec, without SIGPIPE, with
    /// `TCP_NODELAY` when it is TCP.
    ///
    /// - Returns: the descriptor, `nil` when none waits.
    package static func acceptConnection(_ listener: Int32) -> Result<Int32?, Errno> {
        switch valueOrErrno({ accept(listener, nil, nil) }) {
        case let .success(fd):
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            preventBrokenPipeSignal(fd)
            setNoDelay(fd)
            return .success(fd)
        case let .failure(failure) where failure.isWouldBlock || failure.code == ECONNABORTED:
            return .success(nil)
        case let .failure(failure):
            return .failure(failure)
        }
    }
}
