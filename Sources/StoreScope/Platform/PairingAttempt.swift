import TraceFormat

/// A TCP connection being made, by the app's ``TCPDialer`` or accepted by its ``TCPAccepter``:
/// connected (or still connecting), then paired, within ``longestAttempt``.
struct PairingAttempt {
    let descriptor: Int32
    var connecting: Bool
    let deadline: UInt64
    var channel: StreamChannel?

    /// How long connecting and pairing may take before the attempt counts as timed out.
    static let longestAttempt: UInt64 = 5_000_000_000

    init(descriptor: Int32, connecting: Bool, deadline: UInt64) {
        self.descriptor = descriptor
        self.connecting = connecting
        self.deadline = deadline
    }

    /// Waits up to `milliseconds` for the attempt's next step: the connect to finish, or the
    /// peer's pairing bytes.
    func awaitProgress(milliseconds: Int32) {
        if connecting {
            _ = Syscalls.waitUntilWritable(descriptor, milliseconds: milliseconds)
        } else {
            _ = Syscalls.waitForInput([descriptor], milliseconds: milliseconds)
        }
    }

    /// Takes the next step: connected and paired, still under way, or failed (the descriptor
    /// closed).
    mutating func step(role: PairingRole, secret: PairingSecret, address: TCPAddress) -> LiveEndpointStep {
        if connecting {
            guard Syscalls.waitUntilWritable(descriptor, milliseconds: 0) else { return timeoutCheck(address) }
            if let errno = Syscalls.pendingError(descriptor) {
                abandon()
                return .failed(SocketFailure(errno: errno, refusal: errno.connectCause(to: address)))
            }
            connecting = false
        }
        let channel = channel ?? StreamChannel(descriptor: descriptor, pairing: (role, secret))
        self.channel = channel
        switch channel.advancePairing() {
        case .success(true):
            return .connected(StreamSocket(channel: channel))
        case .success(false):
            return timeoutCheck(address)
        case let .failure(failure):
            abandon()
            if case .system(.connectionReset) = failure {
                return .failed(SocketFailure(
                    errno: .connectionReset,
                    refusal: "\(address) hung up while pairing (it refused this app's proof: compare the pairing secrets, or it is not a StoreScope \(role == .app ? "listener" : "app"))"))
            }
            return .failed(SocketFailure(failure))
        }
    }

    private func timeoutCheck(_ address: TCPAddress) -> LiveEndpointStep {
        guard Clock.monotonicNanos() >= deadline else { return .waiting }
        let what = connecting ? "connecting to" : "pairing with"
        abandon()
        return .failed(SocketFailure(errno: .timedOut, refusal: "timed out \(what) \(address) after \(Self.longestAttempt / 1_000_000_000) s"))
    }

    /// Closes the connection under way.
    func abandon() {
        if let channel { channel.close() } else { Syscalls.close(descriptor) }
    }
}

/// The attempt an endpoint has under way, if any: ``TCPDialer`` and ``TCPAccepter`` each hold
/// one, and take its steps, wait on it and abandon it alike.
extension Optional where Wrapped == PairingAttempt {
    /// Takes the attempt's next step (there must be one under way); the attempt is let go
    /// once it connected or failed.
    mutating func stepAttempt(role: PairingRole, secret: PairingSecret, address: TCPAddress) -> LiveEndpointStep {
        let step = self!.step(role: role, secret: secret, address: address)
        if case .waiting = step {} else { self = nil }
        return step
    }

    /// ``LiveEndpoint/awaitAttempt(milliseconds:)``: whether an attempt is under way, having
    /// waited up to `milliseconds` for it to move.
    func awaitAttempt(milliseconds: Int32) -> Bool {
        guard let attempt = self else { return false }
        attempt.awaitProgress(milliseconds: milliseconds)
        return true
    }

    /// Closes the attempt under way, if any.
    mutating func abandonAttempt() {
        self?.abandon()
        self = nil
    }
}
