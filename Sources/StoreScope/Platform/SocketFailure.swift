import TraceFormat

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

extension SocketFailure {
    /// A channel's failure: its errno, or what broke the pairing or a frame.
    init(_ failure: StreamChannel.Failure) {
        switch failure {
        case let .system(errno): self.init(errno: errno)
        case .pairing, .forged: self.init(errno: .protocolError, refusal: "\(failure)")
        }
    }
}
