import TraceFormat

/// A trace streamed to a listener, for live viewing: over its Unix socket, or over TCP with
/// pairing (``LiveEndpoint``: the app dials the listener, or listens for it to dial). It never
/// blocks and never fails the recording: it connects when a listener is there, reconnects
/// with backoff when it goes away, and drops whole chunks (counting them in a ``StreamLoss``)
/// when the listener is absent or too slow for its bounded buffer. Each connection starts with the session header,
/// so the listener can write what it receives to a valid trace file.
///
/// The listener confirms what it took in (``ListenerMessage/acknowledged(bytes:)``). A chunk
/// stays in flight from the moment it is queued until it is confirmed; when the connection
/// ends, every chunk still in flight — in the kernel's buffers, or read by a listener that died
/// before writing it — is counted as lost, so that "received or counted as dropped" holds for
/// every action (a chunk the listener wrote just before dying unconfirmed is counted as lost too:
/// it may be both in the old session file and in the `dropped` record).
///
/// On a reconnection the listener may ask the app to prove that it started the session
/// (``ListenerMessage/proofWanted``) before continuing the session's file: the app then sends
/// its secret (``SessionProof``) right after the header, on this connection only — one whose
/// listener's directory and uid it checked. It waits for the listener's first word, at most
/// ``longestProofWait``, before it resumes with keyframes, so that no chunk precedes the proof.
///
/// Used by the recorder's worker thread only (see ``LiveOutput``).
final class LiveSocketOutput: TraceOutput, LiveOutput {
    /// Where the stream goes, in diagnostics: the socket's path, or `tcp HOST:PORT`.
    var path: String { endpoint.place }
    private let endpoint: any LiveEndpoint
    let bufferLimit: Int
    let stream: SinkCounters
    private let diagnostics: @Sendable (String) -> Void
    private var socket: StreamSocket?
    /// Whether a connection is under way (TCP: connecting, pairing, or waiting for a tool):
    /// the stream has started, and its bytes wait in ``pending`` until it opens.
    private var isOpening = false
    /// The session header: the first bytes the writer sends, resent on every connection.
    private var header: [UInt8]?
    private var pending: PendingFrames
    /// Whether records are being dropped until the worker resumes the stream.
    private var isLosing = false
    private var loss = StreamLoss()
    /// The loss the worker's last `dropped` record reports, until the chunk carrying that record
    /// is queued: if that chunk is lost in turn, so is the report, and the loss is counted again.
    private var reportedLoss = StreamLoss()
    /// The writer sent its footer: nothing after it goes to the stream.
    private var footerSeen = false
    private var nextAttempt: UInt64 = 0
    private var backoff: UInt64 = LiveSocketOutput.firstBackoff
    private var hasConnected = false
    /// When the current connection was made: one that lasted `steadyNanos` resets the backoff.
    private var connectedAt: UInt64 = 0
    /// Whether a connection that ended at once (a listener refusing us) was reported.
    private var reportedShortConnection = false
    private var lastFailure: SocketFailure?
    /// The session's secret (``SessionProof``), or empty when the recorder has none.
    private let sessionSecret: [UInt8]
    /// Until when a reconnection waits for the listener's first message before resuming.
    private var awaitingListenerUntil: UInt64?

    /// A chunk queued on the connection and not confirmed yet (or several, merged when
    /// ``mostInFlight`` is reached: memory stays bounded whatever the listener does).
    private struct InFlight {
        /// The stream offset just past it.
        var end: UInt64
        var loss: StreamLoss
        var actions: UInt64
    }
    private var inFlight: [InFlight] = []
    private var inFlightHead = 0
    /// Bytes queued on this connection, header included.
    private var streamOffset: UInt64 = 0
    private var confirmed: UInt64 = 0
    private var messages = ListenerMessageDecoder()
    /// Control commands being joined from their parts, and those read and not yet taken.
    var commandParts: ControlCommandAssembler
    var commands: [ReceivedCommand] = []
    /// The bytes of the command bodies read since the worker last took them (each bounded by
    /// one command's limit, all together too).
    var commandBytesThisTurn = 0
    /// Where the last chunk given to ``write(_:)`` went, for ``chunkWritten(actions:)``.
    private enum LastChunk: Equatable {
        case lost
        /// Queued; its stream offset just past it.
        case inFlight(end: UInt64)
        case none
    }
    private var lastChunk = LastChunk.none

    static let firstBackoff: UInt64 = 20_000_000
    static let longestBackoff: UInt64 = 1_000_000_000
    static let steadyNanos: UInt64 = 1_000_000_000
    static let mostInFlight = 4_096
    /// How long a reconnection waits for the listener's first message (a request for the
    /// session's proof, or its acknowledgement of the header) before resuming without it.
    static let longestProofWait: UInt64 = 500_000_000

    /// A stream to the listener's Unix socket at `path`.
    convenience init(
        path: String, bufferLimit: Int, control: ControlSettings = ControlSettings(), sessionSecret: [UInt8] = [],
        diagnostics: @escaping @Sendable (String) -> Void
    ) {
        self.init(
            endpoint: UnixEndpoint(path: path), bufferLimit: bufferLimit, control: control, sessionSecret: sessionSecret,
            diagnostics: diagnostics)
    }

    init(
        endpoint: any LiveEndpoint, bufferLimit: Int, control: ControlSettings = ControlSettings(), sessionSecret: [UInt8] = [],
        diagnostics: @escaping @Sendable (String) -> Void
    ) {
        self.sessionSecret = sessionSecret
        commandParts = ControlCommandAssembler(maximumBodyBytes: control.maximumCommandBytes)
        self.endpoint = endpoint
        self.bufferLimit = bufferLimit
        self.diagnostics = diagnostics
        stream = SinkCounters(destination: endpoint.name)
        pending = PendingFrames(limit: bufferLimit)
    }

    var counters: [SinkCounters] { [stream] }

    var isConnected: Bool { socket != nil }
    private(set) var connectionsEnded = 0

    func write(_ bytes: UnsafeRawBufferPointer) throws(TraceError) {
        guard header != nil else {
            // The writer's first write is the file header.
            header = Array(bytes)
            _ = service(closing: false)
            return
        }
        guard !footerSeen else { return }
        guard let chunk = try? ChunkHeader.decode(frame: bytes) else { return }
        if chunk.kind == .index {
            // The footer index describes a file's offsets; a stream has none.
            footerSeen = true
            return
        }
        guard !isLosing, socket != nil || isOpening else { return lose(chunk) }
        var sent = 0
        if pending.isEmpty, let socket {
            switch socket.send(bytes) {
            case let .success(n): sent = n
            case let .failure(error):
                disconnect(error)
                return lose(chunk)
            }
        }
        if sent < bytes.count {
            guard pending.canTake(bytes.count - sent) else {
                // The listener is slower than the app: lose this chunk and every one after it
                // until the worker resumes the stream with a `dropped` record and keyframes.
                isLosing = true
                return lose(chunk)
            }
            pending.append(bytes, sent: sent)
        }
        streamOffset += UInt64(bytes.count)
        var one = reportedLoss
        reportedLoss = StreamLoss()
        one.add(chunk)
        if inFlight.count - inFlightHead >= Self.mostInFlight {
            // Merge the two oldest: the loss counted at a disconnect can only grow, never shrink.
            let oldest = inFlight[inFlightHead]
            inFlightHead += 1
            inFlight[inFlightHead].loss.add(oldest.loss)
            inFlight[inFlightHead].actions += oldest.actions
        }
        inFlight.append(InFlight(end: streamOffset, loss: one, actions: 0))
        lastChunk = .inFlight(end: streamOffset)
    }

    private func lose(_ chunk: ChunkHeader) {
        isLosing = true
        loss.add(chunk)
        loss.add(reportedLoss)
        reportedLoss = StreamLoss()
        lastChunk = .lost
    }

    func chunkWritten(actions: UInt64) {
        switch lastChunk {
        case .lost: stream.update { $0.actionsDropped += actions }
        case let .inFlight(end) where end <= confirmed:
            // Confirmed already (the writer's close waits for the listener before returning).
            stream.update { $0.actionsRecorded += actions }
        case .inFlight:
            // Not confirmed: the newest entry holds it (merging keeps the newest apart).
            inFlight[inFlight.count - 1].actions += actions
            stream.update { $0.actionsUnconfirmed += actions }
        case .none: break
        }
        lastChunk = .none
    }

    func service(closing: Bool) -> Bool {
        if socket == nil, header != nil, Clock.monotonicNanos() >= nextAttempt { connect() }
        if let socket, let error = pending.send(through: socket) ?? readMessages(from: socket) { disconnect(error) }
        guard isLosing, socket != nil else { return false }
        if let until = awaitingListenerUntil, !closing {
            guard Clock.monotonicNanos() >= until else { return false }
            awaitingListenerUntil = nil
        }
        return closing || pending.byteCount <= bufferLimit / 2
    }

    /// Bytes waiting to be sent.
    var bufferedBytes: Int { pending.byteCount }

    func resume() -> StreamLoss {
        defer { loss = StreamLoss() }
        isLosing = false
        reportedLoss = loss
        return loss
    }

    /// Streams are delivered in order; there is nothing to force.
    func sync() throws(TraceError) {}

    /// Sends what is buffered and waits for the listener to confirm it, at most a second in
    /// all, then hangs up. What is still unconfirmed stays counted as such. A connection still
    /// opening (a TCP connect or its pairing under way, the session buffered meanwhile) gets
    /// that second to open or fail first: a short session that ends mid-pairing is then sent,
    /// or the app is told why the listener refused it, not that no listener was there.
    func close() {
        defer { endpoint.close() }
        let deadline = Clock.monotonicNanos() + 1_000_000_000
        while socket == nil, isOpening, Clock.monotonicNanos() < deadline, endpoint.awaitAttempt(milliseconds: 20) {
            connect()
        }
        if socket == nil, isOpening, endpoint.awaitAttempt(milliseconds: 0) {
            // A connection under way, neither open nor failed within the second (a listener
            // that took the TCP connection but did not pair in time): what waited for it is
            // lost, and the app is told that, not that no listener was there. (An app listening
            // for a tool that never came has no connection under way: nothing to say.)
            isOpening = false
            let failure = SocketFailure(errno: .timedOut, refusal: Self.stillOpening(endpoint.place))
            diagnostics("live stream: \(failure)")
            endStream(failure)
        }
        guard let socket else { return }
        while Clock.monotonicNanos() < deadline, !pending.isEmpty || socket.channel.hasUnsent || confirmed < streamOffset {
            if let error = pending.send(through: socket) ?? readMessages(from: socket) {
                disconnect(error)
                return
            }
            if !pending.isEmpty || socket.channel.hasUnsent {
                _ = socket.waitUntilWritable(milliseconds: 50)
            } else if confirmed < streamOffset {
                socket.waitUntilReadable(milliseconds: 50)
            }
        }
        socket.close()
        self.socket = nil
    }

    /// The sink's last error when the session closed with its connection still opening.
    static func stillOpening(_ place: String) -> String {
        "the connection to \(place) was still opening when the session closed (its connect or pairing took over a second); nothing was sent"
    }

    /// The listener writes its own file; a stream has no footer.
    var wantsFooterIndex: Bool { false }

    /// Reads the listener's messages: confirmations move chunks from in flight to recorded.
    ///
    /// - Returns: the failure that ends the connection (the listener hung up, or sent bytes
    ///   that are not listener messages), if any.
    private func readMessages(from socket: StreamSocket) -> SocketFailure? {
        var buffer = [UInt8](repeating: 0, count: 4_096)
        while true {
            let result = buffer.withUnsafeMutableBytes { socket.receive(into: $0) }
            switch result {
            case let .failure(error): return error
            case .success(nil): return .hungUp
            case .success(0): return nil
            case let .success(count?):
                messages.append(buffer[0..<count])
                do throws(TraceError) {
                    while let message = try messages.next() {
                        awaitingListenerUntil = nil
                        switch message {
                        case let .acknowledged(bytes): confirm(through: bytes)
                        case let .commandPart(part, isLast): receiveCommandPart(part, isLast: isLast, from: socket)
                        case .proofWanted: sendProof()
                        case .unknown: break
                        }
                    }
                } catch {
                    diagnostics("the listener at \(path) sent something that is not a listener message (\(error)); reconnecting")
                    return .protocolError
                }
            }
        }
    }

    /// Sends the session's secret, asked for by a listener this app checked (its socket's
    /// directory and its uid), before the connection's first chunk only: one asked for later
    /// is not answered, and the listener records the connection apart.
    private func sendProof() {
        guard !sessionSecret.isEmpty, let header, streamOffset == UInt64(header.count) else { return }
        let proof = SessionProof.encoded(secret: sessionSecret)
        proof.withUnsafeBytes { pending.append($0, sent: 0) }
        streamOffset += UInt64(proof.count)
    }

    private func confirm(through bytes: UInt64) {
        guard bytes > confirmed else { return }
        confirmed = min(bytes, streamOffset)
        var actions: UInt64 = 0
        while inFlightHead < inFlight.count, inFlight[inFlightHead].end <= confirmed {
            actions += inFlight[inFlightHead].actions
            inFlightHead += 1
        }
        compactInFlight()
        if actions > 0 {
            stream.update {
                $0.actionsRecorded += actions
                $0.actionsUnconfirmed -= actions
            }
        }
    }

    private func compactInFlight() {
        if inFlightHead == inFlight.count {
            inFlight.removeAll(keepingCapacity: inFlight.capacity <= 1_024)
            inFlightHead = 0
        } else if inFlightHead >= 1_024 {
            inFlight.removeFirst(inFlightHead)
            inFlightHead = 0
        }
    }

    private func connect() {
        guard let header else { return }
        let step = endpoint.open()
        switch step {
        case .waiting:
            // Under way: the stream starts now, and waits in the buffer (within its limit)
            // until the connection opens, so that a first connection loses nothing.
            if !isOpening { startStream(header) }
            isOpening = true
        case let .connected(connected):
            if !isOpening { startStream(header) }
            isOpening = false
            socket = connected
            connectedAt = Clock.monotonicNanos()
            lastFailure = nil
            if hasConnected {
                awaitingListenerUntil = connectedAt + Self.longestProofWait
                if !reportedShortConnection { diagnostics("live stream to \(path) reconnected") }
            }
            hasConnected = true
        case let .failed(error):
            if isOpening {
                // What waited for this connection is lost with it.
                isOpening = false
                endStream(error)
            }
            if let refusal = error.refusal {
                // Said whenever the reason changes, whatever came before: a socket taken over by
                // another user after a listener went away must not go unnoticed.
                if lastFailure?.refusal != refusal { diagnostics("live stream to \(path): \(refusal); the app goes on and checks again") }
            } else if !hasConnected, lastFailure == nil {
                diagnostics("no listener at \(path) yet (\(error)); the app goes on and streams once one starts")
            }
            lastFailure = error
            nextAttempt = Clock.monotonicNanos() + backoff
            backoff = min(backoff * 2, Self.longestBackoff)
        }
    }

    /// Starts a connection's stream: its header first, its offsets from zero.
    private func startStream(_ header: [UInt8]) {
        // A listener met after the first one has none of the stores' state: resume with
        // keyframes even if nothing was lost.
        if hasConnected { isLosing = true }
        header.withUnsafeBytes { pending.append($0, sent: 0) }
        streamOffset = UInt64(header.count)
        confirmed = 0
        messages = ListenerMessageDecoder()
        // A command half sent by a listener that went away is not finished by the next one.
        commandParts = ControlCommandAssembler(maximumBodyBytes: commandParts.maximumBodyBytes)
    }

    private func disconnect(_ error: SocketFailure) {
        // A listener that hangs up at once (another user's, refusing us) is retried with a
        // growing backoff and reported once; a connection that lasted starts over.
        let now = Clock.monotonicNanos()
        if now &- connectedAt >= Self.steadyNanos {
            backoff = Self.firstBackoff
            reportedShortConnection = false
            diagnostics("live stream to \(path) lost (\(error)); reconnecting, and counting what cannot be sent")
        } else if !reportedShortConnection {
            reportedShortConnection = true
            diagnostics("the listener at \(path) hung up right after connecting (\(error)); retrying with backoff")
        }
        // Confirmations the listener sent before it went away are still readable.
        if let socket { _ = readMessages(from: socket) }
        if socket != nil { connectionsEnded += 1 }
        socket?.close()
        socket = nil
        endStream(error)
        lastFailure = error
        nextAttempt = Clock.monotonicNanos() + backoff
        backoff = min(backoff * 2, Self.longestBackoff)
    }

    /// Ends a connection's stream: every chunk not confirmed is counted as lost.
    private func endStream(_ error: SocketFailure) {
        // Everything unconfirmed may never have reached the listener's file.
        var actions: UInt64 = 0
        for chunk in inFlight[inFlightHead...] {
            loss.add(chunk.loss)
            actions += chunk.actions
        }
        inFlight.removeAll()
        inFlightHead = 0
        if case .inFlight = lastChunk { lastChunk = .lost }
        stream.update {
            $0.actionsDropped += actions
            $0.actionsUnconfirmed -= actions
            $0.lastError = "\(error)"
        }
        pending.removeAll()
        isLosing = true
    }
}
