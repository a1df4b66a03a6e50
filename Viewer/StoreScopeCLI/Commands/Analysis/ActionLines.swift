import TraceAnalysis

/// How `log` and `blame` print an action: the `cat` line of the action, then its changes and
/// the events after it, indented; or one JSON object.
struct ActionLines {
    let session: TraceSession
    let records: RecordLine

    init(session: TraceSession) {
        self.session = session
        records = RecordLine(startMonotonicNanos: session.header.startMonotonicNanos)
    }

    /// The action's line, its changes and its events, each line ending in a newline.
    ///
    /// - Parameter paths: the paths the question asked about (``Filter/askedPaths``): when the
    ///   action changed any of them, only those changes are listed, and one line counts the
    ///   others.
    func text(_ entry: ActionEntry, scopedTo paths: [PathPattern] = []) -> String {
        var text = records.text(.action(entry.action)) + "\n"
        if let since = entry.statesNotRecordedSince {
            // The patch holds the changes of the actions whose states were not recorded too.
            text += "    (the changes since #\(since): the states after #\(since)…#\(entry.seq - 1) were not recorded)\n"
        }
        for line in changeLines(entry, scopedTo: paths) { text += "    " + line.sanitizedForTerminal + "\n" }
        for event in entry.events { text += "    " + records.text(event) + "\n" }
        return text
    }

    /// The changes as `.path = value` lines, scoped to `paths` as ``text(_:scopedTo:)`` says.
    func changeLines(_ entry: ActionEntry, scopedTo paths: [PathPattern] = []) -> [String] {
        let operations: [PatchOperation]
        if entry.keyframe == nil {
            operations = entry.operations
        } else if let changes = session.changes(of: entry) {
            operations = changes
        } else {
            return ["(state recorded as a keyframe; the change is unknown because the state before it is)"]
        }
        let asked = paths.operations(overlapping: operations)
        let state = session.caseNamedPaths.state(for: entry, operations)
        let describe = { (operation: PatchOperation) in RecordLine.describe(operation, in: state) }
        guard !asked.isEmpty, asked.count < operations.count else { return operations.map(describe) }
        let others = operations.count - asked.count
        return asked.map(describe) + ["(and \(others) other \(others == 1 ? "change" : "changes") outside \(paths.map(\.description).joined(separator: ", ")))"]
    }

    /// `{"seq":…,"store":…,"t":…,"reducerNanos":…,"action":…,"ops":[…],"events":[…]}`.
    func json(_ entry: ActionEntry) -> String {
        var json = JSONWriter()
        json.beginObject()
        entry.action.writeJSONFields(to: &json, startMonotonicNanos: session.header.startMonotonicNanos)
        json.key("ops")
        if let operations = entry.keyframe == nil ? entry.operations : session.changes(of: entry) {
            json.beginArray()
            for operation in operations { operation.writeJSON(to: &json) }
            json.endArray()
        } else {
            json.null()
        }
        if entry.keyframe != nil { json.key("keyframe"); json.bool(true) }
        json.key("events")
        json.beginArray()
        for event in entry.events { json.raw(event.jsonLine(startMonotonicNanos: session.header.startMonotonicNanos)) }
        json.endArray()
        json.endObject()
        return json.text
    }
}
