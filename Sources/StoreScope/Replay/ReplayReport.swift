import TraceFormat

/// What a ``ReducerReplay`` found.
public struct ReplayReport: Sendable, CustomStringConvertible {
    /// The store replayed.
    public var store: String
    /// The recorded state the replay started from: the state after this action (`0`: the
    /// initial state); `nil` when it never started.
    public var startSeq: UInt64?
    /// The last action replayed and compared; `nil` when none was.
    public var lastSeq: UInt64?
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
    /// What the replay could not check or had to stand in for, each once, in the order met:
    /// places not compared (redacted in the recording, a class instance recorded by identity,
    /// a value cut by a capture limit) and redacted text replaced by a placeholder.
    public private(set) var notes: [String] = []

    init(store: String) {
        self.store = store
    }

    /// Adds `note` unless the report holds it already.
    mutating func note(_ note: String) {
        if !notes.contains(note) { notes.append(note) }
    }

    /// A summary, the notes, and the divergence with its changes when there is one.
    public var description: String {
        var text = "replayed \(actionsReplayed) actions of store \"\(store)\""
        if let startSeq { text += startSeq == 0 ? " from the initial state" : " from the recorded state after #\(startSeq)" }
        if let lastSeq { text += " through #\(lastSeq)" }
        if restarts > 0 { text += " (restarted \(restarts) times after missing records)" }
        if let schemaMismatch { text += "\nnote: \(schemaMismatch)" }
        for note in notes { text += "\nnote: \(note)" }
        guard let divergence else { return text + (notes.isEmpty ? ": every state matches the recording" : "\nevery compared state matches the recording") }
        return text + "\n" + divergence.description
    }
}

/// The first action after which the reducer's state differs from the recorded one.
public struct ReplayDivergence: Sendable, CustomStringConvertible {
    /// The action's sequence number in the trace.
    public var seq: UInt64
    /// The recorded action.
    public var action: TraceValue
    /// The effect that emitted the action in the recording, when one did (the replay does not
    /// run effects: their actions are inputs).
    public var effectID: UInt64?
    /// Where the app sent the action from, when the recording knows.
    public var location: SourceLocation?
    /// The state the trace recorded after it.
    public var recorded: TraceValue
    /// The state the reducer produced (captured the same way; places the recording cannot
    /// vouch for are taken from ``recorded``).
    public var replayed: TraceValue
    /// The operations that turn the recorded state into the replayed one.
    public var changes: [PatchOperation]

    /// The path of the first change, as `.todos[2].isDone` (empty: the whole state).
    public var path: String { changes.first.map { renderPath($0.path) } ?? "" }

    /// The divergence as a person reads it: the action (its seq, where it came from), then per
    /// change its path and the recorded (`-`) and replayed (`+`) values.
    ///
    /// ```
    /// after #3 SearchAction.setResults(repos: [...]) the reducer's state differs from the recording at .isLoading (- recorded, + replayed):
    ///   .isLoading
    ///   - false
    ///   + true
    /// action #3 was emitted by effect 2; sent from StoreScopeSamples/UnidirectionalFlow.swift:59
    /// ```
    public var description: String {
        let at = path.isEmpty ? "" : " at \(path)"
        var lines = ["after #\(seq) \(action.qualifiedDescription) the reducer's state differs from the recording\(at) (- recorded, + replayed):"]
        for change in changes {
            let shown = renderPath(change.path)
            lines.append("  " + (shown.isEmpty ? "state" : shown))
            let before = recorded.node(at: change.path)
            switch change {
            case let .set(_, value):
                lines.append("  - " + (before?.description ?? "(absent)"))
                lines.append("  + " + value.description)
            case let .insert(_, value):
                lines.append("  + " + value.description)
            case .remove:
                lines.append("  - " + (before?.description ?? "(absent)"))
            case let .move(_, to):
                lines.append("    moved to [\(to)]")
            }
        }
        var origin: [String] = []
        if let effectID { origin.append("was emitted by effect \(effectID)") }
        if let location { origin.append("sent from \(location)") }
        if !origin.isEmpty { lines.append("action #\(seq) " + origin.joined(separator: "; ")) }
        return lines.joined(separator: "\n")
    }
}
