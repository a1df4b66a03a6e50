/// The bytes a live stream could not send yet: whole chunk frames, in order, the first one
/// possibly part-sent. Bounded by ``limit``, except that one frame is always accepted into an
/// empty buffer (a keyframe larger than the limit must still get through).
struct PendingFrames {
    private struct Frame {
        var bytes: [UInt8]
    }

    let limit: Int
    private var frames: [Frame] = []
    private var head = 0
    /// Bytes of the first frame already sent.
    private var sentOfFirst = 0
    /// Bytes held.
    private(set) var byteCount = 0

    init(limit: Int) {
        self.limit = limit
    }

    var isEmpty: Bool { head == frames.count }

    /// Whether `count` more bytes fit.
    func canTake(_ count: Int) -> Bool { isEmpty || byteCount + count <= limit }

    /// Queues the unsent part of a frame (`sent` of its bytes already went out).
    mutating func append(_ bytes: UnsafeRawBufferPointer, sent: Int) {
        if isEmpty { sentOfFirst = sent } else { precondition(sent == 0) }
        frames.append(Frame(bytes: Array(bytes)))
        byteCount += bytes.count - sent
    }

    /// Sends frames in order until the socket is full.
    ///
    /// - Returns: the failure that ends the connection, if any.
    mutating func send(through socket: StreamSocket) -> SocketFailure? {
        // The rest of a paired frame begun goes before anything else.
        if let failure = socket.flush() { return failure }
        while !isEmpty {
            let frame = frames[head]
            let result = frame.bytes.withUnsafeBytes { raw in
                socket.send(UnsafeRawBufferPointer(rebasing: raw[sentOfFirst...]))
            }
            switch result {
            case let .failure(error): return error
            case .success(0):
                if head >= 64 {
                    frames.removeFirst(head)
                    head = 0
                }
                return nil
            case let .success(n):
                sentOfFirst += n
                byteCount -= n
                if sentOfFirst == frame.bytes.count {
                    frames[head] = Frame(bytes: [])
                    head += 1
                    sentOfFirst = 0
                }
            }
        }
        frames.removeAll(keepingCapacity: true)
        head = 0
        return nil
    }

    /// Empties the buffer (the connection ended; its frames are counted by what was confirmed).
    mutating func removeAll() {
        frames.removeAll()
        head = 0
        sentOfFirst = 0
        byteCount = 0
    }
}
