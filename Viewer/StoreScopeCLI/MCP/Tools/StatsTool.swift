import TraceAnalysis

/// `stats`: the summary `storescope stats` prints (actions and reducer times per case,
/// effects, no-ops, state sizes, drops, rate), its rows a page at a time.
struct StatsTool: MCPTool {
    let name = "stats"
    let description = "Summarize a session as 'storescope stats --json' does: one row per kind (actions and reducer time per case, effect durations per name, no-op actions, state sizes, drops and gaps, action rate), each with a 'kind' member. Paged: pass nextCursor back as cursor."
    let inputSchema = ToolSchema.object([
        ToolSchema.session,
        ToolSchema.member("by", "string", "What an action row counts: case (the default) or case-path (the cases it wraps too)."),
        ResultPage.cursorArgument,
    ])
    let outputSchema = ToolSchema.object([
        ToolSchema.member("session", "string", "The session read."),
        ToolSchema.objects("rows"), ResultPage.cursorSchema,
    ], required: ["session", "rows"])

    func call(_ arguments: ToolArguments, sessions: MCPSessions) throws(ToolError) -> ToolResult {
        let entry = try sessions.entry(arguments)
        var grouping = SessionStats.Grouping.case
        if let by = try arguments.string("by") {
            guard let chosen = SessionStats.Grouping(rawValue: by) else {
                throw ToolError("'by' takes \(SessionStats.Grouping.allCases.map(\.rawValue).joined(separator: " or ")), not \(by)")
            }
            grouping = chosen
        }
        let start = Int(clamping: try arguments.cursor())
        let answer = entry.stats(by: grouping)
        var page = ResultPage()
        // Rows have no text of their own: the tables' columns only line up as a whole.
        let cursor = page.fill(answer.rows, from: start, tooLarge: { _ in ResultPage.tooLarge("a row") }) { ($0, "") }
        var json = JSONWriter()
        json.beginObject()
        json.field("session", entry.name)
        page.writeItems(as: "rows", to: &json)
        page.writeCursor(cursor, to: &json)
        json.endObject()
        // The tables as the CLI prints them when they fit; else a note (the rows are the answer).
        let note = "(the tables are larger than the budget of \(ResultPage.budget) characters: read the rows" + (cursor.map { ", and call again with cursor \"\($0)\" for more)" } ?? ")")
        let text = answer.tables.flatMap { tables in page.wholeText({ tables }, from: start) } ?? note
        return ToolResult(text: text, structured: json.text)
    }
}
