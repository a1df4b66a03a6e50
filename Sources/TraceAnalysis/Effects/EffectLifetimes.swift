/// One effect from start to end: who started it, what it emitted, how and when it ended.
public struct EffectLifetime: Sendable, Hashable {
    /// How the effect ended, when it did.
    public struct End: Sendable, Hashable {
        /// Finished, cancelled or failed.
        public var outcome: EffectEnded.Outcome
        /// Monotonic time of the end, in nanoseconds.
        public var monotonicNanos: UInt64
    }

    /// Identifies the effect within the session.
    public var effectID: UInt64
    /// Its name (label or function).
    public var name: String
    /// The store that ran it.
    public var store: String
    /// The action whose reduction started it, when known.
    public var parentSeq: UInt64?
    /// Where it was created, when known.
    public var location: SourceLocation?
    /// Monotonic time of the start, in nanoseconds.
    public var startNanos: UInt64
    /// The sequence numbers of the actions it emitted, in order.
    public var emitted: [UInt64] = []
    /// How it ended; `nil` while it was still running when the trace ends.
    public var end: End?

    /// Whether it was still running when the trace ends (a leak when the session ended cleanly).
    public var isOpen: Bool { end == nil }

    /// Whether it was running when records were lost (a damaged part of the trace was skipped,
    /// or chunks the app could not send across a reconnect): if it has no end, the end may have
    /// been among them, so it is not called a leak.
    public var endMayBeMissing = false

    /// Whether it failed.
    public var hasFailed: Bool {
        if case .failed = end?.outcome { true } else { false }
    }

    /// How long it ran: to its end, or to `traceEndNanos` when it is still open.
    public func duration(traceEndNanos: UInt64) -> UInt64 {
        // Saturating: an end before the start (damage `check` reports) is no time, not ~584 years.
        (end?.monotonicNanos ?? max(traceEndNanos, startNanos)).subtractingSaturated(startNanos)
    }

    /// `finished`, `cancelled`, `failed` or `running`.
    public var outcomeName: String {
        switch end?.outcome {
        case nil: "running"
        case .finished: "finished"
        case .cancelled: "cancelled"
        case .failed: "failed"
        }
    }
}

/// Collects effect lifetimes from a session's records, in the order the effects started.
///
/// Feed it every record with ``add(_:)``. An emitted or ended record whose effect's start was
/// lost (in a damaged chunk) is counted in ``unmatchedEvents`` instead of inventing a start.
public struct EffectLifetimes: Sendable {
    /// The effects, in start order.
    public private(set) var lifetimes: [EffectLifetime] = []
    /// Emitted or ended records of effects whose start is not in the trace.
    public private(set) var unmatchedEvents = 0
    /// Whether the session ended in an orderly way (a `session ended` record).
    public private(set) var sessionEnded = false
    /// The latest time of any timed record: the end of the trace.
    public private(set) var traceEndNanos: UInt64 = 0
    /// When the app reconnected to a listener and its session went on in the same file
    /// (``ReconnectNote``), in order: effects running then ran across the reconnect.
    public private(set) var reconnectNanos: [UInt64] = []
    /// When a listener jumped the app to a recorded state (``JumpMark``), and to which seq, in
    /// order: effects running then kept running across the jump.
    public private(set) var jumps: [Jump] = []

    /// A jump of the app to the state after `seq`, at `monotonicNanos`.
    public struct Jump: Sendable, Hashable {
        public var monotonicNanos: UInt64
        public var seq: UInt64
    }

    private var indexByID: [UInt64: Int] = [:]
    /// A reconnect note was read and the app's `dropped` record for the connection's loss may
    /// follow (before the next action).
    private var awaitsReconnectLoss = false

    /// Creates an empty collection.
    public init() {}

    /// Takes in one item: a record, or a gap (which marks the effects running then).
    public mutating func add(_ item: SourceItem) {
        switch item {
        case let .record(record): add(record)
        case .gap: markOpenEndsMayBeMissing()
        }
    }

    /// Takes in one record.
    public mutating func add(_ record: Record) {
        if let time = record.monotonicNanos { traceEndNanos = max(traceEndNanos, time) }
        switch record {
        case let .effectStarted(started):
            indexByID[started.effectID] = lifetimes.count
            lifetimes.append(EffectLifetime(
                effectID: started.effectID, name: started.name, store: started.store, parentSeq: started.parentSeq,
                location: started.location, startNanos: started.monotonicNanos))
        case let .effectEmitted(emitted):
            guard let index = indexByID[emitted.effectID] else { unmatchedEvents += 1; return }
            lifetimes[index].emitted.append(emitted.actionSeq)
        case let .effectEnded(ended):
            guard let index = indexByID[ended.effectID] else { unmatchedEvents += 1; return }
            lifetimes[index].end = EffectLifetime.End(outcome: ended.outcome, monotonicNanos: ended.monotonicNanos)
        case .sessionEnded:
            sessionEnded = true
        case .dropped where awaitsReconnectLoss:
            // What the app could not send across a reconnect went whole chunks at a time, effect
            // records included: the ends of the effects open now may be among them. (A drop by
            // the recorder itself keeps effect records, so it leaves their ends known.)
            awaitsReconnectLoss = false
            markOpenEndsMayBeMissing()
        case let .log(log):
            if let seq = JumpMark.sourceSeq(of: log) {
                jumps.append(Jump(monotonicNanos: log.monotonicNanos, seq: seq))
            } else if ReconnectNote.matches(log) {
                reconnectNanos.append(log.monotonicNanos)
                awaitsReconnectLoss = true
            }
        case .action:
            awaitsReconnectLoss = false
        default:
            break
        }
    }

    /// Takes in an action at `monotonicNanos` whose record was not built (a
    /// ``CountedAction``), as ``add(_:)`` takes in its record.
    package mutating func addAction(atNanos monotonicNanos: UInt64) {
        traceEndNanos = max(traceEndNanos, monotonicNanos)
        awaitsReconnectLoss = false
    }

    /// Records were lost while the open effects ran: their ends may be among them.
    private mutating func markOpenEndsMayBeMissing() {
        for index in lifetimes.indices where lifetimes[index].isOpen { lifetimes[index].endMayBeMissing = true }
    }
}
