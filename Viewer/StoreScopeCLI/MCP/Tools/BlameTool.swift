import TraceAnalysis

/// `blame`: every action that changed a path, with old → new values, as `storescope blame`
/// lists them, a page at a time.
struct BlameTool: MCPTool {
    let name = "blame"
    let description = "Every action that changed a path of the state (or anything under it), with old and new values, as 'storescope blame FILE PATH' lists them; each change names its action (seq, store, action value). Paged: pass nextCursor back as cursor."
    let inputSchema = ToolSchema.object([
        ToolSchema.session,
        ToolSchema.member("path", "string", "The path, e.g. .users[3].name; [*] for any index or key, /case for an enum case."),
        ToolSchema.member("store", "string", "Only this store (default: every store whose state has the path)."),
        ResultPage.cursorArgument,
    ], required: ["path"])
    let outputSchema = ToolSchema.object([
        ToolSchema.member("session", "string", "The session read."),
        ToolSchema.member("path", "string", "The path blamed."),
        ToolSchema.objects("changes"), ResultPage.cursorSchema,
        ToolSchema.member("incomplete", "string", "Why some changes may be unknown (dropped actions, damage)."),
    ], required: ["session", "path", "changes"])

    func call(_ arguments: ToolArguments, sessions: MCPSessions) throws(ToolError) -> ToolResult {
        let entry = try sessions.entry(arguments)
        guard let pattern = try arguments.path("path") else { throw ToolError("missing argument 'path'") }
        let session = entry.session
        let storeName = try arguments.string("store")
        let stores: [String], absent: AnalysisFailure?
        do throws(AnalysisFailure) {
            (stores, absent) = try BlameCommand.stores(having: pattern, named: storeName, in: session)
        } catch {
            throw ToolError(error)
        }
        let start = try BlameCursor(arguments)
        let lines = ActionLines(session: session)
        var page = ResultPage()
        var changed = false
        var next: BlameCursor?
        var incomplete: String?
        for (storeIndex, store) in stores.enumerated() where next == nil && storeIndex >= (start?.store ?? 0) {
            // A later page starts at the action the previous one stopped at, from the state
            // before it, skipping the changes of that action it already gave.
            let resume = storeIndex == start?.store ? start : nil
            var (seq, atSeq): (UInt64?, Int) = (nil, 0)
            session.forEachChange(of: pattern, in: store, from: resume?.seq, summarizing: false) { item in
                switch item {
                case let .change(change):
                    if change.entry.seq != seq { (seq, atSeq) = (change.entry.seq, 0) }
                    atSeq += 1
                    if let resume, change.entry.seq == resume.seq, atSeq <= resume.skip { return true }
                    changed = true
                    let text = lines.records.text(.action(change.entry.action)) + "\n    " + BlameCommand.text(change)
                    let taken = page.add(json: BlameCommand.json(change, lines: lines), text: text) {
                        ResultPage.omitted(ResultPage.tooLarge("the change by #\(change.entry.seq)") + ": ask state_at with its seq and path")
                    }
                    if !taken { next = BlameCursor(store: storeIndex, seq: change.entry.seq, skip: atSeq - 1) }
                    return taken
                case let .damage(damage):
                    incomplete = incomplete ?? "damaged trace: \(damage.description)"
                case let .dropped(first, last):
                    incomplete = incomplete ?? "the recorder dropped actions #\(first)…#\(last): changes in them are unknown"
                }
                return true
            }
        }
        if !changed, start == nil, let absent { throw ToolError(absent) }
        let cursor = next?.description
        var json = JSONWriter()
        json.beginObject()
        json.field("session", entry.name)
        json.field("path", pattern.description)
        page.writeItems(as: "changes", to: &json)
        page.writeCursor(cursor, to: &json)
        if let incomplete { json.field("incomplete", incomplete) }
        json.endObject()
        let none = !changed && start == nil ? "(no action changed \(pattern.description) in \(stores.joined(separator: ", ")))" : nil
        let text = none ?? page.text(cursor: cursor)
        return ToolResult(text: text + (incomplete.map { "\n(\($0))" } ?? ""), structured: json.text)
    }
}
