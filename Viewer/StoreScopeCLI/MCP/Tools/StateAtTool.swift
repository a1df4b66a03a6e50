import TraceAnalysis

/// `state_at`: a store's state after an action, or a part of it, as `storescope state` prints
/// it; a state larger than the budget is not sent: its children are, to narrow the path.
struct StateAtTool: MCPTool {
    let name = "state_at"
    let description = "The state of a store after an action (a seq), or the part of it at a path, as 'storescope state --at SEQ --path PATH' prints it. A state larger than the answer budget is replaced by the list of its children's paths: ask again with a narrower path."
    let inputSchema = ToolSchema.object([
        ToolSchema.session, ToolSchema.store,
        ToolSchema.point("seq", "After which action (default: end)."),
        ToolSchema.path,
    ])
    let outputSchema = ToolSchema.object([
        ToolSchema.member("session", "string", "The session read."),
        ToolSchema.member("store", "string", "The store."),
        ToolSchema.member("seq", "integer", "After this action."),
        ToolSchema.member("path", "string", "The part of the state asked for."),
        #""state":{"description":"The state (absent when it is larger than the budget)."}"#,
        ToolSchema.member("omitted", "string", "Why the state is not here, when it is larger than the budget."),
        #""children":{"type":"array","items":{"type":"string"},"description":"The paths under the one asked for, to narrow it."}"#,
    ], required: ["session", "store", "seq"])

    func call(_ arguments: ToolArguments, sessions: MCPSessions) throws(ToolError) -> ToolResult {
        let entry = try sessions.entry(arguments)
        let (store, point, pattern) = (try arguments.string("store"), try arguments.point("seq", default: .end), try arguments.path("path"))
        let answer: StateAtPoint
        do throws(AnalysisFailure) {
            answer = try StateAtPoint(entry.session, store: store, at: point, pattern: pattern)
        } catch {
            throw ToolError(error)
        }
        var state = JSONWriter()
        answer.value.writeJSON(to: &state)
        let text = answer.text
        var json = JSONWriter()
        json.beginObject()
        json.field("session", entry.name)
        json.field("store", answer.store)
        json.field("seq", answer.seq)
        if let pattern = answer.pattern { json.field("path", pattern.description) }
        if state.text.utf8.count + text.utf8.count <= ResultPage.budget {
            json.key("state")
            json.raw(state.text)
            json.endObject()
            return ToolResult(text: text, structured: json.text)
        }
        let place = answer.pattern?.description ?? "the state"
        let children = TraceSession.childNames(answer.value).map { (answer.pattern?.description ?? "") + $0 }
        let omitted = "\(place) is \(state.text.utf8.count) characters as JSON, more than the budget of \(ResultPage.budget): ask for a narrower path"
        json.field("omitted", omitted)
        json.key("children")
        json.beginArray()
        for child in children { json.string(child) }
        json.endArray()
        json.endObject()
        let header = "\(answer.store) after #\(answer.seq) at \(place): \(omitted), one of:"
        return ToolResult(text: ([header] + children.map { "  " + $0 }).joined(separator: "\n"), structured: json.text)
    }
}
