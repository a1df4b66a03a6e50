/// The state of one replay as records arrive: the reducer's live state, the recorded state,
/// and the action whose recorded result is not complete yet.
struct ReplayRun<State: Decodable, Action: Decodable> {
    let capture: CaptureOptions
    let reduce: (inout State, Action) -> Void
    private(set) var report: ReplayReport
    /// The reducer's state; `nil` until a keyframe (and again after losing track).
    private var live: State?
    /// The recorded state after the last settled action.
    private var recorded: TraceValue?
    /// The last replayed action, compared once its patch or keyframe has been read.
    private var pending: ActionRecord?

    init(store: String, capture: CaptureOptions, reduce: @escaping (inout State, Action) -> Void, schemaMismatch: String? = nil) {
        self.capture = capture
        self.reduce = reduce
        report = ReplayReport(store: store)
        report.schemaMismatch = schemaMismatch
    }

    mutating func apply(_ record: Record) throws(ReplayError) {
        switch record {
        case let .action(action) where action.store == report.store:
            try settle()
            guard report.divergence == nil, var state = live else { return }
            let decoded: Action
            do { decoded = try TraceValueDecoder().decode(Action.self, from: action.action) } catch {
                throw .undecodable(seq: action.seq, what: "action", reason: Self.reason(error))
            }
            reduce(&state, decoded)
            live = state
            pending = action
        case let .patch(patch) where patch.store == report.store:
            guard recorded != nil, pending?.seq == patch.seq else { return }
            do { try recorded!.apply(patch.operations) } catch { loseTrack() }
        case let .keyframe(keyframe) where keyframe.store == report.store:
            if live == nil {
                do { live = try TraceValueDecoder().decode(State.self, from: keyframe.state) } catch {
                    throw .undecodable(seq: keyframe.seq, what: "state", reason: Self.reason(error))
                }
                if report.startSeq == nil { report.startSeq = keyframe.seq } else { report.restarts += 1 }
            }
            recorded = keyframe.state
        case .dropped:
            loseTrack()
        default:
            break
        }
    }

    /// Compares the reducer's state after the pending action with the recorded one.
    mutating func settle() throws(ReplayError) {
        guard let action = pending, let live, let recorded else { return }
        pending = nil
        report.actionsReplayed += 1
        let replayed = captureValue(live, options: capture)
        if replayed != recorded {
            report.divergence = ReplayDivergence(
                seq: action.seq, action: action.action, recorded: recorded, replayed: replayed,
                changes: TreeDiff.operations(from: recorded, to: replayed))
        }
    }

    /// Records are missing: wait for the next keyframe.
    mutating func loseTrack() {
        live = nil
        recorded = nil
        pending = nil
    }

    private static func reason(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return "\(error)" }
        switch error {
        case let .typeMismatch(_, context), let .valueNotFound(_, context), let .keyNotFound(_, context), let .dataCorrupted(context):
            let path = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
            return (path.isEmpty ? "" : "at \(path): ") + context.debugDescription
        @unknown default:
            return "\(error)"
        }
    }
}
