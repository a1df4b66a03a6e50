import TraceAnalysis

/// The answer of `storescope diff` (and of `storescope mcp`'s `diff`): the net change of a
/// store's state, or a part of it, between two points.
struct StateDiff {
    let store: String
    let fromSeq: UInt64
    let toSeq: UInt64
    let pattern: PathPattern?
    let old: TraceValue
    let new: TraceValue
    /// Redacted values that changed in between (they read the same on both sides).
    let hidden: RedactedChanges

    /// Asks `session` for the states of `store` (the main store when `nil`) after `from` and
    /// after `to`, at `pattern`; fails, saying why, when the trace does not know either.
    init(_ session: TraceSession, store name: String?, from: SessionPoint, to: SessionPoint, pattern: PathPattern?) throws(AnalysisFailure) {
        store = try session.checkedStore(named: name)
        (fromSeq, toSeq) = (try session.checkedSeq(from), try session.checkedSeq(to))
        self.pattern = pattern
        let oldState = try session.state(of: store, after: fromSeq).known()
        let newState = try session.state(of: store, after: toSeq).known()
        old = try session.value(at: pattern, in: oldState, store: store, seq: fromSeq)
        new = try session.value(at: pattern, in: newState, store: store, seq: toSeq)
        var hidden = RedactedChanges(in: session, store: store, from: fromSeq, to: toSeq, old: oldState, new: newState)
        if let pattern { hidden = hidden.relative(to: pattern) }
        self.hidden = hidden
    }

    /// The change as patch operations.
    var operations: [PatchOperation] { StateChanges.operations(from: old, to: new, redactedChanges: hidden) }

    /// `{"store":…,"from":…,"to":…,"path":…,"ops":[…]}`, with `operations` (all by default).
    func json(_ operations: [PatchOperation]? = nil) -> String {
        var json = JSONWriter()
        json.beginObject()
        json.field("store", store)
        json.field("from", fromSeq)
        json.field("to", toSeq)
        if let pattern { json.field("path", pattern.description) }
        json.key("ops")
        json.beginArray()
        for operation in operations ?? self.operations { operation.writeJSON(to: &json) }
        json.endArray()
        json.endObject()
        return json.text
    }

    /// `main from #0 to #12 at .users:` and the -/+ lines, or `(no change)`.
    var text: String {
        let place = pattern.map { " at \($0.description)" } ?? ""
        let rendered = DiffRendering.render(from: old, to: new, redactedChanges: hidden)
        return "\(store) from #\(fromSeq) to #\(toSeq)\(place):".sanitizedForTerminal + "\n" + (rendered.isEmpty ? "(no change)" : rendered)
    }
}
