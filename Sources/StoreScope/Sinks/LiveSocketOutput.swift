/// A trace streamed to a listener's Unix socket, for live viewing. It never blocks and never
/// fails the recording: it connects when a listener is there, reconnects with backoff when it
/// goes away, and drops whole chunks (counting them in a ``StreamLoss``) when the listener is
/// absent or too slow for its bounded buffer. Each connection starts with the session header,
/// so the listener can write what it receives to a valid trace file.
///
/// Used by the recorder's worker thread only (see ``LiveOutput``).
final class LiveSocketOutput: TraceOutput, LiveOutput {
    let path: String
    let bufferLimit: Int
    private let diagnostics: @Sendable (String) -> Void
    private var socket: UnixSocket?
    /// The session header: the first bytes the writer sends, resent on every connection.
    private var header: [UInt8]?
    private var pending: PendingFrames
    /// Whether records are being dropped until the worker resumes the stream.
    private var isLosing = false
    private var loss = StreamLoss()
    /// The writer sent its footer: nothing after it goes to the stream.
    private var footerSeen = false
    private var nextAttempt: UInt64 = 0
    private var backoff: UInt64 = LiveSocketOutput.firstBackoff
    private var hasConnected = false
    /// When the current connection was made: one that lasted `steadyNanos` resets the backoff.
    private var connectedAt: UInt64 = 0
    /// Whether a connection that ended at once (a listener refusing us) was reported.
    private var reportedShortConnection = false
    private var lastFailure: SocketErrno?

    static let firstBackoff: UInt64 = 20_000_000
    static let longestBackoff: UInt64 = 1_000_000_000
    static let steadyNanos: UInt64 = 1_000_000_000

    init(path: String, bufferLimit: Int, diagnostics: @escaping @Sendable (String) -> Void) {
        self.path = path
        self.bufferLimit = bufferLimit
        self.diagnostics = diagnostics
        pending = PendingFrames(limit: bufferLimit)
    }

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
        guard !isLosing, let socket else {
            isLosing = true
            loss.add(chunk)
            return
        }
        var sent = 0
        if pending.isEmpty {
            switch socket.send(bytes) {
            case let .success(n): sent = n
            case let .failure(error):
                disconnect(error)
                loss.add(chunk)
                return
            }
            if sent == bytes.count { return }
        }
        guard pending.canTake(bytes.count - sent) else {
            // The listener is slower than the app: lose this chunk and every one after it
            // until the worker resumes the stream with a `dropped` record and keyframes.
            isLosing = true
            loss.add(chunk)
            return
        }
        pending.append(bytes, sent: sent, chunk: chunk)
    }

    func service(closing: Bool) -> Bool {
        if socket == nil, header != nil, Clock.monotonicNanos() >= nextAttempt { connect() }
        if let socket, let error = pending.send(through: socket) { disconnect(error) }
        guard isLosing, socket != nil else { return false }
        return closing || pending.byteCount <= bufferLimit / 2
    }

    /// Bytes waiting to be sent.
    var bufferedBytes: Int { pending.byteCount }

    func resume() -> StreamLoss {
        defer { loss = StreamLoss() }
        isLosing = false
        return loss
    }

    /// Streams are delivered in order; there is nothing to force.
    func sync() throws(TraceError) {}

    /// Sends what is buffered, waiting at most a second in all, then hangs up.
    func close() {
        guard let socket else { return }
        let deadline = Clock.monotonicNanos() + 1_000_000_000
        while !pending.isEmpty, Clock.monotonicNanos() < deadline {
            if let error = pending.send(through: socket) {
                disconnect(error)
                return
            }
            if !pending.isEmpty { _ = socket.waitUntilWritable(milliseconds: 50) }
        }
        socket.close()
        self.socket = nil
    }

    /// The listener writes its own file; a stream has no footer.
    var wantsFooterIndex: Bool { false }

    private func connect() {
        guard let header else { return }
        switch UnixSocket.connect(to: path) {
        case let .success(connected):
            socket = connected
            connectedAt = Clock.monotonicNanos()
            lastFailure = nil
            // A listener met after the first one has none of the stores' state: resume with
            // keyframes even if nothing was lost.
            if hasConnected { isLosing = true }
            header.withUnsafeBytes { pending.append($0, sent: 0, chunk: nil) }
            if hasConnected, !reportedShortConnection { diagnostics("live stream to \(path) reconnected") }
            hasConnected = true
        case let .failure(error):
            if !hasConnected, lastFailure == nil {
                diagnostics("no listener at \(path) yet (\(error)); the app goes on and streams once one starts")
            }
            lastFailure = error
            nextAttempt = Clock.monotonicNanos() + backoff
            backoff = min(backoff * 2, Self.longestBackoff)
        }
    }

    private func disconnect(_ error: SocketErrno) {
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
        socket?.close()
        socket = nil
        pending.drop(into: &loss)
        isLosing = true
        lastFailure = error
        nextAttempt = Clock.monotonicNanos() + backoff
        backoff = min(backoff * 2, Self.longestBackoff)
    }
}
