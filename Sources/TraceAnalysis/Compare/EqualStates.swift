import TraceFormat

/// The stores whose states two sessions are known to hold equal, so that a comparison compares
/// a store's whole states once and then follows the records that change them.
///
/// Once a store's two states compared equal, both sides applying the same state records to
/// them leaves them equal (applying a patch is a function of the state and the patch), so the
/// next pair need not compare them: the whole-state comparison, which walked every value of a
/// 1,000-user state at every action, is made again only where the sessions' records differ (a
/// keyframe on one side only, a patch written otherwise, a drop). A side that lost records
/// (a damaged part) knows no state until the store's next keyframe, and a keyframe there that
/// the other side does not have alike makes the records differ.
struct EqualStates {
    private var stores: Set<String> = []

    /// Follows the records each side applied since the previous pair, forgetting the stores
    /// they may have changed differently.
    mutating func follow(_ a: ActionSteps.StateChanges, _ b: ActionSteps.StateChanges) {
        guard !stores.isEmpty else { return }
        guard a.records.count != b.records.count || !zip(a.records, b.records).allSatisfy(Self.sameChange) else { return }
        for record in a.records + b.records {
            guard let store = Self.store(changedBy: record) else { return forgetAll() }
            stores.remove(store)
        }
    }

    /// Forgets every store: a side applied records the other did not (an action without a
    /// counterpart).
    mutating func forgetAll() {
        stores.removeAll()
    }

    /// Forgets `store`: its state is unknown on a side.
    mutating func forget(_ store: String) {
        stores.remove(store)
    }

    /// Whether the two states of `store` are equal: known to be, or compared now and known
    /// from here on.
    mutating func equal(_ store: String, _ a: TraceValue, _ b: TraceValue) -> Bool {
        if stores.contains(store) { return true }
        guard a == b else { return false }
        stores.insert(store)
        return true
    }

    /// Whether two state records change equal states alike. Seqs are not compared: a
    /// comparison by the app's actions pairs actions whatever their seqs.
    private static func sameChange(_ x: Record, _ y: Record) -> Bool {
        switch (x, y) {
        case let (.patch(x), .patch(y)): x.store == y.store && x.operations == y.operations
        case let (.keyframe(x), .keyframe(y)): x.store == y.store && x.state == y.state
        case let (.stateNotRecorded(x), .stateNotRecorded(y)): x.store == y.store
        case (.dropped, .dropped): true
        default: false
        }
    }

    /// The one store a state record changes, or `nil` for a drop (every store's state).
    private static func store(changedBy record: Record) -> String? {
        switch record {
        case let .patch(patch): patch.store
        case let .keyframe(keyframe): keyframe.store
        case let .stateNotRecorded(notRecorded): notRecorded.store
        default: nil
        }
    }
}
