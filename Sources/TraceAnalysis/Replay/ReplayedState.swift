import TraceFormat

/// One store's state as its records are applied in order: the rule both replays share,
/// ``StateReplay`` (records as they come) and ``TraceSession/state(of:after:)`` (the state at
/// a point).
///
/// A keyframe replaces the state and makes it known. A patch changes it in place. A drop, a
/// damaged part of the trace, or a patch that does not fit makes it unknown until the store's
/// next keyframe; patches meanwhile are passed over, never applied to a state that may be
/// wrong (docs/FORMAT.md §10). A state not recorded makes it unknown until the store's next
/// patch, which applies to the last state recorded, or keyframe.
struct ReplayedState {
    /// What applying a patch did.
    enum PatchOutcome: Equatable {
        case applied
        /// The state is unknown: the patch was passed over.
        case passedOver
        /// The patch did not fit: the state is unknown from here.
        case failed(reason: String)
    }

    /// The last state applied; meaningless while ``loss`` is set.
    private var value: TraceValue
    /// Why the state is unknown until the next keyframe, or `nil`.
    private var loss: StateAnswer.Unknown?
    /// The action whose state was not recorded, while no later patch or keyframe came.
    private var notRecordedSeq: UInt64?

    /// Why the state is unknown, or `nil` while it is known.
    var unknown: StateAnswer.Unknown? { loss ?? notRecordedSeq.map { .notRecorded(seq: $0) } }
    /// The seq of the last keyframe or patch applied.
    private(set) var seq: UInt64

    /// A state known at `seq` (a keyframe's, or one kept from an earlier replay).
    init(_ value: TraceValue, seq: UInt64) {
        self.value = value
        self.seq = seq
    }

    /// The state, or `nil` while unknown.
    var known: TraceValue? { unknown == nil ? value : nil }

    /// The state whether known or not, for a caller that checks ``unknown`` itself.
    var last: TraceValue { value }

    /// A keyframe: the state is `state`, known again.
    mutating func replace(with state: TraceValue, seq: UInt64) {
        value = state
        loss = nil
        notRecordedSeq = nil
        self.seq = seq
    }

    /// Applies `patch` in place while the state is known.
    mutating func apply(_ patch: StatePatch) -> PatchOutcome {
        guard loss == nil else { return .passedOver }
        seq = patch.seq
        // After states not recorded, the patch applies to the last one recorded.
        notRecordedSeq = nil
        do {
            try value.apply(patch.operations)
            return .applied
        } catch {
            loss = .patchFailed(seq: patch.seq, reason: error.description)
            return .failed(reason: error.description)
        }
    }

    /// The recorder dropped actions `first...last`: unknown until the next keyframe.
    mutating func drop(first: UInt64, last: UInt64) {
        loss = .dropped(first: first, last: last)
    }

    /// The state after action `seq` was not recorded: unknown until the next patch or keyframe.
    mutating func notRecorded(_ seq: UInt64) {
        guard loss == nil else { return }
        notRecordedSeq = seq
        self.seq = seq
    }

    /// Records were lost to damage: unknown until the next keyframe (an earlier reason stays).
    mutating func damage(_ damage: @autoclosure () -> Damage) {
        if loss == nil { loss = .damaged(damage()) }
    }
}
