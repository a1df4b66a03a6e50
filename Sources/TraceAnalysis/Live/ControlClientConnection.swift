import TraceFormat

/// A control client connected to a listener's socket (``ControlRequest``): it sends one
/// request line; the listener answers with one ``ControlReply`` line once the app recorded the
/// command's outcome (or at once, when the request cannot become a command), and hangs up.
final class ControlClientConnection {
    let descriptor: Int32
    /// The client's process and user, from the socket's credentials: recorded by the app as
    /// who asked.
    let issuer: ControlCommand.Issuer
    private var buffer: [UInt8]
    /// The request, once its line arrived.
    private(set) var request: ControlRequest?
    /// The session connection and command id the client waits for, once sent.
    var awaiting: (connection: Int, id: UInt64, session: String, store: String, command: String)?
    /// What the reply adds to the app's outcome (a jump: the effects it leaves running).
    var note: String?
    /// When the command was sent: a client waits at most ``answerTimeout``.
    var sentAt: ContinuousClock.Instant?
    let connectedAt = ContinuousClock.now
    /// The request, when its session had no store yet (the app connected a moment ago): served
    /// again at each poll until a store registers, for at most ``storeWait`` after connecting.
    var waitingForStore: ControlRequest?
    /// How long a request waits for the session's first store.
    static let storeWait = Duration.seconds(5)
    private var unsentReply: [UInt8] = []
    /// Whether the reply is all sent (the connection can close).
    private(set) var isFinished = false

    /// The memory the client holds in the listener: its request so far and its reply not yet
    /// sent (a slow reader's). Counted against the listener's memory budget.
    var heldBytes: Int { (request == nil ? buffer.count : 0) + unsentReply.count }

    /// How long an app may take to record a command's outcome.
    static let answerTimeout = Duration.seconds(10)

    init(descriptor: Int32, issuer: ControlCommand.Issuer, received: [UInt8]) {
        self.descriptor = descriptor
        self.issuer = issuer
        buffer = received
    }

    /// Takes bytes in; returns the request once its line is complete, or a reply when the
    /// bytes cannot be one.
    func receive(_ bytes: UnsafeRawBufferPointer) -> Result<ControlRequest, ControlReply>? {
        buffer += bytes
        return parse()
    }

    /// The request, from the bytes received so far.
    func parse() -> Result<ControlRequest, ControlReply>? {
        guard request == nil else { return nil }
        let prefix = ControlRequest.magic.count + 1
        guard buffer.count >= prefix else { return nil }
        guard buffer[ControlRequest.magic.count] == ControlRequest.version else {
            return .failure(.error("control protocol version \(buffer[ControlRequest.magic.count]); this listener speaks \(ControlRequest.version)"))
        }
        guard let newline = buffer[prefix...].firstIndex(of: UInt8(ascii: "\n")) else {
            return buffer.count > ControlRequest.maximumBytes ? .failure(.error("a request longer than \(ControlRequest.maximumBytes) bytes")) : nil
        }
        guard let decoded = ControlRequestLine.decode(Array(buffer[prefix..<newline])) else {
            return .failure(.error("the request is not a JSON control request"))
        }
        request = decoded
        return .success(decoded)
    }

    /// Queues the reply and sends what the socket takes.
    func reply(_ reply: ControlReply) {
        guard unsentReply.isEmpty, !isFinished else { return }
        unsentReply = reply.line
        awaiting = nil
        flush()
    }

    /// Sends the rest of the reply.
    func flush() {
        guard !unsentReply.isEmpty else { return }
        switch unsentReply.withUnsafeBytes({ LiveSyscalls.send(descriptor, $0) }) {
        case let .success(sent):
            unsentReply.removeFirst(sent)
            if unsentReply.isEmpty { isFinished = true }
        case .failure:
            unsentReply = []
            isFinished = true
        }
    }

    /// Whether a reply is queued but not all sent.
    var hasUnsentReply: Bool { !unsentReply.isEmpty }

    func close() {
        LiveSyscalls.close(descriptor)
    }
}
