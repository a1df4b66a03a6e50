import TraceAnalysis

/// `storescope stats FILE`: actions and reducer times per case, effect durations per name,
/// no-op actions, state size, drops and gaps, and the action rate over time.
enum StatsCommand: Command {
    static let spec = CommandSpec(
        name: "stats",
        abstract: "Summarize a trace: actions and reducer time per case, effects, no-ops, state size, drops, rate.",
        arguments: [.init(name: "FILE", help: "The trace file to read.")],
        options: [
            .value("by", "GROUPING", help: "What an action row counts: case (the action's own case, the default) or case-path (the cases it wraps too: Action.todos.queryChanged)."),
            .flag("json", help: "Print NDJSON: one object per row, with a \"kind\" member."),
        ],
        discussion: """
            Reducer percentiles are exact (nearest rank). A no-op action left its store's state
            unchanged (no patch was recorded); an action after which the recorder took a keyframe
            is not judged, nor one whose state holds mutable class instances, recorded by
            reference (counted as unknown: a change inside one is not recorded). State sizes are node counts: each store's at the end and at its peak,
            followed through the patches, and at each keyframe.

            \(ExitStatus.discussion)
            """)

    static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
        var grouping = SessionStats.Grouping.case
        if let by = arguments.value("by") {
            guard let chosen = SessionStats.Grouping(rawValue: by) else {
                throw UsageError("--by takes \(SessionStats.Grouping.allCases.map(\.rawValue).joined(separator: " or ")), not \(by)")
            }
            grouping = chosen
        }
        let path = arguments.positionals[0]
        guard let reader = console.openTrace(path) else { return ExitStatus.unreadable }
        let stats = console.withReadingProgress(path) { progress in SessionStats.summarizing(reader, by: grouping, progress: progress.update) }
        let report = StatsReport(stats: stats, missing: reader.missingParts)
        for line in arguments.has("json") ? report.jsonLines() : report.textLines() { console.line(line) }
        return ExitStatus.of(traceIntact: console.reportIntegrity(of: reader), answered: true)
    }
}
