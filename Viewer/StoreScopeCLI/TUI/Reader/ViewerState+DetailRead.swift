import TraceAnalysis
import TraceFormat

extension ViewerState.Detail {
    /// Reads the detail of action `entry` from `session`: the state after it, its diff with
    /// the state before, and the nodes it changed (`#0`: the initial state, and a note): what
    /// the ``BackgroundReader`` answers for every detail.
    static func read(_ entry: ActionEntry, from session: TraceSession) -> Self {
        let seq = entry.seq
        let store = entry.action.store
        if seq == 0 {
            // `#0`, the initial state: no change to show.
            let answer = session.state(of: store, after: 0)
            let state: Result<TraceValue, ViewerState.UnknownText> = answer.value.map { .success($0) }
                ?? .failure(.init(text: answer.unknownDescription ?? "the initial state is unknown"))
            let note = DiffLine(text: "  (the state before the first action: s shows it whole)", path: [])
            return Self(entry: entry, diff: .success([note]), state: state)
        }
        // The state before first: the engine keeps it, so the state after is one patch more
        // instead of a second replay from the keyframe.
        let before = session.state(of: store, after: seq - min(seq, 1))
        let after = session.state(of: store, after: seq)
        let state: Result<TraceValue, ViewerState.UnknownText> = after.value.map { .success($0) }
            ?? .failure(.init(text: after.unknownDescription ?? "the state is unknown"))
        // A patch, or the changes worked out from a keyframe (which the row shows too).
        let operations = seq > 0 ? session.changes(of: entry) : nil
        let redacted = RedactedChanges(entry.operations)
        let diff: Result<[DiffLine], ViewerState.UnknownText>
        switch (before.value, after.value) {
        case let (old?, new?):
            // The state after is the state before with these operations: the diff need only
            // look where they change something (a keyframe's hidden changes are in no
            // operation: then it compares everything).
            diff = .success(DiffRendering.lines(
                from: old, to: new, redactedChanges: redacted,
                patch: !entry.hasKeyframe || redacted.isEmpty ? operations : nil))
        case (nil, _):
            diff = .failure(.init(text: before.unknownDescription ?? "the state before is unknown"))
        case (_, nil):
            diff = .failure(.init(text: after.unknownDescription ?? "the state is unknown"))
        }
        var changed = ChangedNodes()
        if let value = after.value, let operations { changed = ChangedNodes(operations, in: value) }
        return Self(entry: entry, diff: diff, state: state, changes: operations, changedNodes: changed)
    }
}
