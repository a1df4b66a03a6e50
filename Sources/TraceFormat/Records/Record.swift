/// One entry of a trace. Timestamps are nanoseconds: `monotonicNanos` from the recording
/// process's monotonic clock (comparable within one session), `wallNanos` since 1970 UTC.
public enum Record: Sendable, Hashable {
    /// A store received an action and its reducer ran.
    case action(ActionRecord)
    /// The state change an action caused, as patch operations on the previous state.
    case patch(StatePatch)
    /// A full state snapshot from which later patches apply.
    case keyframe(Keyframe)
    /// The state after an action was not recorded: unknown until the store's next patch or
    /// keyframe (a recorder coalescing states, ``StateNotRecorded``).
    case stateNotRecorded(StateNotRecorded)
    /// An effect began.
    case effectStarted(EffectStarted)
    /// An effect produced an action (the action record with `actionSeq` follows or precedes).
    case effectEmitted(EffectEmitted)
    /// An effect ended: finished, cancelled or failed.
    case effectEnded(EffectEnded)
    /// A free-form log line or a mark placed by the app.
    case log(LogRecord)
    /// The recorder had to drop records; state patches resume after a keyframe.
    case dropped(DroppedRecords)
    /// The session ended in an orderly way.
    case sessionEnded(SessionEnded)
}

/// A store received an action.
public struct ActionRecord: Sendable, Hashable {
    /// The action's sequence number: unique and increasing within the session, across stores.
    public var seq: UInt64
    /// The name of the store that received it.
    public var store: String
    /// Monotonic time the action was sent, in nanoseconds.
    public var monotonicNanos: UInt64
    /// Wall-clock time the action was sent, in nanoseconds since 1970 UTC.
    public var wallNanos: Int64
    /// How long the reducer ran, in nanoseconds.
    public var reducerNanos: UInt64
    /// The action value.
    public var action: TraceValue
    /// The effect that emitted this action, when one did.
    public var effectID: UInt64?
    /// Where the action was sent from, when known.
    public var location: SourceLocation?

    /// Creates an action record.
    public init(
        seq: UInt64, store: String, monotonicNanos: UInt64, wallNanos: Int64, reducerNanos: UInt64,
        action: TraceValue, effectID: UInt64? = nil, location: SourceLocation? = nil
    ) {
        self.seq = seq
        self.store = store
        self.monotonicNanos = monotonicNanos
        self.wallNanos = wallNanos
        self.reducerNanos = reducerNanos
        self.action = action
        self.effectID = effectID
        self.location = location
    }
}

/// The change to one store's state caused by the action `seq`.
public struct StatePatch: Sendable, Hashable {
    /// The action whose reducer produced the change.
    public var seq: UInt64
    /// The store whose state changed.
    public var store: String
    /// The operations, applied in order to the state after the previous action of the store.
    public var operations: [PatchOperation]

    /// Creates a patch record.
    public init(seq: UInt64, store: String, operations: [PatchOperation]) {
        self.seq = seq
        self.store = store
        self.operations = operations
    }
}

/// The state of a store after the action `seq` was not recorded: the recorder let it go instead
/// of copying it on the app's thread (it coalesces states, see docs/FORMAT.md §6). The state is
/// unknown after this action until the store's next patch or keyframe; the store's next patch
/// applies to its state after its latest action whose state was recorded.
public struct StateNotRecorded: Sendable, Hashable {
    /// The action whose state was not recorded.
    public var seq: UInt64
    /// The store.
    public var store: String

    /// Creates the record.
    public init(seq: UInt64, store: String) {
        self.seq = seq
        self.store = store
    }
}

/// A store's full state after action `seq` (0 for the initial state).
public struct Keyframe: Sendable, Hashable {
    /// The action after which the snapshot was taken; 0 means before any action.
    public var seq: UInt64
    /// The store the state belongs to.
    public var store: String
    /// The captured state.
    public var state: TraceValue

    /// Creates a keyframe record.
    public init(seq: UInt64, store: String, state: TraceValue) {
        self.seq = seq
        self.store = store
        self.state = state
    }
}
