import TraceFormat

/// The recorded actions of one store in a range, and what the trace says about their types.
struct RecordedRange {
    var actions: [ActionRecord] = []
    /// The type the store's first keyframe recorded, e.g. `SearchState`.
    var stateType: String?
    /// The type of the range's first action, e.g. `SearchAction`.
    var actionType: String?
    /// The recorded state the replay decodes to start: the one before the range's first action
    /// (states it restarts from after a loss are not listed).
    var startStates: [(seq: UInt64, state: TraceValue)] = []
    /// Whether the trace lost records (drops or damaged parts): counts may then differ.
    var lostRecords = false

    /// Whether the range holds more than `maximumActions` actions (those past it are not kept).
    private(set) var exceeded = false

    private let store: String
    private let seqs: ClosedRange<UInt64>
    private let maximumActions: Int
    private var current: TraceValue?
    private var currentSeq: UInt64 = 0

    /// An empty range, to ``note(_:)`` the trace's records into in file order.
    init(store: String, from: UInt64, to: UInt64, maximumActions: Int = .max) {
        self.store = store
        seqs = from...max(from, to)
        self.maximumActions = maximumActions
    }

    /// Takes the next record; returns `false` once the range holds more than `maximumActions`.
    mutating func note(_ record: Record) -> Bool {
        switch record {
        case let .keyframe(keyframe) where keyframe.store == store:
            if stateType == nil { stateType = Self.typeName(of: keyframe.state) }
            current = keyframe.state
            currentSeq = keyframe.seq
        case let .patch(patch) where patch.store == store:
            if current != nil, (try? current!.apply(patch.operations)) == nil { current = nil }
            currentSeq = patch.seq
        case let .action(action) where action.store == store && seqs.contains(action.seq):
            guard actions.count < maximumActions else {
                exceeded = true
                return false
            }
            if actions.isEmpty, let current { startStates.append((currentSeq, current)) }
            if actionType == nil { actionType = Self.typeName(of: action.action) }
            actions.append(action)
        case .dropped:
            lostRecords = true
        default:
            break
        }
        return true
    }

    private static func typeName(of value: TraceValue) -> String? {
        switch value {
        case let .structure(type, _), let .object(type, _, _), let .enumeration(type, _, _): type
        default: nil
        }
    }
}
