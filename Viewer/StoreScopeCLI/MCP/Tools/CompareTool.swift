import TraceAnalysis

/// `compare`: the first action or state where two sessions diverge, as `storescope compare A B`
/// prints it; past the budget, without the two states and with the difference cut.
struct CompareTool: MCPTool {
    let name = "compare"
    let description = "Find the first action or state where two sessions diverge (a regression check), as 'storescope compare A B' prints it: the diverging actions or the paths whose values differ, and a -/+ difference (- only in A, + only in B). Times are ignored. With appActions, the app's own actions are paired in order whatever their seqs."
    let inputSchema = ToolSchema.object([
        ToolSchema.member("a", "string", "The reference session's name (from list_sessions)."),
        ToolSchema.member("b", "string", "The session to check against it."),
        ToolSchema.member("appActions", "boolean", "Pair the app's own actions in order; what effects sent before the next one is compared as a set."),
    ], required: ["a", "b"])
    let outputSchema = ToolSchema.object([
        ToolSchema.member("sessionA", "string", "The reference session."),
        ToolSchema.member("sessionB", "string", "The session checked against it."),
        #""comparison":{"type":"object","description":"What 'storescope compare A B --json' prints: equal, divergence, seq, a and b (with their states when they fit the budget), diff, gaps."}"#,
        ToolSchema.member("omitted", "string", "What was left out to stay within the budget, and how to ask for it."),
        #""damaged":{"type":"array","items":{"type":"string"},"description":"The sessions read around damage: their answers may be incomplete."}"#,
    ], required: ["sessionA", "sessionB", "comparison", "damaged"])

    func call(_ arguments: ToolArguments, sessions: MCPSessions) throws(ToolError) -> ToolResult {
        let a = try sessions.entry(named: try arguments.requiredString("a"))
        let b = try sessions.entry(named: try arguments.requiredString("b"))
        let (stepsA, stepsB) = (ActionSteps(a.session.reader.items()), ActionSteps(b.session.reader.items()))
        let result = try arguments.bool("appActions")
            ? SessionComparison.compareByAppActions(stepsA, stepsB) : SessionComparison.compare(stepsA, stepsB)
        var comparison = ComparisonText(result: result, schemasDiffer: a.session.header.schemaFingerprint != b.session.header.schemaFingerprint)
        var (json, text) = (comparison.json(), comparison.text())
        var omitted: String?
        if json.utf8.count + text.utf8.count > ResultPage.budget {
            // The diff is in the JSON and in the text: a quarter of the budget each.
            comparison.includesStates = false
            comparison.maximumDiffCharacters = ResultPage.budget / 4
            (json, text) = (comparison.json(), comparison.text())
            let seq = result.divergence.map { _ in " (state_at with the seq of each side and a path)" } ?? ""
            omitted = "the states are larger than the budget of \(ResultPage.budget) characters: they are left out and the difference cut; ask state_at or diff on each session\(seq)"
        }
        var answer = JSONWriter()
        answer.beginObject()
        answer.field("sessionA", a.name)
        answer.field("sessionB", b.name)
        answer.key("comparison")
        answer.raw(json)
        if let omitted { answer.field("omitted", omitted) }
        answer.key("damaged")
        answer.beginArray()
        for entry in [a, b] where !entry.session.damage.isEmpty { answer.string(entry.name) }
        answer.endArray()
        answer.endObject()
        return ToolResult(text: text + (omitted.map { "\n(\($0))" } ?? ""), structured: answer.text)
    }
}
