import TraceFormat

/// Each store's state size (nodes of its value tree) followed through the whole session: at
/// the end and at its peak, not only at the keyframes (a cart grown to 600 items by patches
/// has 8 nodes at its only keyframe, the initial state).
///
/// The size is exact at every keyframe and kept exact through each patch by counting the
/// nodes each operation adds and takes away (a `set` replaces the node at its path, an
/// `insert` adds one, a `remove` takes one away), so following it costs the patches, not a walk
/// of the state per action. It holds each store's latest state. After records are lost (a
/// damaged part, dropped actions) a store's size is unknown until its next keyframe.
public struct StoreSizes: Sendable {
    /// A size and the action after which the state had it (0: the initial state).
    public struct SizeAt: Sendable, Hashable {
        /// Nodes in the state's value tree.
        public var nodes: Int
        /// The action's seq.
        public var seq: UInt64
    }

    /// One store's sizes.
    public struct Store: Sendable, Hashable {
        /// The store.
        public var name: String
        /// The size after the last action whose state is known (`nil`: never known).
        public var last: SizeAt?
        /// The largest known size, first reached after `peak.seq`.
        public var peak: SizeAt?
        /// Whether the size is unknown at the end of the session (records lost since the last
        /// keyframe): ``last`` is then the size before the loss.
        public var unknownAtEnd = false

        fileprivate mutating func record(_ nodes: Int, after seq: UInt64) {
            last = SizeAt(nodes: nodes, seq: seq)
            unknownAtEnd = false
            if nodes > peak?.nodes ?? -1 { peak = SizeAt(nodes: nodes, seq: seq) }
        }
    }

    /// The stores, in order of their first keyframe.
    public private(set) var stores: [Store] = []
    private var index: [String: Int] = [:]
    private var states: [String: TraceValue] = [:]
    private var censuses: [String: StateCensus] = [:]

    /// No store yet.
    public init() {}

    /// Takes in one item of the session, in order.
    public mutating func add(_ item: SourceItem) {
        switch item {
        case let .record(record): add(record)
        case .gap: forgetAll()
        }
    }

    /// Takes in one record, in order.
    public mutating func add(_ record: Record) {
        switch record {
        case let .keyframe(keyframe):
            let census = StateCensus(keyframe.state)
            states[keyframe.store] = keyframe.state
            censuses[keyframe.store] = census
            stores[position(of: keyframe.store)].record(census.nodes, after: keyframe.seq)
        case let .patch(patch):
            // Taken out of the dictionaries while the patch applies: a copy left there would
            // make the first write into each collection copy it whole (issue 40: three
            // quarters of `stats` went to copying a 1,000-user array per patch).
            guard var state = states.removeValue(forKey: patch.store) else { return }
            guard var census = censuses.removeValue(forKey: patch.store) else {
                states[patch.store] = state
                return
            }
            for operation in patch.operations {
                switch operation {
                case let .set(path, value):
                    if let old = state.node(at: path) { census.remove(old) }
                    census.add(value)
                case let .insert(_, value): census.add(value)
                case let .remove(path): if let old = state.node(at: path) { census.remove(old) }
                case .move: break
                }
                do { try state.apply(operation) } catch {
                    forget(patch.store)
                    return
                }
            }
            states[patch.store] = state
            censuses[patch.store] = census
            stores[position(of: patch.store)].record(census.nodes, after: patch.seq)
        case .dropped:
            // The recorder lost actions: every store's state is unknown until its keyframe.
            forgetAll()
        default:
            break
        }
    }

    /// The classes whose instances the store's latest known state holds by reference (their
    /// identity only: changes made inside them in place are not recorded), sorted; empty when
    /// it holds none or its state is unknown.
    public func referenceTypes(in store: String) -> [String] {
        censuses[store]?.references.keys.sorted() ?? []
    }

    private mutating func position(of store: String) -> Int {
        if let known = index[store] { return known }
        index[store] = stores.count
        stores.append(Store(name: store))
        return stores.count - 1
    }

    private mutating func forget(_ store: String) {
        states[store] = nil
        censuses[store] = nil
        if let known = index[store] { stores[known].unknownAtEnd = true }
    }

    private mutating func forgetAll() {
        for store in Array(states.keys) { forget(store) }
    }
}
