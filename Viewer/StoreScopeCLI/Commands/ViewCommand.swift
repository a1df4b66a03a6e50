import TraceAnalysis
import TraceFormat

/// `storescope view FILE [FILTER]`: the interactive viewer on a finished or growing trace;
/// `storescope view --listen [PATH] [FILTER]`: the viewer on live sessions arriving at a
/// socket. Without a terminal (output piped, `TERM=dumb`) `view FILE` prints the actions like
/// `log`, and `view --listen` prints records like `listen`.
enum ViewCommand: Command {
    static let spec = CommandSpec(
        name: "view",
        abstract: "Browse a trace or live sessions in the terminal: timeline, state diffs, state tree, filters, time travel.",
        arguments: [
            .init(name: "FILE", help: "The trace file (it may still be growing: press F to follow it). With --listen: the socket, PATH, as for 'storescope listen'.", isOptional: true),
            .init(name: "FILTER", help: "Show only the matching actions at first (docs/FILTERS.md).", isOptional: true),
        ],
        options: [.flag("listen", help: "Listen on the socket PATH for apps streaming live sessions, and show them.")] + ListenOptions.specOptions,
        discussion: """
            storescope view FILE [FILTER]
            storescope view --listen [PATH] [FILTER]

            Keys (? in the viewer lists them too; docs/GUIDE.md, section Viewer, says more):
              j k  ↓ ↑          next / previous action (the filter applies)
              PgDn PgUp  b      a page down / up
              g G  Home End     first / last action
              ] [  → ←          next / previous state: every action, whatever the filter
              } {               next / previous change of the path under the cursor
              space  + -        play / pause through the states; faster / slower
              *                 play at a fixed rate per action, or the recorded pace
              m  ' "            bookmark the action; next / previous bookmark
              ) (               next / previous mark the app placed (Recorder.mark)
              :                 jump to an action: 42, start, end, or a time such as 1.5s
              /  n  N           search (filter language); next / previous match; with the
                                keys in a tree: the text of its lines, folded ones too
              f                 filter the timeline (docs/FILTERS.md)
              F                 follow a growing trace
              d  s  a           detail pane: state diff / state tree / the action's tree
              tab               move the keys between the timeline and the detail pane
              h l enter         fold / unfold / toggle the tree node under the cursor
              H L               collapse / expand every node of the tree
              y                 copy the path under the cursor (message line; clipboard
                                by OSC 52, in tmux with set-clipboard on)
              e  p  o           effects view; the action that started the effect / the
                                next action it emitted
              < >  S            live sessions: previous / next session; the list
              J  R  D           live app (if it allows control): jump it to the selected
                                state; re-send the selected action; type one to send
              X  x              live app: replay its actions after the selected one at
                                the recorded pace (X again stops); x: one per press
              P  K              live app: pause / resume recording; lock / unlock its
                                actions (the outcome shows on the message line)
              esc               close a prompt; back to the timeline
              ?  q  Ctrl-C      every key; quit (Ctrl-Z suspends, fg resumes)
            In the effects view: j k PgDn PgUp g G move; p, o, enter back to the timeline
            (the parent, the next emitted action, where it started); F follow; f filter;
            / n N search; e esc back. Each effect's lifetime is a bar, failures (F) and
            cancellations (C) marked, running ones highlighted.
            In a prompt: ← → Home End Ctrl-A Ctrl-E move, Ctrl-W Ctrl-U Ctrl-K cut,
            ↑ ↓ earlier entries.

            With --listen, each session is written to its own trace file, in --record DIR or
            else in a private directory named on exit, and the viewer reads it from there.

            When standard input or output is not a terminal, or TERM is dumb, prints the
            matching actions as 'storescope log' does (with --listen: records as
            'storescope listen' does). NO_COLOR turns colors off.
            """)

    static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
        if arguments.has("listen") { return try listen(arguments, console: console) }
        guard !arguments.positionals.isEmpty else { throw UsageError("missing FILE", command: spec) }
        if let option = ListenOptions.specOptions.map(\.name).first(where: { arguments.value($0) != nil }) {
            throw UsageError("--\(option) goes with --listen", command: spec)
        }
        // Parsed before choosing line mode, so a bad filter's usage error is view's, not log's.
        let filter = try AnalysisInput.filter(arguments, at: 1, spec: spec)
        guard TerminalScreen.isAvailable else { return try LogCommand.run(arguments, console: console) }
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

    private static func listen(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
        let path = try ListenOptions.socketPath(arguments, spec: spec)
        let options = try ListenOptions.parse(arguments, spec: spec)
        let filter = try AnalysisInput.filter(arguments, at: 1, spec: spec)
        guard TerminalScreen.isAvailable else {
            return ListenCommand.printRecords(at: path, options: options, json: false, quiet: false, console: console)
        }
        return ListeningViewer.run(path: path, options: options, filter: filter, console: console)
    }
}
