/// What `storescope check` verifies across records, beyond what each chunk's framing and
/// header say: rules of docs/FORMAT.md §6 that a careless or hostile writer can break while
/// every checksum still matches. Feed it every readable record in file order.
public struct RecordConsistency: Sendable {
    /// One broken rule, where it is.
    public struct Problem: Sendable, Hashable, CustomStringConvertible {
        /// The chunk holding the record.
        public var chunkStart: Int64
        public var chunkEnd: Int64
        /// What is wrong, in words: `action #3 comes after #7: seqs must increase`.
        public var message: String

        /// `bytes 80..<200: action #3 comes after #7: seqs must increase`.
        public var description: String { "\(TraceGap.bytes(from: chunkStart, to: chunkEnd)): \(message)" }
    }

    /// The problems found, in file order (at most ``kept``; ``count`` has them all).
    public private(set) var problems: [Problem] = []
    /// How many problems were found.
    public private(set) var count = 0
    /// How many problems are kept with their place and words.
    public static let kept = 100

    private var lastSeq: UInt64?
    private var effectStarts: [UInt64: UInt64] = [:]
    private var endedEffects: Set<UInt64> = []
    private var sessionEnds = 0

    /// Creates an empty check.
    public init() {}

    /// Checks `record`, read from the chunk at `chunk`.
    public mutating func add(_ record: Record, in chunk: ChunkInfo) {
        switch record {
        case let .action(action):
            if action.seq == 0 {
                note("an action with seq 0: seqs start at 1", chunk)
            } else if let last = lastSeq, action.seq == last {
                note("action #\(action.seq) repeats the seq of the action before it", chunk)
            } else if let last = lastSeq, action.seq < last {
                note("action #\(action.seq) comes after #\(last): seqs must increase", chunk)
            }
            lastSeq = max(lastSeq ?? 0, action.seq)
        case let .effectStarted(started):
            if effectStarts[started.effectID] != nil { note("effect \(started.effectID) starts a second time", chunk) }
            effectStarts[started.effectID] = started.monotonicNanos
        case let .effectEmitted(emitted):
            if let start = effectStarts[emitted.effectID], emitted.monotonicNanos < start {
                note("effect \(emitted.effectID) emits #\(emitted.actionSeq) at \(emitted.monotonicNanos)ns, before it starts at \(start)ns", chunk)
            }
        case let .effectEnded(ended):
            if let start = effectStarts[ended.effectID], ended.monotonicNanos < start {
                note("effect \(ended.effectID) ends at \(ended.monotonicNanos)ns, before it starts at \(start)ns", chunk)
            }
            if !endedEffects.insert(ended.effectID).inserted { note("effect \(ended.effectID) ends a second time", chunk) }
        case .sessionEnded:
            sessionEnds += 1
            if sessionEnds == 2 { note("a second 'session ended' record: a session ends once", chunk) }
        case .patch, .keyframe, .log, .dropped, .stateNotRecorded:
            break
        }
    }

    private mutating func note(_ message: String, _ chunk: ChunkInfo) {
        count += 1
        guard problems.count < Self.kept else { return }
        problems.append(Problem(chunkStart: chunk.offset, chunkEnd: chunk.endOffset, message: message))
    }
}
