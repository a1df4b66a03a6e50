#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A non-blocking Unix-domain stream socket connected to a listener: the only StoreScope code
/// that calls the socket API. Nothing here ever blocks the caller or raises SIGPIPE in the
/// host app (`MSG_NOSIGNAL` on Linux, `SO_NOSIGPIPE` on Darwin); signal handlers are never
/// touched. Calls retry EINTR and report other failures as ``SocketFailure``.
struct UnixSocket {
    let descriptor: Int32
    /// The listener's process and user, as the kernel gave them at connect time: what control
    /// outcomes name as the listener (FORMAT.md §17).
    var listener = ControlCommand.Issuer(pid: 0, uid: 0)

    /// The user ids a listener (and its socket's directory) may belong to: ours, and root's,
    /// who can read this process's memory anyway.
    static var trustedUserIDs: Set<UInt32> { [UInt32(getuid()), 0] }

    /// Connects to the listener at `path` without waiting: a listener that is absent, or too
    /// busy to take the connection now, is a failure the caller retries later.
    ///
    /// Nothing is sent to a listener that is not ours (DESIGN.md, "Security and privacy"):
    /// the socket's directory must be private (``PrivateDirectory``: a directory, owned by us
    /// or root, with no group or other permissions, which is what the listener itself
    /// requires), and the peer's credentials (`SO_PEERCRED` / `getpeereid`) must name our uid
    /// or root. Otherwise the connection is closed before a byte is sent and the failure is
    /// `EACCES` with a ``SocketFailure/refusal`` saying why.
    static func connect(to path: String) -> Result<UnixSocket, SocketFailure> {
        let directory = PrivateDirectory.parent(of: path)
        switch PrivateDirectory.problem(at: directory, owners: trustedUserIDs) {
        case nil, .missing?, .unreadable?:
            // Missing: no listener yet, which connect reports as usual.
            break
        case .notADirectory?:
            return .failure(.refused("\(directory) is not a directory"))
        case let .owned(by: owner)?:
            return .failure(.refused("the directory \(directory) belongs to uid \(owner), not to you (uid \(getuid()))"))
        case let .open(permissions)?:
            return .failure(.refused(
                "the directory \(directory) has mode \(String(permissions, radix: 8)), open to other users (a listener makes it 0700)"))
        }
        // `sun_path` holds 104 bytes on Darwin, 108 on Linux, with the terminating zero.
        guard var address = Syscalls.unixSocketAddress(path) else { return .failure(SocketFailure(errno: .nameTooLong)) }
        // Close-on-exec and non-blocking; SO_NOSIGPIPE on Darwin, MSG_NOSIGNAL below on Linux.
        let fd = Syscalls.makeUnixStreamSocket(nonBlocking: true)
        guard fd >= 0 else { return .failure(SocketFailure(errno: .current)) }
        while true {
            let result = withUnsafePointer(to: &address) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    systemConnect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
                }
            }
            if result == 0 {
                let peer = Syscalls.peerUserID(fd)
                guard let peer, trustedUserIDs.contains(peer) else {
                    let who = peer.map { "uid \($0)" } ?? "a process whose uid cannot be read"
                    _ = systemClose(fd)
                    return .failure(.refused("the listener there runs as \(who), not as you (uid \(getuid()))"))
                }
                let listener = ControlCommand.Issuer(pid: Syscalls.peerProcessID(fd) ?? 0, uid: peer)
                return .success(UnixSocket(descriptor: fd, listener: listener))
            }
            let failure = Errno.current
            if failure == .interrupted { continue }
            // EINPROGRESS / EAGAIN: the listener's backlog is full. Not waiting is the point:
            // give this attempt up and let the caller retry after its backoff.
            _ = systemClose(fd)
            return .failure(SocketFailure(errno: failure))
        }
    }

    /// Sends as many of `bytes` as the socket takes now.
    ///
    /// - Returns: the number of bytes sent, 0 when the socket buffer is full.
    func send(_ bytes: UnsafeRawBufferPointer) -> Result<Int, SocketFailure> {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return .success(0) }
        #if canImport(Darwin)
        let flags: Int32 = 0
        #else
        let flags = Int32(MSG_NOSIGNAL)
        #endif
        switch valueOrErrno({ systemSend(descriptor, base, bytes.count, flags) }) {
        case let .success(sent): return .success(sent)
        case let .failure(failure) where failure.isWouldBlock: return .success(0)
        case let .failure(failure): return .failure(SocketFailure(errno: failure))
        }
    }

    /// Waits at most `milliseconds` for room in the socket buffer (used only when the
    /// recorder closes, on its own thread).
    ///
    /// - Returns: whether the socket can take bytes (or has failed, which the next send reports).
    func waitUntilWritable(milliseconds: Int32) -> Bool {
        Syscalls.waitUntilWritable(descriptor, milliseconds: milliseconds)
    }

    /// Reads what the listener sent, without waiting.
    ///
    /// - Returns: the bytes read; 0 when nothing waits; `nil` when the listener hung up.
    func receive(into buffer: UnsafeMutableRawBufferPointer) -> Result<Int?, SocketFailure> {
        switch valueOrErrno({ systemReceive(descriptor, buffer.baseAddress, buffer.count) }) {
        case let .success(count): return .success(count > 0 ? count : nil)
        case let .failure(failure) where failure.isWouldBlock: return .success(0)
        case let .failure(failure): return .failure(SocketFailure(errno: failure))
        }
    }

    /// Waits at most `milliseconds` for the listener to send something (used only when the
    /// recorder closes, on its own thread).
    func waitUntilReadable(milliseconds: Int32) {
        _ = Syscalls.waitForInput([descriptor], milliseconds: milliseconds)
    }

    /// Closes the descriptor (never retried: after EINTR its state is unspecified).
    func close() {
        _ = systemClose(descriptor)
    }

}

/// Why a socket cannot be used: a failed call's ``Errno``, or a connection StoreScope refused
/// to use (its directory or its listener is another user's).
struct SocketFailure: Error, Hashable, CustomStringConvertible {
    var errno: Errno
    /// Why the socket was refused, or `nil` for a failed call.
    var refusal: String?

    /// The listener closed the connection.
    static let hungUp = SocketFailure(errno: .connectionReset)
    /// The listener sent bytes that break the protocol.
    static let protocolError = SocketFailure(errno: .protocolError)

    /// A socket that must not be streamed to: `EACCES`, described by `reason`.
    static func refused(_ reason: String) -> SocketFailure {
        SocketFailure(errno: .permissionDenied, refusal: "refusing to stream there: \(reason); nothing is sent")
    }

    /// The refusal's reason, else `strerror`'s words.
    var description: String { refusal ?? errno.description }
}

private func systemConnect(_ fd: Int32, _ address: UnsafePointer<sockaddr>, _ length: socklen_t) -> Int32 {
    connect(fd, address, length)
}

private func systemSend(_ fd: Int32, _ bytes: UnsafeRawPointer, _ count: Int, _ flags: Int32) -> Int {
    send(fd, bytes, count, flags)
}

private func systemReceive(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    #if canImport(Darwin)
    recv(fd, buffer, count, 0)
    #else
    recv(fd, buffer, count, Int32(MSG_DONTWAIT))
    #endif
}

private func systemClose(_ fd: Int32) -> Int32 {
    close(fd)
}
