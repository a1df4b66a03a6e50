import TraceFormat

/// Each store's state size (nodes of its value tree) followed through the whole session: at
/// the end and at its peak, not only at the keyframes (a cart grown to 600 items by patches
/// has 8 nodes at its only keyframe, the initial state).
///
/// The size is exact at every keyframe and kept exact through each patch, which applies to
/// the state's shape (``StateShape``: the tree without its scalars' values) and counts the
/// nodes each operation adds and takes away, so following it costs the patches, not a walk of
/// the state per action. After records are lost (a damaged part, dropped actions) a store's
/// size is unknown until its next keyframe.
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
    /// The size of the state of the last keyframe taken in (0 before the first): what
    /// ``SessionStats`` lists at each keyframe, counted once.
    private(set) var lastKeyframeNodes = 0
    /// Numbers the stores as ``stores`` lists them.
    private var numbers = StoreNumbers()
    /// By store number: the shape of its latest state; `nil` while unknown.
    private var followed: [StateShape?] = []

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
        var shapes = StateShapeSource.values
        add(record, shapes: &shapes)
    }

    /// Takes in one record, in order, the shapes of the states it holds (a keyframe's, the
    /// values its patch puts in) taken from `shapes`.
    package mutating func add(_ record: Record, shapes: inout StateShapeSource) {
        switch record {
        case let .keyframe(keyframe):
            let (number, isNew) = numbers.number(of: keyframe.store)
            if isNew {
                stores.append(Store(name: keyframe.store))
                followed.append(nil)
            }
            let shape = StateShape(shapes.shape(of: keyframe.state))
            lastKeyframeNodes = shape.nodes
            followed[number] = shape
            stores[number].record(shape.nodes, after: keyframe.seq)
        case let .patch(patch):
            guard let number = numbers.existingNumber(of: patch.store), var shape = followed[number] else {
                return shapes.skip(patch.operations[...])
            }
            // Taken out of the array while the patch applies: a copy left there would make the
            // first write copy the tree (issue 40: three quarters of `stats` once went to
            // copying a 1,000-user array per patch).
            followed[number] = nil
            for index in patch.operations.indices where !shape.apply(patch.operations[index], shapes: &shapes) {
                stores[number].unknownAtEnd = true
                return shapes.skip(patch.operations[(index + 1)...])
            }
            stores[number].record(shape.nodes, after: patch.seq)
            followed[number] = shape
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
        references(in: store)?.keys.sorted() ?? []
    }

    /// Whether the store's latest known state holds class instances by reference: whether
    /// ``referenceTypes(in:)`` is not empty, without sorting their names (`stats` asks after
    /// every action that changed nothing).
    func holdsReferences(in store: String) -> Bool {
        references(in: store)?.isEmpty == false
    }

    /// The `.reference` nodes by type name of the store's latest known state; `nil` when it is
    /// unknown.
    private func references(in store: String) -> [String: Int]? {
        var numbers = numbers  // a look-up remembers the name; this one need not
        guard let number = numbers.existingNumber(of: store) else { return nil }
        return followed[number]?.references
    }

    private mutating func forgetAll() {
        for number in followed.indices where followed[number] != nil {
            followed[number] = nil
            stores[number].unknownAtEnd = true
        }
    }
}
