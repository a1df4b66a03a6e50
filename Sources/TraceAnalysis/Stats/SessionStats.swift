/// Whole-session statistics for `storescope stats`, gathered in one pass over the records:
/// actions and no-op actions per case with reducer-time percentiles, effect durations per
/// name, the state's size at each keyframe, drops, and the action rate over time.
///
/// A no-op is an action after which the recorder wrote no patch. That proves nothing when the
/// store's state holds class instances recorded by reference (mutable classes: their identity
/// only, never their contents): the action may have changed one of them in place. Such an
/// action is counted in ``unjudgedByReferences``, not as a no-op.
///
/// Memory grows with the number of actions only by one `UInt64` reducer time each (for exact
/// percentiles); each store's latest state is held to follow its size (``StoreSizes``).
public struct SessionStats: Sendable {
    /// The actions of one case (`SearchAction.search`) or type.
    public struct ActionCase: Sendable {
        /// `Type.case` for an enum action, the type name otherwise.
        public var name: String
        /// How many actions.
        public var count = 0
        /// How many left their store's state unchanged.
        public var noOps = 0
        /// How many wrote no change to a state that holds class instances recorded by
        /// reference: whether they changed one of them in place is unknown.
        public var unjudgedByReferences = 0
        /// Reducer time percentiles, once ``SessionStats/finish()`` ran.
        public var reducer: Percentiles?
        fileprivate var reducerNanos: [UInt64] = []
    }

    /// The effects of one name.
    public struct EffectName: Sendable {
        /// The effect name.
        public var name: String
        /// Counts by outcome (`finished`, `cancelled`, `failed`, `running`).
        public var outcomes: [String: Int] = [:]
        /// How many.
        public var count: Int { outcomes.values.reduce(0, +) }
        /// Percentiles of the durations of the effects that ended.
        public var durations: Percentiles?
    }

    /// A store's state size at a keyframe.
    public struct StateSize: Sendable, Hashable {
        /// The action after which the keyframe was taken (0: initial state).
        public var seq: UInt64
        /// The store.
        public var store: String
        /// Nodes in the state's value tree.
        public var nodes: Int
    }

    /// Per case, in order of first appearance.
    public private(set) var actionCases: [ActionCase] = []
    /// Per effect name, in order of first start; filled by ``finish()``.
    public private(set) var effectNames: [EffectName] = []
    /// The state size at every keyframe, in order.
    public private(set) var stateSizes: [StateSize] = []
    /// Each store's size at the end and at its peak, followed through the patches.
    public private(set) var storeSizes = StoreSizes()
    /// The recorder's drop records.
    public private(set) var drops: [DroppedRecords] = []
    /// Actions over time.
    public private(set) var rate = ActionRate()
    /// Total actions.
    public private(set) var actions = 0
    /// Actions that left the state unchanged.
    public private(set) var noOps = 0
    /// Actions whose store took a keyframe instead of a patch: whether they changed the state
    /// is not judged.
    public private(set) var unjudged = 0
    /// Actions that wrote no change to a state holding class instances recorded by reference
    /// (``StoreSizes/referenceTypes(in:)``): they may have changed one in place, which the
    /// recorder cannot see, so they are not judged as no-ops.
    public private(set) var unjudgedByReferences = 0
    /// The classes held by reference in the states of the actions counted in
    /// ``unjudgedByReferences``, sorted.
    public var unjudgedReferenceTypes: [String] { referenceTypeSet.sorted() }
    /// First and last action sequence numbers.
    public private(set) var seqRange: ClosedRange<UInt64>?
    /// Stores in order of first appearance.
    public var stores: [String] { storeNumbers.names }
    /// The effect lifetimes seen.
    public private(set) var effects = EffectLifetimes()

    private let startNanos: UInt64
    private let grouping: Grouping
    private var caseIndex: [CaseKey: Int] = [:]
    /// The keys of ``actionCases``, by index: while there are few, a scan of them finds an
    /// action's row faster than hashing its two names.
    private var caseKeys: [CaseKey] = []
    private static let scannedCases = 16
    /// Numbers the stores as ``stores`` lists them.
    private var storeNumbers = StoreNumbers()
    /// By store number: its last action while it is not settled.
    private var pending: [PendingAction?] = []
    private var pendingCount = 0
    private var referenceTypeSet: Set<String> = []

    private struct CaseKey: Hashable {
        // The case before the type: the rows of one type differ by their case, which is most
        // often short enough to compare in place, and `==` compares in this order.
        var caseName: String?
        var type: String
    }

    private struct PendingAction {
        var seq: UInt64
        var caseIndex: Int
        var changed = false
        var keyframed = false
    }

    /// What an action row of ``actionCases`` stands for.
    public enum Grouping: String, Sendable, CaseIterable {
        /// The action's own case: `AppAction.todos` for `.todos(.queryChanged("a"))`.
        case `case`
        /// The cases the action passes through (``ActionCasePath``):
        /// `AppAction.todos.queryChanged`.
        case casePath = "case-path"
    }

    /// Creates empty statistics for a session that started at `startMonotonicNanos`, with
    /// actions counted in rows by `grouping`.
    public init(startMonotonicNanos: UInt64, grouping: Grouping = .case) {
        startNanos = startMonotonicNanos
        self.grouping = grouping
    }

    /// Takes in one item. After a gap, the actions whose patch may have been in the damaged
    /// part are not judged as no-ops.
    public mutating func add(_ item: SourceItem) {
        switch item {
        case let .record(record):
            add(record)
        case .gap:
            effects.add(.gap)
            storeSizes.add(.gap)
            unjudged += pendingCount
            for number in pending.indices { pending[number] = nil }
            pendingCount = 0
        }
    }

    /// Takes in one record.
    public mutating func add(_ record: Record) {
        var shapes = StateShapeSource.values
        add(record, shapes: &shapes)
    }

    /// Takes in a chunk's records and its actions read as ``CountedAction``s, in order (each
    /// counted action where its `position` puts it among the records), the shapes of the
    /// states they hold taken from `shapes`; `records` is as it was when this returns.
    package mutating func add(_ records: inout [Record], shapes: consuming StateShapeSource, counted: CountedActions = CountedActions()) {
        var rows = ChunkRows(strings: counted.strings)
        var nextCounted = 0
        // Each record moved out of the array while it is taken in, then back: an element
        // passed where it lies was copied (a retain and a release of each thing it holds; issue
        // 40: an eighth of the thread taking records in), since the statistics change while it
        // is read. Pass an array nothing else holds, or it is copied whole here.
        records.withUnsafeMutableBufferPointer { records in
            counted.actions.withUnsafeBufferPointer { actions in
                for index in records.indices {
                    while nextCounted < actions.count && actions[nextCounted].position == index + nextCounted {
                        add(actions[nextCounted], rows: &rows)
                        nextCounted += 1
                    }
                    let record = (records.baseAddress! + index).move()
                    add(record, shapes: &shapes)
                    (records.baseAddress! + index).initialize(to: consume record)
                }
                while nextCounted < actions.count {
                    add(actions[nextCounted], rows: &rows)
                    nextCounted += 1
                }
            }
        }
    }

    /// By string table index, what one chunk's counted actions were found to be: their rows
    /// and stores, each looked up by name once per chunk.
    private struct ChunkRows {
        let strings: [String]
        /// By case name index: the type index and row of the last enum case of that name.
        var byCase: [(type: Int, row: Int)]
        /// By type index: the row of the struct of that type.
        var byStruct: [Int]
        /// By store name index: the store's number.
        var stores: [Int]

        init(strings: [String]) {
            self.strings = strings
            byCase = Array(repeating: (-1, -1), count: strings.count)
            byStruct = Array(repeating: -1, count: strings.count)
            stores = Array(repeating: -1, count: strings.count)
        }
    }

    /// Takes in an action read without its record, its row and store found through `rows`.
    private mutating func add(_ action: CountedAction, rows: inout ChunkRows) {
        effects.addAction(atNanos: action.monotonicNanos)
        var store = rows.stores[action.store]
        if store < 0 {
            store = number(of: rows.strings[action.store])
            rows.stores[action.store] = store
        }
        let row: Int
        if let caseName = action.caseName {
            if rows.byCase[caseName].type == action.type {
                row = rows.byCase[caseName].row
            } else {
                row = caseIndexFor(CaseKey(caseName: rows.strings[caseName], type: rows.strings[action.type]))
                rows.byCase[caseName] = (action.type, row)
            }
        } else if rows.byStruct[action.type] >= 0 {
            row = rows.byStruct[action.type]
        } else {
            row = caseIndexFor(CaseKey(type: rows.strings[action.type]))
            rows.byStruct[action.type] = row
        }
        count(seq: action.seq, store: store, row: row, reducerNanos: action.reducerNanos, monotonicNanos: action.monotonicNanos)
    }

    /// Takes in one record, the shapes of the states it holds taken from `shapes`
    /// (``StoreSizes/add(_:shapes:)``).
    package mutating func add(_ record: Record, shapes: inout StateShapeSource) {
        effects.add(record)
        storeSizes.add(record, shapes: &shapes)
        switch record {
        case let .action(action):
            let store = number(of: action.store)
            count(
                seq: action.seq, store: store, row: caseIndexFor(action.action), reducerNanos: action.reducerNanos,
                monotonicNanos: action.monotonicNanos)
        case let .patch(patch):
            if !patch.operations.isEmpty, let store = storeNumbers.existingNumber(of: patch.store), pending[store]?.seq == patch.seq {
                pending[store]?.changed = true
            }
        case let .keyframe(keyframe):
            stateSizes.append(StateSize(seq: keyframe.seq, store: keyframe.store, nodes: storeSizes.lastKeyframeNodes))
            let store = number(of: keyframe.store)
            if pending[store]?.seq == keyframe.seq { pending[store]?.keyframed = true }
        case let .dropped(dropped):
            drops.append(dropped)
        default:
            break
        }
    }

    /// Counts an action of the store numbered `store` in the row numbered `row`.
    private mutating func count(seq: UInt64, store: Int, row: Int, reducerNanos: UInt64, monotonicNanos: UInt64) {
        settle(store)
        actionCases[row].count += 1
        actionCases[row].reducerNanos.append(reducerNanos)
        actions += 1
        seqRange = seqRange.map { min($0.lowerBound, seq)...max($0.upperBound, seq) } ?? seq...seq
        rate.count(atNanos: monotonicNanos &- startNanos > (1 << 62) ? 0 : monotonicNanos &- startNanos)
        pending[store] = PendingAction(seq: seq, caseIndex: row)
        pendingCount += 1
    }

    /// Settles the last actions and computes the percentiles; call once after the last record.
    public mutating func finish() {
        for store in pending.indices { settle(store) }
        for index in actionCases.indices {
            actionCases[index].reducer = Percentiles(sorting: &actionCases[index].reducerNanos)
            actionCases[index].reducerNanos = []
        }
        var byName: [String: Int] = [:]
        var durations: [[UInt64]] = []
        for effect in effects.lifetimes {
            let index: Int
            if let known = byName[effect.name] {
                index = known
            } else {
                index = effectNames.count
                byName[effect.name] = index
                effectNames.append(EffectName(name: effect.name))
                durations.append([])
            }
            effectNames[index].outcomes[effect.outcomeName, default: 0] += 1
            if !effect.isOpen { durations[index].append(effect.duration(traceEndNanos: effects.traceEndNanos)) }
        }
        for index in effectNames.indices { effectNames[index].durations = Percentiles(sorting: &durations[index]) }
    }

    /// The name statistics group an action under: `Type.case` for an enum case, the type name
    /// for a struct or class, the kind for anything else.
    public static func caseName(of action: TraceValue) -> String {
        let key = caseKey(action)
        return key.caseName.map { "\(key.type).\($0)" } ?? key.type
    }

    private static func caseKey(_ action: TraceValue) -> CaseKey {
        switch action {
        case let .enumeration(type, caseName, _): CaseKey(caseName: caseName, type: type)
        case let .some(wrapped): caseKey(wrapped)
        default: CaseKey(type: action.typeName)
        }
    }

    private mutating func caseIndexFor(_ action: TraceValue) -> Int {
        var key = Self.caseKey(action)
        if grouping == .casePath, key.caseName != nil { key.caseName = ActionCasePath(of: action).dotted }
        return caseIndexFor(key)
    }

    /// The row of `key`, added when new.
    private mutating func caseIndexFor(_ key: CaseKey) -> Int {
        if caseKeys.count <= Self.scannedCases {
            if let index = caseKeys.firstIndex(of: key) { return index }
        } else if let index = caseIndex[key] {
            return index
        }
        caseIndex[key] = actionCases.count
        caseKeys.append(key)
        actionCases.append(ActionCase(name: key.caseName.map { "\(key.type).\($0)" } ?? key.type))
        return actionCases.count - 1
    }

    /// Settles the pending action of the store numbered `store`, if there is one.
    private mutating func settle(_ store: Int) {
        guard let last = pending[store] else { return }
        pending[store] = nil
        pendingCount -= 1
        if last.keyframed && !last.changed {
            unjudged += 1
        } else if !last.changed {
            // Settled before the store's next patch: its known state is the one the action left.
            let name = storeNumbers.names[store]
            if !storeSizes.holdsReferences(in: name) {
                noOps += 1
                actionCases[last.caseIndex].noOps += 1
            } else {
                unjudgedByReferences += 1
                actionCases[last.caseIndex].unjudgedByReferences += 1
                referenceTypeSet.formUnion(storeSizes.referenceTypes(in: name))
            }
        }
    }

    /// The number of `store`, which is added to ``stores`` when new.
    private mutating func number(of store: String) -> Int {
        let (number, isNew) = storeNumbers.number(of: store)
        if isNew { pending.append(nil) }
        return number
    }
}
