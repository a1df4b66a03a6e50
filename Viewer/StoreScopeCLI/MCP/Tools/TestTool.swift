import TraceAnalysis

/// `test`: the Swift Testing replay test `storescope test` writes for a session, as text, a
/// page of lines at a time (the server writes no file: the answer says how to save it).
struct TestTool: MCPTool {
    /// The most actions a test from the server replays: a longer range is refused, saying to
    /// narrow it, so no call holds a whole long session's actions.
    static let maximumActions = 5_000

    let name = "test"
    let description = "Generate the Swift Testing regression test 'storescope test' writes: it replays the store's recorded actions through the app's reducer and fails at the first state that differs. Returns the test's source (paged by lines: pass nextCursor back as cursor) and the command that writes it with its fixture (a copy of the trace beside the source)."
    let inputSchema = ToolSchema.object([
        ToolSchema.session,
        ToolSchema.member("module", "string", "The app's module the test imports."),
        ToolSchema.member("reducer", "string", "The reducer entry point: (inout State, Action) -> Void, (State, Action) -> State, or a TCA reducer such as AppFeature() with tca."),
        ToolSchema.member("store", "string", "The store to replay (default: the main store)."),
        ToolSchema.member("from", "integer", "The first action to replay (default: the store's first)."),
        ToolSchema.member("to", "integer", "The last action to replay (default: the store's last); at most \(maximumActions) actions."),
        ToolSchema.member("state", "string", "The State type (default: the type the trace recorded)."),
        ToolSchema.member("action", "string", "The Action type (default: the type the trace recorded)."),
        ToolSchema.member("name", "string", "The test's name (default: the store's name)."),
        ToolSchema.member("tca", "boolean", "The reducer is a Composable Architecture reducer."),
        ToolSchema.member("output", "string", "The file name the source is meant for (default: <Name>ReplayTests.swift); the fixture is named after it."),
        ResultPage.cursorArgument,
    ], required: ["module", "reducer"])
    let outputSchema = ToolSchema.object([
        ToolSchema.member("session", "string", "The session read."),
        ToolSchema.member("store", "string", "The store replayed."),
        ToolSchema.member("firstSeq", "integer", "The first action replayed."),
        ToolSchema.member("lastSeq", "integer", "The last action replayed."),
        ToolSchema.member("actions", "integer", "How many actions the test replays."),
        ToolSchema.member("file", "string", "The source's file name."),
        ToolSchema.member("fixture", "string", "The fixture's file name: a copy of the trace, beside the source."),
        ToolSchema.member("command", "string", "The storescope test command that writes the source and its fixture."),
        #""caveats":{"type":"array","items":{"type":"string"},"description":"What the trace cannot give back to the reducer exactly."}"#,
        ToolSchema.member("firstLine", "integer", "The source line this page starts at (0 for the first)."),
        ToolSchema.member("source", "string", "The source's lines from firstLine on, as many as the budget holds."),
        ResultPage.cursorSchema,
    ], required: ["session", "store", "firstSeq", "lastSeq", "actions", "file", "fixture", "command", "caveats", "firstLine", "source"])

    func call(_ arguments: ToolArguments, sessions: MCPSessions) throws(ToolError) -> ToolResult {
        let entry = try sessions.entry(arguments)
        let options = ReplayTestOptions(
            module: try arguments.requiredString("module"), reducer: try arguments.requiredString("reducer"),
            store: try arguments.string("store"),
            from: try arguments.seq("from"), to: try arguments.seq("to"),
            state: try arguments.string("state"), action: try arguments.string("action"), name: try arguments.string("name"),
            isTCA: try arguments.bool("tca"), output: try arguments.string("output"))
        if let output = options.output, output.contains("/") || output.isEmpty {
            throw ToolError("'output' is a file name, not a path: the server writes no file")
        }
        let plan: ReplayTestPlan
        do throws(ReplayTestFailure) {
            plan = try ReplayTestPlan(trace: entry.path, reader: entry.session.reader, options: options, maximumActions: Self.maximumActions)
        } catch {
            throw ToolError(([error.message] + error.details).joined(separator: "\n  "))
        }
        let lines = plan.source.text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map { String($0) + "\n" }
        let start = Int(clamping: try arguments.cursor())
        guard start <= lines.count else { throw ToolError("invalid cursor '\(start)': the source has \(lines.count) lines") }
        var page = ResultPage()
        // A line counts twice: in the text and in the structured source.
        let cursor = page.fill(lines, from: start, tooLarge: { _ in ResultPage.tooLarge("a line of the source") + ": run storescope test" }) { ($0, $0) }
        let source = page.lines.joined()
        let command = plan.command(trace: entry.path)
        var json = JSONWriter()
        json.beginObject()
        json.field("session", entry.name)
        json.field("store", plan.store)
        json.field("firstSeq", plan.source.range.first)
        json.field("lastSeq", plan.source.range.last)
        json.field("actions", UInt64(plan.actionCount))
        json.field("file", plan.output)
        json.field("fixture", plan.source.fixtureName)
        json.field("command", command)
        json.key("caveats")
        json.beginArray()
        for caveat in plan.source.caveats { json.string(caveat) }
        json.endArray()
        json.field("firstLine", UInt64(start))
        json.field("source", source)
        page.writeCursor(cursor, to: &json)
        json.endObject()
        let more = page.isFull ? cursor.map { "(more: call again with cursor \"\($0)\" for the rest of the source)\n" } ?? "" : ""
        let header = start == 0 ? "Save as \(plan.output), with the fixture \(plan.source.fixtureName) beside it; or run: \(command)\n\n" : ""
        return ToolResult(text: header + source + more, structured: json.text)
    }
}
