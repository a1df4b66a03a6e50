import TraceAnalysis

/// `storescope state FILE --at POINT [--store S] [--path P]`: the state after an action.
enum StateCommand: Command {
    static let spec = CommandSpec(
        name: "state",
        abstract: "Print the state of a store after an action, or a part of it.",
        arguments: [.init(name: "FILE", help: "The trace file.")],
        options: [
            .value("at", "POINT", help: "After which action: a sequence number, start, end (the default), or a time such as 1.5s."),
            AnalysisInput.storeOption, AnalysisInput.pathOption, AnalysisInput.jsonOption,
        ],
        discussion: """
            The state is rebuilt from the nearest keyframe before the point plus the patches after
            it. After a gap or dropped actions it is unknown until the store's next keyframe:
            the command then says so (and where it is known again) instead of guessing.

            \(AnalysisInput.statusDiscussion)
            """)

    static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
        let point = arguments.value("at") == nil ? SessionPoint.end : try AnalysisInput.point(arguments, "at", spec: spec)
        let pattern = try AnalysisInput.pathPattern(arguments, spec: spec)
        guard var input = AnalysisInput(arguments, console: console) else { return ExitStatus.unreadable }
        return input.answer { (input) throws(AnalysisFailure) in
            let answer = try StateAtPoint(input.session, store: arguments.value("store"), at: point, pattern: pattern)
            console.line(arguments.has("json") ? answer.json : answer.text)
            return true
        }
    }
}
