import TraceFormat

#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A listener's Unix socket on this machine: connected at once or not at all, and trusted by
/// the kernel's word (its directory, its peer's uid) rather than by pairing.
final class UnixEndpoint: LiveEndpoint {
    let path: String

    init(path: String) {
        self.path = path
    }

    var name: String { "socket \(path)" }
    var place: String { path }

    func open() -> LiveEndpointStep {
        switch Self.connect(to: path) {
        case let .success(socket): .connected(socket)
        case let .failure(failure): .failed(failure)
        }
    }

    func close() {}

    /// A Unix socket connects at once or fails: never under way.
    func awaitAttempt(milliseconds: Int32) -> Bool { false }

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
    static func connect(to path: String) -> Result<StreamSocket, SocketFailure> {
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
        // Close-on-exec and non-blocking; SO_NOSIGPIPE on Darwin, MSG_NOSIGNAL on Linux.
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
                return .success(StreamSocket(channel: StreamChannel(descriptor: fd, pairing: nil), listener: listener))
            }
            let failure = Errno.current
            if failure == .interrupted { continue }
            // EINPROGRESS / EAGAIN: the listener's backlog is full. Not waiting is the point:
            // give this attempt up and let the caller retry after its backoff.
            _ = systemClose(fd)
            return .failure(SocketFailure(errno: failure))
        }
    }
}

private func systemConnect(_ fd: Int32, _ address: UnsafePointer<sockaddr>, _ length: socklen_t) -> Int32 {
    connect(fd, address, length)
}

private func systemClose(_ fd: Int32) -> Int32 {
    close(fd)
}
