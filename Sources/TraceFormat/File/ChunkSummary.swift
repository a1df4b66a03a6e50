/// What a records chunk's header says about its records (seq and time ranges, the keyframe and
/// dropped flags), computed from the records themselves: the writer fills the header from it,
/// and a reader that decodes a chunk compares it with the header (docs/FORMAT.md §4).
public struct ChunkSummary: Sendable, Hashable {
    /// Smallest and largest seq of the chunk's action records (`nil`: none).
    public var firstSeq: UInt64?
    public var lastSeq: UInt64?
    /// Earliest and latest `monotonicNanos` of its timed records (`nil`: none is timed).
    public var firstTime: UInt64?
    public var lastTime: UInt64?
    /// Whether it holds a keyframe, a dropped record.
    public var hasKeyframe = false
    public var hasDropped = false

    /// An empty summary.
    public init() {}

    /// The summary of `records`.
    public init(_ records: some Sequence<Record>) {
        for record in records { note(record) }
    }

    /// Adds `record` to the summary.
    public mutating func note(_ record: Record) {
        switch record {
        case let .action(action): noteAction(seq: action.seq, time: action.monotonicNanos)
        case .keyframe: hasKeyframe = true
        case let .dropped(dropped):
            hasDropped = true
            time(dropped.monotonicNanos)
        case let .effectStarted(record): time(record.monotonicNanos)
        case let .effectEmitted(record): time(record.monotonicNanos)
        case let .effectEnded(record): time(record.monotonicNanos)
        case let .log(record): time(record.monotonicNanos)
        case let .sessionEnded(record): time(record.monotonicNanos)
        case .patch, .stateNotRecorded: break
        }
    }

    /// Adds an action with `seq`, recorded at `time`: what the decoder notes of every action it
    /// parses, built or not.
    mutating func noteAction(seq: UInt64, time t: UInt64) {
        firstSeq = min(firstSeq ?? seq, seq)
        lastSeq = max(lastSeq ?? seq, seq)
        time(t)
    }

    /// Adds a timed record other than an action (a drop notes ``hasDropped`` too).
    mutating func time(_ t: UInt64) {
        firstTime = min(firstTime ?? t, t)
        lastTime = max(lastTime ?? t, t)
    }

    /// `header` with the fields this summary decides replaced by what the records say.
    public func applied(to header: ChunkHeader) -> ChunkHeader {
        var header = header
        header.firstSeq = firstSeq ?? 0
        header.lastSeq = lastSeq ?? 0
        header.firstMonotonicNanos = firstTime ?? 0
        header.lastMonotonicNanos = lastTime ?? 0
        header.flags.remove([.keyframe, .dropped])
        if hasKeyframe { header.flags.insert(.keyframe) }
        if hasDropped { header.flags.insert(.dropped) }
        return header
    }

    /// How `header` misstates these records, one phrase per field (empty when it tells the
    /// truth): `claims actions #1…#1, holds #1…#5`.
    public func disagreements(with header: ChunkHeader) -> [String] {
        var found: [String] = []
        func range(_ first: UInt64, _ last: UInt64, _ prefix: String) -> String {
            first == 0 && last == 0 ? "none" : "\(prefix)\(first)…\(prefix)\(last)"
        }
        let seqs = (firstSeq ?? 0, lastSeq ?? 0)
        if seqs != (header.firstSeq, header.lastSeq) {
            found.append("claims actions \(range(header.firstSeq, header.lastSeq, "#")), holds \(range(seqs.0, seqs.1, "#"))")
        }
        let times = (firstTime ?? 0, lastTime ?? 0)
        if times != (header.firstMonotonicNanos, header.lastMonotonicNanos) {
            found.append("claims times \(range(header.firstMonotonicNanos, header.lastMonotonicNanos, ""))ns, holds \(range(times.0, times.1, ""))ns")
        }
        if hasKeyframe != header.flags.contains(.keyframe) {
            found.append(hasKeyframe ? "claims no keyframe, holds one" : "claims a keyframe, holds none")
        }
        if hasDropped != header.flags.contains(.dropped) {
            found.append(hasDropped ? "claims no dropped record, holds one" : "claims a dropped record, holds none")
        }
        return found
    }
}

/// A chunk whose header (and footer index entry) misstates its records: found when the chunk
/// is decoded. The reader then uses what the records say (``TraceReader/chunks`` holds the
/// corrected header), so nothing is lost, but the file is damaged.
public struct ChunkHeaderMismatch: Sendable, Hashable, CustomStringConvertible {
    /// Where the chunk is in the file.
    public var offset: Int64
    public var endOffset: Int64
    /// Each misstatement (see ``ChunkSummary/disagreements(with:)``).
    public var problems: [String]

    /// `chunk at bytes 80…199: claims actions #1…#1, holds #1…#5; claims no keyframe, holds one`.
    public var description: String {
        "chunk at \(TraceGap.bytes(from: offset, to: endOffset)): header \(problems.joined(separator: "; "))"
    }
}
