/// The state of one store after an action, as far as the trace can tell.
public struct StateAnswer: Sendable, Hashable {
    /// Why a state is unknown.
    public enum Unknown: Sendable, Hashable, CustomStringConvertible {
        /// The recorder dropped actions `first...last` before the point asked about, and no
        /// keyframe of the store followed before it.
        case dropped(first: UInt64, last: UInt64)
        /// Records were lost to damage between the last keyframe and the point asked about.
        case damaged(Damage)
        /// A patch did not apply to the reconstructed state (the trace contradicts itself).
        case patchFailed(seq: UInt64, reason: String)
        /// The trace has no keyframe of the store at or before the point (an unknown store,
        /// or its first keyframe was lost).
        case noKeyframe
        /// The recorder did not record the state after the store's action `seq`, its latest
        /// at the point (it coalesced states, docs/FORMAT.md §6); the store's next recorded
        /// state is known again.
        case notRecorded(seq: UInt64)

        /// One line for people.
        public var description: String {
            switch self {
            case let .dropped(first, last):
                first == last ? "the recorder dropped action #\(first)" : "the recorder dropped actions #\(first)…#\(last)"
            case let .damaged(damage): "damaged trace: \(damage)"
            case let .patchFailed(seq, reason): "the patch of #\(seq) does not apply (\(reason))"
            case .noKeyframe: "the trace has no keyframe of this store at or before this point"
            case let .notRecorded(seq): "state not recorded after #\(seq) (the recorder coalesced states)"
            }
        }
    }

    /// The store.
    public var store: String
    /// The point asked about: the state after this action (0: the initial state).
    public var seq: UInt64
    /// The state, or why it is unknown.
    public var result: Result<TraceValue, UnknownState>
    /// The keyframe replay started from (its seq), when one was found.
    public var keyframeSeq: UInt64?
    /// The store's next keyframe after `seq`, where its state is known again (set when the
    /// state is unknown and the trace has one).
    public var nextKeyframeSeq: UInt64?

    /// The state, when known.
    public var value: TraceValue? { try? result.get() }

    /// Why the state is unknown, or `nil` when it is known.
    public var unknown: Unknown? {
        if case let .failure(failure) = result { failure.reason } else { nil }
    }

    /// `unknown after #N: reason; known again from the keyframe at #K`.
    public var unknownDescription: String? {
        guard let unknown else { return nil }
        var text = "the state of \(store) after #\(seq) is unknown: \(unknown)"
        if case .notRecorded = unknown {
            text += "; it is known again after the store's next action whose state was recorded"
        } else if let next = nextKeyframeSeq {
            text += "; it is known again from the keyframe at #\(next)"
        } else {
            text += "; no later keyframe of \(store) was recorded"
        }
        return text
    }
}

/// Why a state is unknown (the failure of ``StateAnswer/result``).
public struct UnknownState: Error, Sendable, Hashable {
    /// The reason.
    public var reason: StateAnswer.Unknown
}
