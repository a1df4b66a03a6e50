import TraceFormat

/// An output that streams to a viewer that may be absent, slow or restarted: it never fails
/// the recording, it loses records instead, and tells the recorder's worker when the stream
/// can be brought back in step (see ``RecorderWorker``'s use of it).
///
/// The protocol between the two, all on the worker thread:
/// 1. The worker calls ``service(closing:)`` on every turn of its loop. The output connects
///    (with backoff) and sends what it buffered.
/// 2. Once it returns `true`, the stream has lost records and can take bytes again. The worker
///    flushes its open chunk (still counted as lost), calls ``resume()``, writes a `dropped`
///    record for the loss it returns and a keyframe of every live store, and flushes.
protocol LiveOutput: AnyObject {
    /// Connects, sends buffered bytes; returns whether the stream waits for ``resume()``.
    func service(closing: Bool) -> Bool
    /// Ends the loss: later writes are streamed again. Returns what was lost.
    func resume() -> StreamLoss
    /// The most bytes the output buffers (part of the recorder's memory budget).
    var bufferLimit: Int { get }
    /// Each destination's figures (``RecorderStatus/sinks``).
    var counters: [SinkCounters] { get }
    /// The chunk the output was just given held `actions` actions: counts them for each
    /// destination as recorded, dropped or in flight.
    func chunkWritten(actions: UInt64)
    /// Whether a listener is connected now (commands can arrive).
    var isConnected: Bool { get }
    /// How many connections to a listener have ended so far: a lock or pause set through one
    /// ends with it.
    var connectionsEnded: Int { get }
    /// The control commands the listener sent since the last call (at most
    /// ``LiveSocketOutput/mostCommandsPerTurn``; more in one turn are answered as refused).
    func takeCommands() -> [ReceivedCommand]
}

/// Records a live stream could not deliver, from the chunk headers of the frames it dropped.
struct StreamLoss: Hashable {
    /// Chunks dropped.
    var chunks = 0
    /// Records in them.
    var records = 0
    /// The action sequence numbers they covered, when they held actions.
    var firstSeq: UInt64?
    var lastSeq: UInt64?

    /// Actions lost: the seq range's length (seqs are dense within a session's chunks).
    var actions: UInt64 {
        guard let firstSeq, let lastSeq, lastSeq >= firstSeq else { return 0 }
        let span = lastSeq - firstSeq
        return span == .max ? .max : span + 1
    }

    mutating func add(_ other: StreamLoss) {
        chunks += other.chunks
        records += other.records
        if let first = other.firstSeq, let last = other.lastSeq {
            firstSeq = min(firstSeq ?? first, first)
            lastSeq = max(lastSeq ?? last, last)
        }
    }

    mutating func add(_ chunk: ChunkHeader) {
        chunks += 1
        records += Int(chunk.recordCount)
        if chunk.lastSeq != 0 {
            firstSeq = min(firstSeq ?? chunk.firstSeq, chunk.firstSeq)
            lastSeq = max(lastSeq ?? chunk.lastSeq, chunk.lastSeq)
        }
    }
}
