import TraceAnalysis

/// `query_actions`: the actions that match a filter, as `storescope log` lists them, a page
/// at a time.
struct QueryActionsTool: MCPTool {
    let name = "query_actions"
    let description = "List the actions that match a filter (as 'storescope log FILTER' does), each with its state changes and the effect events after it. Filters: action:GLOB store:GLOB path:.users[*].name effect:NAME[@OUTCOME] outcome:failed seq:10..20 time:1s..2s reducer:>1ms, free text, joined by and/or/not and parentheses. Paged: pass nextCursor back as cursor."
    let inputSchema = ToolSchema.object([
        ToolSchema.session,
        ToolSchema.member("filter", "string", "Which actions (docs/FILTERS.md); every action when left out."),
        ResultPage.cursorArgument,
    ])
    let outputSchema = ToolSchema.object([
        ToolSchema.member("session", "string", "The session read."),
        ToolSchema.objects("actions"),
        #""damage":{"type":"array","items":{"type":"string"},"description":"Damage met on the way (the first 10): actions around it may be incomplete."}"#,
        ResultPage.cursorSchema,
    ], required: ["session", "actions"])

    func call(_ arguments: ToolArguments, sessions: MCPSessions) throws(ToolError) -> ToolResult {
        let entry = try sessions.entry(arguments)
        let filterText = try arguments.string("filter") ?? ""
        let filter: Filter
        do throws(FilterError) {
            filter = try Filter(parsing: filterText)
        } catch {
            throw ToolError("invalid filter at \(error.description)\n\(error.pointer)")
        }
        let start = try arguments.cursor()
        let bounds = filter.seqBounds ?? 0...UInt64.max
        let lines = ActionLines(session: entry.session)
        var page = ResultPage()
        var damage: [String] = []
        var next: UInt64?
        if start <= bounds.upperBound {
            entry.session.forEachAction(in: max(start, bounds.lowerBound)...bounds.upperBound, matching: filter) { item in
                switch item {
                case let .action(action):
                    let taken = page.add(json: lines.json(action), text: String(lines.text(action, scopedTo: filter.askedPaths).dropLast())) {
                        ResultPage.omitted(ResultPage.tooLarge("action #\(action.seq)") + ": ask state_at or diff with a path")
                    }
                    if !taken { next = action.seq }
                    return taken
                case let .damage(lost):
                    if damage.count < 10 { damage.append(lost.description) }
                    return true
                }
            }
        }
        let cursor = next.map(String.init)
        var json = JSONWriter()
        json.beginObject()
        json.field("session", entry.name)
        page.writeItems(as: "actions", to: &json)
        json.key("damage")
        json.beginArray()
        for text in damage { json.string(text) }
        json.endArray()
        page.writeCursor(cursor, to: &json)
        json.endObject()
        let none = page.items.isEmpty ? "(no action matches)" : nil
        return ToolResult(text: none ?? page.text(cursor: cursor), structured: json.text)
    }
}
