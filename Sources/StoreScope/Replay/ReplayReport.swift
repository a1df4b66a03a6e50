/// What a ``ReducerReplay`` found.
public struct ReplayReport: Sendable, CustomStringConvertible {
    /// The store replayed.
    public var store: String
    /// The keyframe the replay started from (`0`: the initial state); `nil` when none.
    public var startSeq: UInt64?
    /// Actions replayed and compared.
    public var actionsReplayed = 0
    /// How many times the replay restarted from a keyframe after a drop or a damaged part.
    public var restarts = 0
    /// The first action after which the states differ; `nil` when the reducer reproduced
    /// every recorded state.
    public var divergence: ReplayDivergence?
    /// Set when the trace's schema fingerprint names other types than the replay's `State`
    /// and `Action` (the app passed `schema: [State.self, Action.self]` to ``Recorder``, and
    /// the types were renamed or moved since): a divergence may come from the types.
    public var schemaMismatch: String?

    init(store: String) {
        self.store = store
    }

    /// A summary, and the divergence with its changes when there is one.
    public var description: String {
        var text = "replayed \(actionsReplayed) actions of store \"\(store)\""
        if let startSeq { text += " from the keyframe after #\(startSeq)" }
        if restarts > 0 { text += " (restarted \(restarts) times after missing records)" }
        if let schemaMismatch { text += "\nnote: \(schemaMismatch)" }
        guard let divergence else { return text + ": every state matches the recording" }
        return text + "\n" + divergence.description
    }
}

/// The first action after which the reducer's state differs from the recorded one.
public struct ReplayDivergence: Sendable, CustomStringConvertible {
    /// The action's sequence number in the trace.
    public var seq: UInt64
    /// The recorded action.
    public var action: TraceValue
    /// The state the trace recorded after it.
    public var recorded: TraceValue
    /// The state the reducer produced (captured the same way).
    public var replayed: TraceValue
    /// The operations that turn the recorded state into the replayed one.
    public var changes: [PatchOperation]

    /// `after #3 SearchAction.setResults(...) the reducer's state differs:` and one line per
    /// change, `.isLoading: recorded false, replayed true`.
    public var description: String {
        var lines = ["after #\(seq) \(action.qualifiedDescription) the reducer's state differs from the recording:"]
        for change in changes {
            let path = renderPath(change.path)
            let shown = path.isEmpty ? "state" : path
            let before = recorded.node(at: change.path).map { "recorded \($0.shortDescription)" } ?? "absent in the recording"
            switch change {
            case let .set(_, value): lines.append("  \(shown): \(before), replayed \(value.shortDescription)")
            case let .insert(_, value): lines.append("  \(shown): replayed inserts \(value.shortDescription)")
            case .remove: lines.append("  \(shown): \(before), replayed removes it")
            case let .move(_, to): lines.append("  \(shown): replayed moves it to [\(to)]")
            }
        }
        return lines.joined(separator: "\n")
    }
}
