import TraceAnalysis

/// The answer of `storescope state` (and of `storescope mcp`'s `state_at`): a store's state,
/// or a part of it, after an action.
struct StateAtPoint {
    let store: String
    let seq: UInt64
    let pattern: PathPattern?
    let value: TraceValue

    /// Asks `session` for the state of `store` (the main store when `nil`) after `point`, at
    /// `pattern`; fails, saying why, when the trace does not know it.
    init(_ session: TraceSession, store name: String?, at point: SessionPoint, pattern: PathPattern?) throws(AnalysisFailure) {
        store = try session.checkedStore(named: name)
        seq = try session.checkedSeq(point)
        self.pattern = pattern
        let state = try session.state(of: store, after: seq).known()
        value = try session.value(at: pattern, in: state, store: store, seq: seq)
    }

    /// `{"store":…,"seq":…,"path":…,"state":…}`.
    var json: String {
        var json = JSONWriter()
        json.beginObject()
        json.field("store", store)
        json.field("seq", seq)
        if let pattern { json.field("path", pattern.description) }
        json.key("state")
        value.writeJSON(to: &json)
        json.endObject()
        return json.text
    }

    /// `main after #12 at .users:` and the tree.
    var text: String {
        let place = pattern.map { " at \($0.description)" } ?? ""
        return "\(store) after #\(seq)\(place):".sanitizedForTerminal + "\n" + TreeRendering.render(value)
    }
}
