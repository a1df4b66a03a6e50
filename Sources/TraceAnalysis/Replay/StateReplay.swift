/// Reconstructs each store's state by applying patches to keyframes, in record order.
///
/// Feed it records (from a reader, a follower or a socket) with ``apply(_:)``; ask for the
/// current state of a store at any time. After a `dropped` record or a damaged patch, a store's
/// state is unknown (``state(of:)`` returns `nil`) until its next keyframe: replay never
/// crosses a gap.
public struct StateReplay: Sendable {
    /// A store's reconstructed state, and the action after which it holds.
    public struct StoreState: Sendable, Hashable {
        /// The state, or `nil` while unknown after a gap.
        public var value: TraceValue?
        /// The last action applied (its patch or keyframe).
        public var seq: UInt64
    }

    /// Every store seen, by name.
    public private(set) var stores: [String: StoreState] = [:]
    /// Problems met while applying patches (a patch that did not fit its state).
    public private(set) var problems: [String] = []

    /// Creates an empty replay.
    public init() {}

    /// The current state of `store`, or `nil` when unknown.
    public func state(of store: String) -> TraceValue? {
        stores[store]?.value
    }

    /// Applies one record: keyframes replace, patches change, `dropped` invalidates.
    ///
    /// - Returns: the store whose state changed, if any.
    @discardableResult
    public mutating func apply(_ record: Record) -> String? {
        switch record {
        case let .keyframe(keyframe):
            stores[keyframe.store] = StoreState(value: keyframe.state, seq: keyframe.seq)
            return keyframe.store
        case let .patch(patch):
            guard var current = stores[patch.store], var value = current.value else { return nil }
            // Free the stored copy first so the patch mutates a uniquely referenced tree.
            stores[patch.store]?.value = nil
            do {
                try value.apply(patch.operations)
                current.value = value
            } catch {
                problems.append("#\(patch.seq) \(patch.store): \(error)")
                current.value = nil
            }
            current.seq = patch.seq
            stores[patch.store] = current
            return patch.store
        case .dropped:
            for name in stores.keys { stores[name]?.value = nil }
            return nil
        default:
            return nil
        }
    }
}
