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

    init(records: [Record], store: String, from: UInt64, to: UInt64) {
        var current: TraceValue?
        var currentSeq: UInt64 = 0
        for record in records {
            switch record {
            case let .keyframe(keyframe) where keyframe.store == store:
                if stateType == nil { stateType = Self.typeName(of: keyframe.state) }
                current = keyframe.state
                currentSeq = keyframe.seq
            case let .patch(patch) where patch.store == store:
                if current != nil, (try? current!.apply(patch.operations)) == nil { current = nil }
                currentSeq = patch.seq
            case let .action(action) where action.store == store && action.seq >= from && action.seq <= to:
                if actions.isEmpty, let current { startStates.append((currentSeq, current)) }
                if actionType == nil { actionType = Self.typeName(of: action.action) }
                actions.append(action)
            case .dropped:
                lostRecords = true
            default:
                break
            }
        }
    }

    private static func typeName(of value: TraceValue) -> String? {
        switch value {
        case let .structure(type, _), let .object(type, _, _), let .enumeration(type, _, _): type
        default: nil
        }
    }
}
