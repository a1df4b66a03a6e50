import TraceAnalysis

/// `storescope view FILE [FILTER]`: the interactive viewer on a finished or growing trace.
/// Without a terminal (output piped, `TERM=dumb`) it prints the actions like `log`.
enum ViewCommand: Command {
    static let spec = CommandSpec(
        name: "view",
        abstract: "Browse a trace in the terminal: timeline, state diffs, state tree, filters, time travel.",
        arguments: [
            .init(name: "FILE", help: "The trace file (it may still be growing: press F to follow it)."),
            .init(name: "FILTER", help: "Show only the matching actions at first (docs/FILTERS.md).", isOptional: true),
        ],
        discussion: """
            Keys: j/k move, g/G first/last, [ ] previous/next state, } { next/previous change
            of the path under the cursor, space play/pause (+ - speed), m bookmark (' " next/
            previous bookmark), : jump, / n N search, f filter, F follow, d/s diff or state
            tree, tab then h/l fold, ? every key, q quit. See the Viewer section of
            docs/GUIDE.md.
            e opens the effects view: each effect's lifetime as a bar, failures (F) and
            cancellations (C) marked, running ones highlighted; p selects the action that
            started the effect, o the next action it emitted, enter where it started.

            When standard input or output is not a terminal, or TERM is dumb, prints the
            matching actions as 'storescope log' does. NO_COLOR turns colors off.
            """)

    static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
        guard TerminalScreen.isAvailable else { return try LogCommand.run(arguments, console: console) }
        let filter = try AnalysisInput.filter(arguments, at: 1, spec: spec)
        let path = arguments.positionals[0]
        let source: FileTraceSource
        do {
            source = try FileTraceSource(path: path)
        } catch {
            console.error("Error: \(path.sanitizedForTerminal): \(error.description.sanitizedForTerminal)")
            return ExitStatus.unreadable
        }
        console.flush()
        guard let screen = TerminalScreen() else { return try LogCommand.run(arguments, console: console) }
        return ViewerApp(source: source, filter: filter).run(on: screen)
    }
}
