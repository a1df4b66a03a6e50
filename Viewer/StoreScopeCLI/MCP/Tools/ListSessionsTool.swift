import TraceAnalysis

/// `list_sessions`: the traces the server was started on, their stores and action counts, and
/// whether each session ended (the app closed it) or was cut off.
struct ListSessionsTool: MCPTool {
    let name = "list_sessions"
    let description = "List the recorded sessions (trace files) this server reads, and with --listen the live sessions of apps streaming to it (their 'live' member: tag, whether the app is still connected, and 'control': what each store lets the control tools do, as the app allowed it): each one's name (for the other tools' 'session'), stores with their action counts, seq range, and whether the app ended the session or it was cut off."
    let inputSchema = ToolSchema.object([])
    let outputSchema = ToolSchema.object([ToolSchema.objects("sessions")], required: ["sessions"])

    func call(_ arguments: ToolArguments, sessions: MCPSessions) throws(ToolError) -> ToolResult {
        var json = JSONWriter()
        var lines: [String] = []
        json.beginObject()
        json.key("sessions")
        json.beginArray()
        for entry in sessions.entries {
            entry.refresh()
            let counts = entry.counts
            let stores = entry.session.stores()
            let main = stores.main
            json.beginObject()
            json.field("name", entry.name)
            json.field("path", entry.path)
            if let main { json.field("mainStore", main) }
            json.key("stores")
            json.beginArray()
            for store in stores.mainFirst {
                json.beginObject()
                json.field("name", store)
                json.field("actions", UInt64(counts.actionsByStore[store] ?? 0))
                json.endObject()
            }
            json.endArray()
            json.field("actions", UInt64(counts.records.actions))
            if let first = counts.records.firstSeq, let last = counts.records.lastSeq {
                json.field("firstSeq", first)
                json.field("lastSeq", last)
            }
            json.key("ended")
            json.bool(counts.records.sessionEnded)
            json.key("damaged")
            json.bool(!entry.session.damage.isEmpty)
            if let live = entry.live {
                json.key("live")
                json.beginObject()
                json.field("tag", live.live.tag)
                json.key("connected")
                json.bool(!live.hasEnded)
                json.key("control")
                json.beginObject()
                for (store, commands) in entry.allowances.stores.sorted(by: { $0.key < $1.key }) {
                    json.key(store)
                    json.beginArray()
                    for command in ControlAllowedNote.Command.allCases where commands.contains(command) { json.string(command.rawValue) }
                    json.endArray()
                }
                json.endObject()
                json.endObject()
            }
            json.endObject()
            let storeText = stores.mainFirst.map { "\($0) (\(counts.actionsByStore[$0] ?? 0))" }.joined(separator: ", ")
            let end = entry.live.map { $0.hasEnded ? "live, \($0.ending(closed: counts.records.sessionEnded))" : "live, the app is connected" }
                ?? (counts.records.sessionEnded ? "ended by the app" : "not ended (cut off, or still recording)")
            let control = entry.allowances.stores.sorted { $0.key < $1.key }.map { "; " + ControlAllowedNote(store: $0.key, commands: $0.value).message }.joined()
            lines.append("\(entry.name): \(counts.records.actions) actions\(counts.records.seqRangeText); stores \(storeText); \(end)\(control)")
        }
        json.endArray()
        if sessions.arrivals != nil {
            json.key("listenerNotes")
            json.beginArray()
            for note in sessions.notes { json.string(note) }
            json.endArray()
            if sessions.entries.isEmpty { lines.append("no session yet: no app has connected to the listener") }
            lines += sessions.notes.map { "listener: \($0)" }
        }
        json.endObject()
        return ToolResult(text: lines.joined(separator: "\n"), structured: json.text)
    }
}
