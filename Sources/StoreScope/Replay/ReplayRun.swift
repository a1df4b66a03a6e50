import TraceFormat

/// The state of one replay as records arrive: the reducer's live state, the recorded state,
/// and the action whose recorded result is not complete yet.
///
/// Before the range, only the recorded state is followed (keyframes plus patches); at the
/// range's first action of the store, the recorded state before it is decoded into `State`
/// and from then on each action is reduced and its result compared once its patch (or
/// keyframe) has been read.
struct ReplayRun<State: Decodable, Action: Decodable> {
    let capture: CaptureOptions
    let reduce: (inout State, Action) -> Void
    let range: ClosedRange<UInt64>
    /// The text a redacted `String` decodes as; `nil`: a redacted value does not decode.
    let redactedText: String?
    /// Actions sent instead of the recorded ones, by seq.
    let sent: [UInt64: Action]
    private(set) var report: ReplayReport
    /// The reducer's state; `nil` until the range starts (and again after losing track).
    private var live: State?
    /// The recorded state after ``recordedSeq``; `nil` until a keyframe.
    private var recorded: TraceValue?
    private var recordedSeq: UInt64 = 0
    /// The last action of the store read, whose patch updates ``recorded``.
    private var following: UInt64?
    /// The last replayed action, compared once its patch or keyframe has been read.
    private var pending: ActionRecord?

    init(
        store: String, capture: CaptureOptions, range: ClosedRange<UInt64>, redactedText: String?, sent: [UInt64: Action] = [:],
        reduce: @escaping (inout State, Action) -> Void, schemaMismatch: String? = nil
    ) {
        self.capture = capture
        self.reduce = reduce
        self.range = range
        self.redactedText = redactedText
        self.sent = sent
        report = ReplayReport(store: store)
        report.schemaMismatch = schemaMismatch
    }

    /// Whether a keyframe of the store was read (a replay with none has nothing to start from).
    var sawState: Bool { sawKeyframe }
    private var sawKeyframe = false

    /// Whether a record past the range was read: nothing more will be compared.
    private(set) var passedRange = false

    mutating func apply(_ record: Record) throws(ReplayError) {
        switch record {
        case let .action(action) where action.store == report.store:
            try settle()
            guard report.divergence == nil else { return }
            following = action.seq
            if action.seq > range.upperBound { passedRange = true }
            guard range.contains(action.seq), let recorded else { return }
            if live == nil {
                live = try decode(State.self, from: recorded, seq: recordedSeq, what: "state")
                if report.startSeq == nil { report.startSeq = recordedSeq } else { report.restarts += 1 }
            }
            let decoded: Action
            if let literal = sent[action.seq] { decoded = literal } else {
                decoded = try decode(Action.self, from: action.action, seq: action.seq, what: "action")
            }
            reduce(&live!, decoded)
            pending = action
        case let .patch(patch) where patch.store == report.store:
            guard recorded != nil, following == patch.seq else { return }
            do {
                try recorded!.apply(patch.operations)
                recordedSeq = patch.seq
            } catch { loseTrack() }
        case let .keyframe(keyframe) where keyframe.store == report.store:
            recorded = keyframe.state
            recordedSeq = keyframe.seq
            sawKeyframe = true
            following = keyframe.seq
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
        report.lastSeq = action.seq
        let (replayed, skipped) = ReplayComparison.masked(recorded: recorded, replayed: captureValue(live, options: capture))
        for place in skipped { report.note("state \(place)") }
        if replayed != recorded {
            report.divergence = ReplayDivergence(
                seq: action.seq, action: action.action, effectID: action.effectID, location: action.location,
                recorded: recorded, replayed: replayed, changes: TreeDiff.operations(from: recorded, to: replayed))
        }
    }

    /// Records are missing: wait for the next keyframe.
    mutating func loseTrack() {
        live = nil
        recorded = nil
        pending = nil
        following = nil
    }

    /// Decodes a recorded value, first giving redacted text its placeholder when allowed.
    private mutating func decode<T: Decodable>(_ type: T.Type, from value: TraceValue, seq: UInt64, what: String) throws(ReplayError) -> T {
        var value = value
        if let redactedText {
            let substituted = ReplayComparison.substitutingRedactedText(in: value, with: redactedText)
            value = substituted.value
            for (path, standIn) in substituted.paths {
                report.note("\(what == "state" ? "the state after #\(seq)" : "action #\(seq)"): \(path) was redacted in the recording; the reducer got \(standIn)")
            }
        }
        do { return try TraceValueDecoder().decode(type, from: value) } catch {
            throw .undecodable(seq: seq, what: what, reason: TraceValueDecoder.reason(error))
        }
    }
}
