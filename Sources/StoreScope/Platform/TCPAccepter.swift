import TraceFormat

/// A TCP port the app listens on for a tool to connect (`STORESCOPE_TCP_LISTEN`,
/// ``RecordingSink/tcpListening(_:pairing:)``): on a device, `storescope listen --connect`
/// reaches it through a port forwarder (`iproxy`, `adb forward`) or an ssh tunnel. One tool at
/// a time: the next connection is accepted once the current one ends; one that does not pair
/// within ``PairingAttempt/longestAttempt`` is dropped and the next one taken.
final class TCPAccepter: LiveEndpoint {
    let address: TCPAddress
    let secret: PairingSecret
    private let diagnostics: @Sendable (String) -> Void
    private var listening: Int32 = -1
    private var attempt: PairingAttempt?

    init(address: TCPAddress, secret: PairingSecret, diagnostics: @escaping @Sendable (String) -> Void) {
        self.address = address
        self.secret = secret
        self.diagnostics = diagnostics
    }

    var name: String { "tcp listening on \(address)" }
    var place: String { name }

    func open() -> LiveEndpointStep {
        if listening < 0 {
            let failure = listen()
            if let failure { return .failed(failure) }
        }
        if attempt == nil {
            switch Syscalls.acceptConnection(listening) {
            case .success(nil): return .waiting
            case let .failure(errno): return .failed(SocketFailure(errno: errno, refusal: "cannot accept on \(address): \(errno)"))
            case let .success(fd?):
                attempt = PairingAttempt(descriptor: fd, connecting: false, deadline: Clock.monotonicNanos() + PairingAttempt.longestAttempt)
            }
        }
        return attempt.stepAttempt(role: .app, secret: secret, address: address)
    }

    /// Listens, and tells the user how to connect (the port the system chose for port 0).
    private func listen() -> SocketFailure? {
        let resolved: Syscalls.SocketAddress
        switch Syscalls.resolve(address, numericOnly: true, passive: true) {
        case let .success(found): resolved = found
        case .failure:
            return SocketFailure(errno: .invalidArgument, refusal: "\(address.host) is not an IP address to listen on (127.0.0.1 keeps it on this device)")
        }
        switch Syscalls.listenTCP(at: resolved) {
        case let .failure(errno):
            return SocketFailure(errno: errno, refusal: "cannot listen on \(address): \(errno)")
        case let .success(fd):
            listening = fd
        }
        var bound = address
        bound.port = Syscalls.boundPort(listening) ?? address.port
        let exposed = bound.isLoopback ? "" : "; the stream is authenticated but not encrypted, and this port is open beyond this device"
        diagnostics(
            "listening for storescope on tcp \(bound) with pairing secret \(secret)\(exposed); connect with: storescope listen --connect \(bound) --pairing \(secret) (from a Mac to a device over USB: iproxy \(bound.port) \(bound.port) first)")
        return nil
    }

    func awaitAttempt(milliseconds: Int32) -> Bool {
        attempt.awaitAttempt(milliseconds: milliseconds)
    }

    func close() {
        attempt.abandonAttempt()
        if listening >= 0 { Syscalls.close(listening) }
        listening = -1
    }
}
