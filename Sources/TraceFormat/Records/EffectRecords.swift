/// An effect began.
public struct EffectStarted: Sendable, Hashable {
    /// Identifies the effect within the session.
    public var effectID: UInt64
    /// A human name (the effect's label or function).
    public var name: String
    /// The store that runs it.
    public var store: String
    /// The action whose reduction started it, when known.
    public var parentSeq: UInt64?
    /// Monotonic time in nanoseconds.
    public var monotonicNanos: UInt64
    /// Where the effect was created.
    public var location: SourceLocation?

    /// Creates the record.
    public init(
        effectID: UInt64, name: String, store: String, parentSeq: UInt64?, monotonicNanos: UInt64,
        location: SourceLocation? = nil
    ) {
        self.effectID = effectID
        self.name = name
        self.store = store
        self.parentSeq = parentSeq
        self.monotonicNanos = monotonicNanos
        self.location = location
    }
}

/// An effect produced an action.
public struct EffectEmitted: Sendable, Hashable {
    /// The effect.
    public var effectID: UInt64
    /// The sequence number of the action it produced.
    public var actionSeq: UInt64
    /// Monotonic time in nanoseconds.
    public var monotonicNanos: UInt64

    /// Creates the record.
    public init(effectID: UInt64, actionSeq: UInt64, monotonicNanos: UInt64) {
        self.effectID = effectID
        self.actionSeq = actionSeq
        self.monotonicNanos = monotonicNanos
    }
}

/// An effect ended.
public struct EffectEnded: Sendable, Hashable {
    /// How an effect ended.
    public enum Outcome: Sendable, Hashable {
        /// It completed.
        case finished
        /// It was cancelled before completing.
        case cancelled
        /// It threw or reported an error, described in words.
        case failed(String)
    }
    /// The effect.
    public var effectID: UInt64
    /// How it ended.
    public var outcome: Outcome
    /// Monotonic time in nanoseconds.
    public var monotonicNanos: UInt64

    /// Creates the record.
    public init(effectID: UInt64, outcome: Outcome, monotonicNanos: UInt64) {
        self.effectID = effectID
        self.outcome = outcome
        self.monotonicNanos = monotonicNanos
    }
}
