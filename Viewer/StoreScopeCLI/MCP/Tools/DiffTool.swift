import TraceAnalysis

/// `diff`: the net change of a store's state between two points, as `storescope diff` prints
/// it, its operations a page at a time.
struct DiffTool: MCPTool {
    let name = "diff"
    let description = "The net change of a store's state (or of the part at a path) between two points, as 'storescope diff --from A --to B --path P' prints it: JSON-Patch-like operations. Paged: pass nextCursor back as cursor."
    let inputSchema = ToolSchema.object([
        ToolSchema.session, ToolSchema.store,
        ToolSchema.point("from", "The earlier point (default: start)."),
        ToolSchema.point("to", "The later point (default: end)."),
        ToolSchema.path, ResultPage.cursorArgument,
    ])
    let outputSchema = ToolSchema.object([
        ToolSchema.member("session", "string", "The session read."),
        ToolSchema.member("store", "string", "The store."),
        ToolSchema.member("from", "integer", "After this action…"),
        ToolSchema.member("to", "integer", "…to after this one."),
        ToolSchema.member("path", "string", "The part of the state compared."),
        ToolSchema.objects("ops"), ResultPage.cursorSchema,
    ], required: ["session", "store", "from", "to", "ops"])

    func call(_ arguments: ToolArguments, sessions: MCPSessions) throws(ToolError) -> ToolResult {
        let entry = try sessions.entry(arguments)
        let (store, pattern) = (try arguments.string("store"), try arguments.path("path"))
        let (from, to) = (try arguments.point("from", default: .start), try arguments.point("to", default: .end))
        let diff: StateDiff
        do throws(AnalysisFailure) {
            diff = try StateDiff(entry.session, store: store, from: from, to: to, pattern: pattern)
        } catch {
            throw ToolError(error)
        }
        let operations = diff.operations
        let start = Int(clamping: try arguments.cursor())
        var page = ResultPage()
        let cursor = page.fill(operations, from: start, tooLarge: { _ in ResultPage.tooLarge("an operation") + ": ask state_at for the path it changes" }) { operation in
            var json = JSONWriter()
            operation.writeJSON(to: &json)
            return (json.text, RecordLine.describe(operation, in: diff.new))
        }
        var json = JSONWriter()
        json.beginObject()
        json.field("session", entry.name)
        json.field("store", diff.store)
        json.field("from", diff.fromSeq)
        json.field("to", diff.toSeq)
        if let pattern = diff.pattern { json.field("path", pattern.description) }
        page.writeItems(as: "ops", to: &json)
        page.writeCursor(cursor, to: &json)
        json.endObject()
        // The whole diff as the CLI prints it when it fits; else the page's operations.
        let place = diff.pattern.map { " at \($0.description)" } ?? ""
        let header = "\(diff.store) from #\(diff.fromSeq) to #\(diff.toSeq)\(place), operations \(start)…:"
        return ToolResult(text: page.wholeText({ diff.text }, from: start) ?? page.text(header: header, cursor: cursor), structured: json.text)
    }
}
