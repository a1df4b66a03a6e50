import TraceAnalysis

/// `storescope log FILE [FILTER]`: the actions that match, each with its patch and the effect
/// events after it.
enum LogCommand: Command {
    static let spec = CommandSpec(
        name: "log",
        abstract: "List the actions of a trace that match a filter, with their changes and effect events.",
        arguments: [
            .init(name: "FILE", help: "The trace file."),
            .init(name: "FILTER", help: "Which actions, e.g. 'action:search* and reducer:>1ms' (docs/FILTERS.md).", isOptional: true),
        ],
        options: [AnalysisInput.jsonOption],
        discussion: """
            Filters: action:GLOB store:GLOB path:.users[*].name effect:NAME[@OUTCOME] outcome:failed
            seq:10..20 time:1s..2s reducer:>1ms, free text or "quoted text", joined by and, or,
            not and parentheses. See docs/FILTERS.md.

            \(ExitStatus.discussion(no: "when no action matches (as grep does)"))
            """)

    static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
        let filter = try AnalysisInput.filter(arguments, at: 1, spec: spec)
        guard var input = AnalysisInput(arguments, console: console) else { return ExitStatus.unreadable }
        let json = arguments.has("json")
        return input.answer { (input) throws(AnalysisFailure) in
            let session = input.session
            let lines = ActionLines(session: session)
            let last = Double(session.seqRange?.upperBound ?? 1)
            let progress = Progress("storescope log")
            var matched = false
            session.forEachAction(in: filter.seqBounds, matching: filter) { item in
                switch item {
                case let .action(entry):
                    progress.update(Double(entry.seq) / last)
                    matched = true
                    console.write(json ? lines.json(entry) + "\n" : lines.text(entry, scopedTo: filter.askedPaths))
                case let .damage(damage):
                    input.warn(damage)
                }
                return true
            }
            progress.finish()
            return matched
        }
    }
}
