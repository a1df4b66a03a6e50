import TraceFormat

/// A listener's TCP port the app connects to (`STORESCOPE_TCP`, ``RecordingSink/tcp(_:pairing:)``):
/// a non-blocking connect, then pairing, each turn of the worker taking the next step, the
/// whole at most ``longestAttempt``. The host must be a numeric address (or `localhost`): the
/// worker never waits on a name lookup.
final class TCPDialer: LiveEndpoint {
    let address: TCPAddress
    let secret: PairingSecret
    private var attempt: PairingAttempt?

    init(address: TCPAddress, secret: PairingSecret) {
        self.address = address
        self.secret = secret
    }

    var name: String { "tcp \(address)" }
    var place: String { name }

    func open() -> LiveEndpointStep {
        if attempt == nil {
            let resolved: Syscalls.SocketAddress
            switch Syscalls.resolve(address, numericOnly: true) {
            case let .success(found): resolved = found
            case .failure:
                return .failed(SocketFailure(
                    errno: .invalidArgument,
                    refusal: "\(address.host) is not an IP address: an app streams to its listener's address (the Mac's IP on a device, 127.0.0.1 in the Simulator)"))
            }
            switch Syscalls.startConnecting(to: resolved) {
            case let .failure(errno): return .failed(SocketFailure(errno: errno, refusal: errno.connectCause(to: address)))
            case let .success((fd, inProgress)):
                attempt = PairingAttempt(descriptor: fd, connecting: inProgress, deadline: Clock.monotonicNanos() + PairingAttempt.longestAttempt)
            }
        }
        return attempt.stepAttempt(role: .app, secret: secret, address: address)
    }

    func awaitAttempt(milliseconds: Int32) -> Bool {
        attempt.awaitAttempt(milliseconds: milliseconds)
    }

    func close() {
        attempt.abandonAttempt()
    }
}
