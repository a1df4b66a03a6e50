import TraceFormat

/// The listener's TCP side (docs/FORMAT.md §17, "Pairing"): the ports it listens on for apps
/// that stream over TCP, and the apps it dials that listen themselves (`--connect`, through
/// `iproxy`, `adb forward` or an ssh tunnel). Both kinds of connection pair before anything
/// else and are then served as any connection is.
extension LiveListener {
    /// An app the listener dials, and again whenever the connection ends or fails.
    struct Dial {
        let address: TCPAddress
        /// The connection being made, and when it began.
        var connecting: (descriptor: Int32, since: ContinuousClock.Instant)?
        /// Whether a connection made from this dial is being served.
        var isConnected = false
        var nextAttempt = ContinuousClock.now
        var backoff = LiveListener.firstDialBackoff
        /// The last failure said, so that a repeated one is said once.
        var lastCause: String?
    }

    static let firstDialBackoff = Duration.milliseconds(100)
    static let longestDialBackoff = Duration.seconds(2)
    /// How long a dial may take to connect.
    static let longestConnect = Duration.seconds(5)

    /// Listens on ``Options/tcp`` and prepares ``Options/connect``'s dials.
    ///
    /// - Throws: ``ListenError`` when TCP is asked for without a pairing secret, or an address
    ///   cannot be resolved or listened on.
    func startTCP() throws(ListenError) {
        guard !options.tcp.isEmpty || !options.connect.isEmpty else { return }
        guard options.pairing != nil else { throw ListenError("TCP needs a pairing secret (--pairing)") }
        for address in options.tcp {
            let resolved: Syscalls.SocketAddress
            switch Syscalls.resolve(address, numericOnly: false, passive: true) {
            case let .success(found): resolved = found
            case let .failure(error): throw ListenError("cannot listen on tcp \(address): its address cannot be resolved (\(error))")
            }
            switch Syscalls.listenTCP(at: resolved) {
            case let .success(fd):
                tcpListeners.append(fd)
                var bound = address
                bound.port = Syscalls.boundPort(fd) ?? address.port
                tcpAddresses.append(bound)
            case let .failure(error):
                throw ListenError("cannot listen on tcp \(address): \(error)")
            }
        }
        dials = options.connect.map { Dial(address: $0) }
    }

    /// Closes the TCP listening sockets and the dials under way.
    func stopTCP() {
        for fd in tcpListeners { LiveSyscalls.close(fd) }
        tcpListeners = []
        for dial in dials { if let connecting = dial.connecting { LiveSyscalls.close(connecting.descriptor) } }
        dials = []
    }

    /// How soon the next poll must look at the dials: `nil` when none is under way or due.
    var dialWait: Duration? {
        let now = ContinuousClock.now
        var wait: Duration?
        for dial in dials where !dial.isConnected {
            let next = dial.connecting != nil ? .milliseconds(20) : max(.zero, dial.nextAttempt - now)
            wait = min(wait ?? next, next)
        }
        return wait
    }

    /// Starts the dials that are due and serves those that connected; says why one failed
    /// (once for each new cause) and tries it again after its backoff.
    func advanceDials(into events: inout [LiveEvent]) {
        let now = ContinuousClock.now
        for index in dials.indices where !dials[index].isConnected {
            let address = dials[index].address
            if let connecting = dials[index].connecting {
                if Syscalls.waitUntilWritable(connecting.descriptor, milliseconds: 0) {
                    dials[index].connecting = nil
                    if let error = Syscalls.pendingError(connecting.descriptor) {
                        LiveSyscalls.close(connecting.descriptor)
                        dialFailed(index, error.connectCause(to: address), into: &events)
                    } else if let connection = serve(connecting.descriptor, tcp: true, into: &events) {
                        connection.dialed = address
                        dials[index].isConnected = true
                    }
                } else if now - connecting.since > Self.longestConnect {
                    LiveSyscalls.close(connecting.descriptor)
                    dials[index].connecting = nil
                    dialFailed(index, Errno.timedOut.connectCause(to: address), into: &events)
                }
                continue
            }
            guard now >= dials[index].nextAttempt else { continue }
            switch Syscalls.resolve(address, numericOnly: false) {
            case let .failure(error):
                dialFailed(index, "cannot resolve \(address.host): \(error)", into: &events)
            case let .success(resolved):
                switch Syscalls.startConnecting(to: resolved) {
                case let .failure(error): dialFailed(index, error.connectCause(to: address), into: &events)
                case let .success((fd, _)): dials[index].connecting = (fd, now)
                }
            }
        }
    }

    /// A dialed connection ended: dial again after a backoff (the app may be restarting).
    ///
    /// - Parameters:
    ///   - reached: whether it reached the app's session (the backoff starts over, and the
    ///     next failure is said again).
    ///   - failure: why it was refused before that (said once for each new cause).
    func dialEnded(_ address: TCPAddress, reached: Bool, failure: String?, into events: inout [LiveEvent]) {
        guard let index = dials.firstIndex(where: { $0.address == address }) else { return }
        dials[index].isConnected = false
        if reached {
            dials[index].lastCause = nil
            dials[index].backoff = Self.firstDialBackoff
        }
        if let failure { return dialFailed(index, failure, into: &events) }
        dials[index].nextAttempt = .now + dials[index].backoff
    }

    private func dialFailed(_ index: Int, _ cause: String, into events: inout [LiveEvent]) {
        if dials[index].lastCause != cause {
            events.append(.refused("connecting to tcp \(dials[index].address): \(cause); retrying"))
            dials[index].lastCause = cause
        }
        dials[index].nextAttempt = .now + dials[index].backoff
        dials[index].backoff = min(dials[index].backoff * 2, Self.longestDialBackoff)
    }
}
