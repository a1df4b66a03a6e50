import TraceFormat

/// Re-runs a recorded session's actions through the app's real reducer and reports the first
/// action after which the reducer's state differs from the state the trace recorded: a
/// recorded session becomes a regression test.
///
/// The replay starts from the recorded state before the range's first action of the store
/// (the initial keyframe, or a keyframe plus patches; decoded into `State` with
/// ``TraceValueDecoder``), decodes each recorded action of the range into `Action`, runs the
/// reducer, and compares the captured result with the recorded state after that action, tree
/// against tree (so `Date`, `UUID` and `Decimal` compare as recorded). Redacted values, second
/// references to class instances and values cut by a capture limit are not compared: the
/// report notes them instead. After a drop or a damaged part of the trace it restarts from the
/// store's next keyframe. Sequence numbers, times and effects are not replayed: effects'
/// actions are in the trace as actions of their own, and are inputs here.
///
/// ```swift
/// @Test func searchStillReducesAsRecorded() throws {
///     let replay = ReducerReplay(reducer: SearchReducer().reduce(oldState:with:))
///     let report = try replay.check(tracePath: "Fixtures/search.sstrace")
///     #expect(report.divergence == nil, "\(report)")
/// }
/// ```
public struct ReducerReplay<State: Decodable, Action: Decodable> {
    private let store: String?
    private let capture: CaptureOptions
    private let range: ClosedRange<UInt64>
    private let redactedText: String?
    private let actions: [UInt64: Action]
    private let reduce: (inout State, Action) -> Void

    /// A replay through an in-place reducer (`(inout State, Action) -> Void`).
    ///
    /// - Parameters:
    ///   - store: the store whose actions to replay; the trace's main store by default (the
    ///     store the app named `mainStore`, else the only or first to register).
    ///   - from: the first action to replay (a seq of the trace); the replay starts from the
    ///     recorded state before it. `nil`: the store's first action.
    ///   - to: the last action to replay; `nil`: the store's last one.
    ///   - capture: the capture options the app recorded with (redaction and limits), so the
    ///     reducer's state is captured the same way; ``CaptureOptions/default`` by default.
    ///   - redactedText: when set, a `String` the recording redacted (in a state or an action)
    ///     decodes as this text, and a redacted optional as `nil`, instead of failing; the
    ///     report notes each place. Use it when the reducer only stores such values: redacted
    ///     fields are not compared anyway. Other redacted types still fail to decode.
    ///   - actions: actions to send instead of the recorded ones, by seq (a generated test
    ///     writes those it can print as Swift literals here); the others are decoded from the
    ///     trace.
    ///   - reducer: the app's reducer.
    public init(
        store: String? = nil, from: UInt64? = nil, to: UInt64? = nil, capture: CaptureOptions = .default, redactedText: String? = nil,
        actions: [UInt64: Action] = [:], reducer: @escaping (inout State, Action) -> Void
    ) {
        self.store = store
        self.capture = capture
        let lower = from ?? 0
        range = lower ... max(lower, to ?? .max)
        self.redactedText = redactedText
        self.actions = actions
        reduce = reducer
    }

    /// A replay through a reducer that returns the new state (`(State, Action) -> State`).
    ///
    /// - Parameters: see ``init(store:from:to:capture:redactedText:actions:reducer:)-(_,_,_,_,_,_,(inout State, Action) -> Void)``.
    public init(
        store: String? = nil, from: UInt64? = nil, to: UInt64? = nil, capture: CaptureOptions = .default, redactedText: String? = nil,
        actions: [UInt64: Action] = [:], reducer: @escaping (State, Action) -> State
    ) {
        self.init(store: store, from: from, to: to, capture: capture, redactedText: redactedText, actions: actions) { (state: inout State, action: Action) in
            state = reducer(state, action)
        }
    }

    /// A replay through a reducer that also returns its effects
    /// (`(inout State, Action) -> Effects`: OneWay's `AnyEffect`, a hand-written store's
    /// `[Effect]`, an Elm `Cmd`). The effects are dropped: a replay runs none, the actions they
    /// sent are in the trace as inputs.
    ///
    /// - Parameters: see ``init(store:from:to:capture:redactedText:actions:reducer:)-(_,_,_,_,_,_,(inout State, Action) -> Void)``.
    public init<Effects>(
        store: String? = nil, from: UInt64? = nil, to: UInt64? = nil, capture: CaptureOptions = .default, redactedText: String? = nil,
        actions: [UInt64: Action] = [:], reducer: @escaping (inout State, Action) -> Effects
    ) {
        self.init(store: store, from: from, to: to, capture: capture, redactedText: redactedText, actions: actions) { (state: inout State, action: Action) in
            _ = reducer(&state, action)
        }
    }

    /// Replays the trace at `tracePath`.
    ///
    /// - Returns: the report: how many actions were replayed, what could not be compared, and
    ///   the first divergence if any.
    /// - Throws: ``ReplayError`` when the trace cannot be read, has no recorded state of the
    ///   store to start from, has no action of the store in the range, or holds a state or
    ///   action that does not decode into the app's types.
    public func check(tracePath: String) throws(ReplayError) -> ReplayReport {
        let reader: TraceReader
        do { reader = try TraceReader(path: tracePath) } catch { throw .unreadable(error) }
        let recorded = reader.header.schemaFingerprint
        let mismatch = recorded != SchemaFingerprint.of([]) && recorded != SchemaFingerprint.of([State.self, Action.self])
            ? "the trace was recorded with other State and Action types than \(String(reflecting: State.self)) and \(String(reflecting: Action.self)) (its schema fingerprint differs)"
            : nil
        var run = ReplayRun(
            store: store ?? reader.header.mainStore(among: RegisteredStores(reader).names) ?? "", capture: capture, range: range, redactedText: redactedText, sent: actions, reduce: reduce,
            schemaMismatch: mismatch)
        reading: for chunk in reader.chunks {
            guard let records = try? reader.records(in: chunk) else {
                run.loseTrack()
                continue
            }
            for record in records {
                try run.apply(record)
                if run.report.divergence != nil { return run.report }
                if run.passedRange { break reading }
            }
        }
        try run.settle()
        guard run.report.startSeq != nil else {
            if run.sawState { throw .noActions(store: run.report.store, from: range.lowerBound, to: range.upperBound) }
            throw .noKeyframe(store: run.report.store)
        }
        return run.report
    }
}

/// Why a replay could not run.
public enum ReplayError: Error, Sendable, CustomStringConvertible {
    /// The trace file cannot be read.
    case unreadable(TraceError)
    /// The trace has no keyframe of the store to start from.
    case noKeyframe(store: String)
    /// The store has no action in the range (`to` is `UInt64.max` when open).
    case noActions(store: String, from: UInt64, to: UInt64)
    /// A recorded state (`what` is `state`) or action does not decode into the app's type.
    case undecodable(seq: UInt64, what: String, reason: String)

    /// The reason in one sentence.
    public var description: String {
        switch self {
        case let .unreadable(error): "the trace cannot be read: \(error)"
        case let .noKeyframe(store): "the trace has no keyframe of store \"\(store)\" to start from"
        case let .noActions(store, from, to):
            "store \"\(store)\" has no replayable action " + (to == .max ? "from #\(from) on" : "from #\(from) to #\(to)")
        case let .undecodable(seq, what, reason): "the \(what) of #\(seq) does not decode: \(reason)"
        }
    }
}
