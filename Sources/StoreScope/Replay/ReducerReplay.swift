/// Re-runs a recorded session's actions through the app's real reducer and reports the first
/// action after which the reducer's state differs from the state the trace recorded: a
/// recorded session becomes a regression test.
///
/// The replay starts from the store's first keyframe (its state decoded into `State` with
/// ``TraceValueDecoder``), decodes each recorded action into `Action`, runs the reducer, and
/// compares the captured result with the recorded state after that action (keyframes plus
/// patches). After a drop or a damaged part of the trace it restarts from the store's next
/// keyframe. Sequence numbers, times and effects are not replayed: effects' actions are in the
/// trace as actions of their own.
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
    private let reduce: (inout State, Action) -> Void

    /// A replay through an in-place reducer (`(inout State, Action) -> Void`).
    ///
    /// - Parameters:
    ///   - store: the store whose actions to replay; the trace's main store by default.
    ///   - capture: the capture options the app recorded with (redaction and limits), so the
    ///     reducer's state is captured the same way; ``CaptureOptions/default`` by default.
    ///   - reducer: the app's reducer.
    public init(store: String? = nil, capture: CaptureOptions = .default, reducer: @escaping (inout State, Action) -> Void) {
        self.store = store
        self.capture = capture
        reduce = reducer
    }

    /// A replay through a reducer that returns the new state (`(State, Action) -> State`).
    ///
    /// - Parameters: see ``init(store:capture:reducer:)-(_,_,(inout State, Action) -> Void)``.
    public init(store: String? = nil, capture: CaptureOptions = .default, reducer: @escaping (State, Action) -> State) {
        self.init(store: store, capture: capture) { (state: inout State, action: Action) in state = reducer(state, action) }
    }

    /// Replays the trace at `tracePath`.
    ///
    /// - Returns: the report: how many actions were replayed, and the first divergence if any.
    /// - Throws: ``ReplayError`` when the trace cannot be read, has no keyframe of the store,
    ///   or holds a state or action that does not decode into the app's types.
    public func check(tracePath: String) throws(ReplayError) -> ReplayReport {
        let reader: TraceReader
        do { reader = try TraceReader(path: tracePath) } catch { throw .unreadable(error) }
        let recorded = reader.header.schemaFingerprint
        let mismatch = recorded != SchemaFingerprint.of([]) && recorded != SchemaFingerprint.of([State.self, Action.self])
            ? "the trace was recorded with other State and Action types than \(String(reflecting: State.self)) and \(String(reflecting: Action.self)) (its schema fingerprint differs)"
            : nil
        var run = ReplayRun(store: store ?? reader.header.storeName, capture: capture, reduce: reduce, schemaMismatch: mismatch)
        for chunk in reader.chunks {
            guard let records = try? reader.records(in: chunk) else {
                run.loseTrack()
                continue
            }
            for record in records {
                try run.apply(record)
                if run.report.divergence != nil { return run.report }
            }
        }
        try run.settle()
        guard run.report.startSeq != nil else { throw .noKeyframe(store: run.report.store) }
        return run.report
    }
}

/// Why a replay could not run.
public enum ReplayError: Error, Sendable, CustomStringConvertible {
    /// The trace file cannot be read.
    case unreadable(TraceError)
    /// The trace has no keyframe of the store to start from.
    case noKeyframe(store: String)
    /// A recorded state (`what` is `state`) or action does not decode into the app's type.
    case undecodable(seq: UInt64, what: String, reason: String)

    /// The reason in one sentence.
    public var description: String {
        switch self {
        case let .unreadable(error): "the trace cannot be read: \(error)"
        case let .noKeyframe(store): "the trace has no keyframe of store \"\(store)\" to start from"
        case let .undecodable(seq, what, reason): "the \(what) of #\(seq) does not decode: \(reason)"
        }
    }
}
