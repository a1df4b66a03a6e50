import TraceAnalysis

/// `effects`: effect lifetimes (parent action, emitted actions, outcome) as `storescope
/// effects` lists them, selected by how they ended, a page at a time.
struct EffectsTool: MCPTool {
    let name = "effects"
    let description = "Effect lifetimes as 'storescope effects' lists them: the action that started each (parentSeq), the actions it emitted, how it ended (finished, cancelled, failed, or still running), and whether it leaked (still running when the app ended the session). Filters combine with and. Paged: pass nextCursor back as cursor."
    let inputSchema = ToolSchema.object([
        ToolSchema.session,
        ToolSchema.member("running", "boolean", "Only effects still running at the end of the trace."),
        ToolSchema.member("leaked", "boolean", "Only effects still running when the app ended its session (leaks for sure)."),
        ToolSchema.member("failed", "boolean", "Only effects that failed."),
        ToolSchema.member("cancelled", "boolean", "Only effects that were cancelled."),
        ToolSchema.member("slowerThan", "string", "Only effects that ran at least this long: 250us, 1.5ms, 2s."),
        ResultPage.cursorArgument,
    ])
    let outputSchema = ToolSchema.object([
        ToolSchema.member("session", "string", "The session read."),
        ToolSchema.objects("effects"),
        ToolSchema.member("summary", "string", "How many effects there are, by outcome."),
        ToolSchema.member("sessionEnded", "boolean", "Whether the app ended the session (else an effect still running may simply have been cut off)."),
        ResultPage.cursorSchema,
    ], required: ["session", "effects", "summary", "sessionEnded"])

    func call(_ arguments: ToolArguments, sessions: MCPSessions) throws(ToolError) -> ToolResult {
        let entry = try sessions.entry(arguments)
        var selection = EffectSelection(
            running: try arguments.bool("running"), failed: try arguments.bool("failed"),
            cancelled: try arguments.bool("cancelled"), leaked: try arguments.bool("leaked"))
        if let slower = try arguments.string("slowerThan") {
            guard let nanos = DurationText.nanoseconds(slower) else {
                throw ToolError("invalid 'slowerThan' \(slower): expected a duration such as 250us, 1.5ms or 2s")
            }
            selection.minimumNanos = nanos
        }
        let start = Int(clamping: try arguments.cursor())
        let effects = entry.effects
        let shown = effects.lifetimes.filter { selection.includes($0, of: effects) }
        let text = EffectText(startNanos: entry.session.header.startMonotonicNanos, traceEndNanos: effects.traceEndNanos, sessionEnded: effects.sessionEnded)
        var page = ResultPage()
        let cursor = page.fill(shown, from: start, tooLarge: { ResultPage.tooLarge("effect \($0.effectID)") }) { (text.json($0), text.line($0)) }
        let summary = text.summary(effects.lifetimes, shown: shown.count)
        var json = JSONWriter()
        json.beginObject()
        json.field("session", entry.name)
        page.writeItems(as: "effects", to: &json)
        json.field("summary", summary)
        json.key("sessionEnded")
        json.bool(effects.sessionEnded)
        page.writeCursor(cursor, to: &json)
        json.endObject()
        return ToolResult(text: page.text(cursor: cursor) + (page.items.isEmpty ? "" : "\n") + summary, structured: json.text)
    }
}
