/// One action of a trace with what it did: its store's state change, and the records that
/// follow it until the next action (effect events, logs, drops).
public struct ActionEntry: Sendable, Hashable {
    /// The action record.
    public var action: ActionRecord
    /// Nanoseconds since the session started.
    public var sinceStart: UInt64
    /// The patch operations the action's reducer made, in order; empty when it changed
    /// nothing, or when the state was recorded as a ``keyframe`` instead.
    public var operations: [PatchOperation]
    /// The full state after the action, when the recorder wrote a keyframe instead of a patch.
    public var keyframe: TraceValue?
    /// The other records written after the action and before the next one: effects started,
    /// emitting or ending, logs and marks, drops.
    public var events: [Record]

    /// Creates an entry.
    public init(action: ActionRecord, sinceStart: UInt64, operations: [PatchOperation] = [], keyframe: TraceValue? = nil, events: [Record] = []) {
        self.action = action
        self.sinceStart = sinceStart
        self.operations = operations
        self.keyframe = keyframe
        self.events = events
    }

    /// The action's sequence number.
    public var seq: UInt64 { action.seq }

    /// Whether the recorder recorded the state after the action: `false` when it let it go
    /// (a `state not recorded` record among ``events``; the recorder coalesced states), and
    /// the store's state is then unknown until its next action whose state was recorded.
    public var stateRecorded: Bool {
        !events.contains { if case .stateNotRecorded = $0 { true } else { false } }
    }

    /// The first of the store's actions just before this one whose states were not recorded,
    /// when a scan from before them found some (``TraceSession/forEachAction(in:matching:_:)``):
    /// this action's patch then holds their changes too, and any of the actions from it to
    /// this one may have made each of them.
    public var statesNotRecordedSince: UInt64?

    /// Whether a reader left the keyframe out of this entry (``leavingOutKeyframe()``).
    public private(set) var keyframeLeftOut = false

    /// Whether the recorder wrote the state after this action as a keyframe: in ``keyframe``,
    /// unless it was left out.
    public var hasKeyframe: Bool { keyframe != nil || keyframeLeftOut }

    /// This entry without its keyframe, for a reader that holds many entries of a large state
    /// (the viewer's timeline rows held ten keyframes of a million entries, 1.6 GB); the
    /// session reads the keyframe again when it is asked about the entry
    /// (``TraceSession/changes(of:)``, ``TraceSession/state(of:after:)``).
    public func leavingOutKeyframe() -> ActionEntry {
        guard keyframe != nil else { return self }
        return withKeyframeLeftOut()
    }

    /// This entry marked as having a keyframe a reader left out (built or not).
    func withKeyframeLeftOut() -> ActionEntry {
        var entry = self
        entry.keyframe = nil
        entry.keyframeLeftOut = true
        return entry
    }
}

/// An effect's lifetime as far as the trace tells it.
public struct EffectSummary: Sendable, Hashable {
    /// Where an effect is at the end of the readable trace.
    public enum State: Sendable, Hashable {
        /// Started and not ended (still running, or leaked when the session ended).
        case running
        /// Completed.
        case finished
        /// Cancelled before completing.
        case cancelled
        /// Failed with this message.
        case failed(String)

        /// The state without the failure message, as filters name it.
        public enum Kind: String, Sendable, Hashable, CaseIterable {
            /// See ``EffectSummary/State/running``.
            case running
            /// See ``EffectSummary/State/finished``.
            case finished
            /// See ``EffectSummary/State/cancelled``.
            case cancelled
            /// See ``EffectSummary/State/failed(_:)``.
            case failed
        }

        /// The kind of state.
        public var kind: Kind {
            switch self {
            case .running: .running
            case .finished: .finished
            case .cancelled: .cancelled
            case .failed: .failed
            }
        }
    }

    /// The effect's id within the session.
    public var id: UInt64
    /// Its name.
    public var name: String
    /// The store that runs it.
    public var store: String
    /// The action whose reduction started it.
    public var parentSeq: UInt64?
    /// Where it is at the end of the readable trace.
    public var state: State
    /// Monotonic start time, in nanoseconds.
    public var startNanos: UInt64
    /// Monotonic end time, when it ended.
    public var endNanos: UInt64?

    /// Creates a summary.
    public init(id: UInt64, name: String, store: String, parentSeq: UInt64?, state: State, startNanos: UInt64, endNanos: UInt64?) {
        self.id = id
        self.name = name
        self.store = store
        self.parentSeq = parentSeq
        self.state = state
        self.startNanos = startNanos
        self.endNanos = endNanos
    }
}
