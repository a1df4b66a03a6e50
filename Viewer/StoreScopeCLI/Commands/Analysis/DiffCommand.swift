import TraceAnalysis

/// `storescope diff FILE --from A --to B [--path P]`: the net change between two points.
enum DiffCommand: Command {
    static let spec = CommandSpec(
        name: "diff",
        abstract: "Show the net change of a store's state between two points, as -/+ lines.",
        arguments: [.init(name: "FILE", help: "The trace file.")],
        options: [
            .value("from", "POINT", help: "The earlier point: a sequence number, start (the default), end, or a time such as 1.5s."),
            .value("to", "POINT", help: "The later point (default: end)."),
            AnalysisInput.storeOption, AnalysisInput.pathOption, AnalysisInput.jsonOption,
        ],
        discussion: AnalysisInput.statusDiscussion)

    static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
        let from = arguments.value("from") == nil ? SessionPoint.start : try AnalysisInput.point(arguments, "from", spec: spec)
        let to = arguments.value("to") == nil ? SessionPoint.end : try AnalysisInput.point(arguments, "to", spec: spec)
        let pattern = try AnalysisInput.pathPattern(arguments, spec: spec)
        guard var input = AnalysisInput(arguments, console: console) else { return ExitStatus.unreadable }
        return input.answer { (input) throws(AnalysisFailure) in
            let answer = try StateDiff(input.session, store: arguments.value("store"), from: from, to: to, pattern: pattern)
            console.line(arguments.has("json") ? answer.json() : answer.text)
            return true
        }
    }
}
