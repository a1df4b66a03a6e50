/// Listens on a Unix socket for apps streaming their sessions (``RecordingSink/socket``) and
/// hands out what arrives as ``LiveEvent``s: the live source `storescope listen` prints and a
/// viewer consumes. Any number of sessions at once; each is checked, decoded and optionally
/// recorded to its own trace file on its own, so a broken or hostile peer only loses its own
/// connection.
///
/// It can also listen on TCP (``Options/tcp``) and dial apps that listen themselves
/// (``Options/connect``), for apps on other machines and devices; the Unix socket stays, for
/// local apps and for control clients.
///
/// Security: the socket lives in a directory of ours closed to others (see
/// ``SocketDirectory``), is created `0600`, and a peer whose uid is not ours (nor in
/// ``Options/allowedUserIDs``) is refused. A TCP peer must pair (``PairingHandshake``, with
/// ``Options/pairing``) before any byte of its stream is taken, and every frame after that
/// carries a code only the pair can make; a TCP peer is never a control client.
///
/// A listener is used from one thread: call ``poll(timeout:)`` in a loop, then ``stop()``.
public final class LiveListener {
    /// How the listener treats its peers.
    public struct Options: Sendable {
        /// User ids besides our own that may stream to this listener.
        public var allowedUserIDs: Set<UInt32>
        /// Where each session is recorded to its own file, or `nil`.
        public var recordDirectory: String?
        /// A peer that starts a unit (the header, a chunk) and sends nothing more for this long
        /// is disconnected.
        public var stallTimeout: Duration
        /// The largest chunk a peer may send (the format's limit by default); this bounds the
        /// memory one connection can hold.
        public var maximumFrameSize: Int
        /// The most memory all connections together may hold for chunks arriving and decoded
        /// in one ``LiveListener/poll(timeout:)`` (see ``TraceStreamDecoder/memoryCost(of:decoding:)``):
        /// a chunk that would go past it loses its own connection, with a message, and the other
        /// sessions go on. At least one chunk of the largest size must fit.
        public var memoryBudget: Int
        /// Whether records are decoded and handed out in ``LiveEvent/records(_:_:)`` events.
        /// Off, chunks are only checked and recorded (faster: nothing is inflated), and an app
        /// closing its session is noticed only when it hangs up.
        public var decodesRecords: Bool
        /// TCP addresses to listen on as well, for apps that stream over TCP.
        public var tcp: [TCPAddress] = []
        /// TCP addresses of apps that listen (``RecordingSink/tcpListening``) for this
        /// listener to dial; each is dialed again, with backoff, whenever its connection ends.
        public var connect: [TCPAddress] = []
        /// The secret TCP peers pair with; required when ``tcp`` or ``connect`` is not empty.
        public var pairing: PairingSecret?

        /// The default ``memoryBudget``: 512 MiB.
        public static let defaultMemoryBudget = 512 * 1024 * 1024

        /// Creates options; by default only our own uid, no recording, a 10 s stall timeout,
        /// a 512 MiB memory budget.
        public init(
            allowedUserIDs: Set<UInt32> = [], recordDirectory: String? = nil, stallTimeout: Duration = .seconds(10),
            maximumFrameSize: Int = 64 * 1024 * 1024, memoryBudget: Int = Options.defaultMemoryBudget, decodesRecords: Bool = true
        ) {
            self.memoryBudget = memoryBudget
            self.decodesRecords = decodesRecords
            self.allowedUserIDs = allowedUserIDs
            self.recordDirectory = recordDirectory
            self.stallTimeout = stallTimeout
            self.maximumFrameSize = maximumFrameSize
        }
    }

    /// The socket's path.
    public let path: String
    /// The options in force.
    public let options: Options
    /// The sessions connected now.
    public var sessions: [LiveSession] { connections.compactMap(\.session) }

    private var descriptor: Int32
    /// The TCP sockets listening (``Options/tcp``), and the addresses they are bound to (the
    /// port the system chose for port 0).
    var tcpListeners: [Int32] = []
    public internal(set) var tcpAddresses: [TCPAddress] = []
    /// The apps this listener dials (``Options/connect``).
    var dials: [Dial] = []
    var connections: [LiveConnection] = []
    /// Control clients (``ControlRequest``) and the session recordings their jumps read.
    var clients: [ControlClientConnection] = []
    var recordings: [Int: TraceSession] = [:]
    /// The effects the recordings hold, by connection, as far as jumps have read them.
    var collectedEffects: [Int: ControlCommandBuilder.CollectedEffects] = [:]
    /// What typed actions are checked against, by connection.
    var dispatchChecks: [Int: DispatchCheck] = [:]
    private var nextNumber = 1
    private var readBuffer = [UInt8](repeating: 0, count: 256 * 1024)
    /// While the process is out of file descriptors, accepting waits until this instant (the
    /// waiting connection would otherwise wake every poll at once: a busy loop).
    private var acceptPausedUntil: ContinuousClock.Instant?
    /// Memory the events of the poll under way hold (see ``Options/memoryBudget``).
    private var heldThisPoll = 0
    private var acceptBackoff = LiveListener.firstAcceptBackoff
    static let firstAcceptBackoff = Duration.milliseconds(50)
    static let longestAcceptBackoff = Duration.seconds(1)

    /// Prepares the directory, removes a stale socket, and listens at `path`.
    ///
    /// - Throws: ``ListenError`` when the directory is not private, another listener serves
    ///   `path`, or the socket cannot be created.
    public init(path: String, options: Options = Options()) throws(ListenError) {
        self.path = path
        self.options = options
        try SocketDirectory.prepare(socketPath: path)
        switch LiveSyscalls.listen(at: path) {
        case let .success(fd): descriptor = fd
        case let .failure(error): throw ListenError("cannot listen at \(path): \(error)")
        }
        do throws(ListenError) {
            try startTCP()
        } catch {
            stop()
            throw error
        }
    }

    deinit { if descriptor >= 0 { _ = stop() } }

    /// Waits at most `timeout` for activity, then accepts, reads and decodes what arrived.
    /// Returns early, possibly with no events, when a signal arrives.
    ///
    /// - Returns: the events, in the order they happened.
    public func poll(timeout: Duration) -> [LiveEvent] {
        guard descriptor >= 0 else { return [] }
        var wait = timeout
        if let until = acceptPausedUntil {
            let left = until - ContinuousClock.now
            if left <= .zero { acceptPausedUntil = nil } else { wait = min(wait, left) }
        }
        // Chunks deferred by the last poll's memory budget are decoded now, without waiting, and
        // so are stream bytes a paired channel opened but this poll's reads left there.
        let deferred = connections.map { $0.hasDeferredChunks || $0.channel.hasBufferedStream }
        if deferred.contains(true) { wait = .zero }
        // A negative descriptor is ignored by poll: the listening socket sits out a pause.
        let listening = acceptPausedUntil == nil ? descriptor : -1
        // Commands or replies still to send: come back soon to send the rest.
        if connections.contains(where: \.hasOutgoing) || clients.contains(where: \.hasUnsentReply) { wait = min(wait, .milliseconds(5)) }
        // Requests waiting for their session's first store are served again soon.
        if clients.contains(where: { $0.waitingForStore != nil }) { wait = min(wait, .milliseconds(20)) }
        // Dials under way or due are looked at again soon.
        if let dialWait { wait = min(wait, dialWait) }
        let clientDescriptors = clients.map(\.descriptor)
        let listeningTCP = tcpListeners.map { acceptPausedUntil == nil ? $0 : -1 }
        var ready = LiveSyscalls.waitForInput(
            [listening] + listeningTCP + connections.map(\.descriptor) + clientDescriptors, milliseconds: Self.milliseconds(wait))
        let clientsReady = Array(ready.suffix(clientDescriptors.count))
        ready.removeLast(clientDescriptors.count)
        let tcpReady = Array(ready[1..<1 + listeningTCP.count])
        ready.removeSubrange(1..<1 + listeningTCP.count)
        for (index, isDeferred) in deferred.enumerated() where isDeferred { ready[index + 1] = true }
        var events: [LiveEvent] = []
        // The events of this poll hold their chunks' records until the caller takes them.
        heldThisPoll = 0
        if ready[0] { accept(descriptor, into: &events) }
        for (index, fd) in tcpListeners.enumerated() where tcpReady[index] { accept(fd, tcp: true, into: &events) }
        advanceDials(into: &events)
        var finished: [Int] = []
        for (index, connection) in connections.enumerated() where ready.count > index + 1 && ready[index + 1] {
            if let end = read(connection, into: &events) {
                finished.append(index)
                if let bytes = connection.controlClientBytes {
                    adoptClient(connection, bytes)
                } else {
                    close(connection, end, into: &events)
                }
            }
        }
        serveClients(ready: clientsReady)
        let now = ContinuousClock.now
        for (index, connection) in connections.enumerated() where !finished.contains(index) {
            if let started = connection.unitStartedAt, now - started > options.stallTimeout {
                finished.append(index)
                let what = !connection.channel.isOpen ? "no complete pairing"
                    : connection.session == nil && !connection.awaitsProof ? "no complete session header" : "part of a chunk and then nothing more"
                close(connection, .rejected("sent \(what) for \(options.stallTimeout); disconnected"), into: &events)
            }
        }
        for index in finished.sorted(by: >) { connections.remove(at: index) }
        answerClients()
        return events
    }

    /// Ends every session (completing their recordings), closes the socket and removes its
    /// file. Idempotent.
    ///
    /// - Returns: the sessions' end events.
    @discardableResult
    public func stop() -> [LiveEvent] {
        guard descriptor >= 0 else { return [] }
        var events: [LiveEvent] = []
        for connection in connections { close(connection, .listenerStopped, into: &events) }
        connections.removeAll()
        for client in clients {
            client.reply(.error("the listener stopped"))
            client.close()
        }
        clients.removeAll()
        recordings.removeAll()
        stopTCP()
        LiveSyscalls.close(descriptor)
        descriptor = -1
        _ = LiveSyscalls.remove(path)
        return events
    }

    /// `duration` in whole milliseconds for poll, rounded up and clamped (total for any duration).
    static func milliseconds(_ duration: Duration) -> Int32 {
        guard duration > .zero else { return 0 }
        let (seconds, attoseconds) = duration.components
        guard seconds < Int64(Int32.max / 1000) else { return Int32.max }
        return Int32(seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000)
    }

    private func accept(_ listening: Int32, tcp: Bool = false, into events: inout [LiveEvent]) {
        while true {
            switch LiveSyscalls.accept(listening) {
            case .success(nil): return
            case let .failure(error) where error.isOutOfDescriptors:
                // Said once per episode; the waiting peers stay in the backlog until a
                // descriptor frees up.
                if acceptBackoff == Self.firstAcceptBackoff {
                    events.append(.refused("cannot accept connections: \(error) (\(connections.count) connected); waiting for descriptors to free up, retrying with backoff"))
                }
                acceptPausedUntil = ContinuousClock.now + acceptBackoff
                acceptBackoff = min(acceptBackoff * 2, Self.longestAcceptBackoff)
                return
            case let .failure(error):
                events.append(.refused("cannot accept a connection: \(error)"))
                return
            case let .success(fd?):
                if acceptBackoff != Self.firstAcceptBackoff {
                    acceptBackoff = Self.firstAcceptBackoff
                    events.append(.refused("accepting connections again"))
                }
                if tcp {
                    // A TCP peer has no uid to check: it pairs before anything else.
                    Syscalls.setNoDelay(fd)
                    serve(fd, tcp: true, into: &events)
                    continue
                }
                let uid = Syscalls.peerUserID(fd)
                guard let uid, uid == LiveSyscalls.userID || options.allowedUserIDs.contains(uid) else {
                    LiveSyscalls.close(fd)
                    events.append(.refused("refused a connection from uid \(uid.map(String.init) ?? "unknown"): only your own uid (\(LiveSyscalls.userID)) and --allow-uid may stream here"))
                    continue
                }
                serve(fd, tcp: false, into: &events)
            }
        }
    }

    /// Makes a connection of a socket accepted or dialed: paired first when it is TCP.
    ///
    /// - Returns: the connection, or `nil` when it cannot be served (said in `events`).
    @discardableResult
    func serve(_ fd: Int32, tcp: Bool, into events: inout [LiveEvent]) -> LiveConnection? {
        let pairing = tcp ? options.pairing.map { (role: PairingRole.listener, secret: $0) } : nil
        do throws(TraceError) {
            let connection = try LiveConnection(
                channel: StreamChannel(descriptor: fd, pairing: pairing), isTCP: tcp, number: nextNumber,
                maximumFrameSize: options.maximumFrameSize, decodesRecords: options.decodesRecords)
            // The listener owns its connections: they never outlive it.
            connection.isRecordedElsewhere = { [unowned self, unowned connection] path in
                connections.contains { $0 !== connection && $0.recordingPath == path }
            }
            connections.append(connection)
            nextNumber += 1
            return connection
        } catch {
            LiveSyscalls.close(fd)
            events.append(.refused("cannot serve a connection: \(error)"))
            return nil
        }
    }

    /// Reads a bounded amount from `connection` (so one busy peer cannot starve the others).
    ///
    /// - Returns: how the connection ended, or `nil` while it goes on.
    private func read(_ connection: LiveConnection, into events: inout [LiveEvent]) -> LiveSessionEnd? {
        if connection.hasDeferredChunks, let end = decode(UnsafeRawBufferPointer(start: nil, count: 0), from: connection, into: &events) {
            return end
        }
        for _ in 0..<8 {
            // Past the budget for this poll, the rest waits in the kernel for the next one.
            guard !connection.hasDeferredChunks else { return nil }
            let result = readBuffer.withUnsafeMutableBytes { connection.channel.receive(into: $0) }
            switch result {
            case .success(nil): return nil
            case .success(0):
                if !connection.channel.isOpen { return .rejected("hung up while pairing") }
                if connection.decoder.isFinished || connection.lastChunkEndsSession { return .closed }
                return .hungUp(unfinishedBytes: connection.decoder.bufferedBytes)
            case let .success(count?):
                if !connection.isTCP, connection.session == nil, connection.decoder.consumedBytes == 0, connection.decoder.bufferedBytes == 0,
                    count >= ControlRequest.magic.count, readBuffer[0..<ControlRequest.magic.count].elementsEqual(ControlRequest.magic)
                {
                    // Not an app: a control client on the same socket, past the same uid check.
                    connection.controlClientBytes = Array(readBuffer[0..<count])
                    return .closed
                }
                let end = readBuffer.withUnsafeBytes { raw in
                    decode(UnsafeRawBufferPointer(rebasing: raw[0..<count]), from: connection, into: &events)
                }
                if let end { return end }
            case let .failure(failure):
                switch failure {
                case .pairing, .forged:
                    // Nothing of a peer that fails pairing is taken; one that paired and then
                    // sends a frame that fails its code loses its connection there.
                    return .rejected("\(failure); disconnected")
                case .system:
                    // ECONNRESET and the like: the peer is gone, as with an orderly hang-up.
                    if !connection.channel.isOpen { return .rejected("hung up while pairing") }
                    return .hungUp(unfinishedBytes: connection.decoder.bufferedBytes)
                }
            }
        }
        return nil
    }

    /// Feeds `bytes` to the connection within what the memory budget has left: the budget less
    /// what other connections reserved for chunks arriving and what this poll's events hold.
    ///
    /// - Returns: how the connection ended, or `nil` while it goes on.
    private func decode(_ bytes: UnsafeRawBufferPointer, from connection: LiveConnection, into events: inout [LiveEvent]) -> LiveSessionEnd? {
        let othersReserve = connections.reduce(0) { $1 === connection ? $0 : $0 + $1.decoder.reservedBytes }
        do throws(TraceError) {
            events += try connection.receive(
                bytes, recordDirectory: options.recordDirectory, memoryBudget: options.memoryBudget - othersReserve,
                held: &heldThisPoll)
        } catch {
            return .rejected("\(error); disconnected")
        }
        connection.acknowledge()
        // A recording that failed confirms nothing more; hanging up makes the app count what
        // it sent since as dropped (and retry later) instead of leaving it unconfirmed for ever.
        if let failure = connection.recordingFailure { return .rejected("\(failure); disconnected, the app counts the rest as dropped") }
        return connection.decoder.isFinished ? .closed : nil
    }

    private func close(_ connection: LiveConnection, _ end: LiveSessionEnd, into events: inout [LiveEvent]) {
        let problem = connection.close()
        recordings[connection.number] = nil
        collectedEffects[connection.number] = nil
        dispatchChecks[connection.number] = nil
        for client in clients where client.awaiting?.connection == connection.number {
            client.reply(.error("the app's session ended before it recorded the command's outcome"))
        }
        events += connection.endProofWait()
        if let address = connection.dialed {
            let failure: String? = if connection.session == nil, case let .rejected(reason) = end { reason } else { nil }
            dialEnded(address, reached: connection.session != nil, failure: failure, into: &events)
            if failure != nil { return }
        }
        guard let session = connection.session else {
            if case let .rejected(reason) = end { events.append(.refused("connection \(connection.number): \(reason)")) }
            return
        }
        if let problem { events.append(.warning(session, problem)) }
        events.append(.ended(session, end))
    }
}
