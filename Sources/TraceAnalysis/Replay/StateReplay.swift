/// Reconstructs each store's state by applying patches to keyframes, in record order.
///
/// Feed it records (from a reader, a follower or a socket) with ``apply(_:)``; ask for the
/// current state of a store at any time. After a `dropped` record or a damaged patch, a store's
/// state is unknown (``state(of:)`` returns `nil`) until its next keyframe: replay never
/// crosses a gap. After a `state not recorded` record, it is unknown until the store's next
/// patch or keyframe.
public struct StateReplay: Sendable {
    /// A store's reconstructed state, and the action after which it holds.
    public struct StoreState: Sendable, Hashable {
        /// The state, or `nil` while unknown (after a gap, or a state not recorded).
        public var value: TraceValue?
        /// The last action applied (its patch or keyframe).
        public var seq: UInt64
    }

    /// Every store seen, by name.
    public var stores: [String: StoreState] {
        replayed.mapValues { StoreState(value: $0.known, seq: $0.seq) }
    }
    /// Problems met while applying patches (a patch that did not fit its state).
    public private(set) var problems: [String] = []
    private var replayed: [String: ReplayedState] = [:]

    /// Creates an empty replay.
    public init() {}

    /// The current state of `store`, or `nil` when unknown.
    public func state(of store: String) -> TraceValue? {
        replayed[store]?.known
    }

    /// Applies one record: keyframes replace, patches change, `dropped` invalidates.
    ///
    /// - Returns: the store whose state changed, if any.
    @discardableResult
    public mutating func apply(_ record: Record) -> String? {
        switch record {
        case let .keyframe(keyframe):
            if replayed[keyframe.store] == nil {
                replayed[keyframe.store] = ReplayedState(keyframe.state, seq: keyframe.seq)
            } else {
                replayed[keyframe.store]?.replace(with: keyframe.state, seq: keyframe.seq)
            }
            return keyframe.store
        case let .patch(patch):
            // In place, through the dictionary: the patch mutates a uniquely referenced tree.
            switch replayed[patch.store]?.apply(patch) {
            case .applied: return patch.store
            case let .failed(reason):
                problems.append("#\(patch.seq) \(patch.store): \(reason)")
                return patch.store
            case .passedOver, nil: return nil
            }
        case let .dropped(dropped):
            for name in replayed.keys { replayed[name]?.drop(first: dropped.firstSeq, last: dropped.lastSeq) }
            return nil
        case let .stateNotRecorded(notRecorded):
            guard replayed[notRecorded.store] != nil else { return nil }
            replayed[notRecorded.store]?.notRecorded(notRecorded.seq)
            return notRecorded.store
        default:
            return nil
        }
    }
}
