import TraceAnalysis

/// `storescope effects FILE`: every effect's lifetime, with the action that started it, the
/// actions it emitted and how it ended; effects still running at the end are flagged.
enum EffectsCommand: Command {
    static let spec = CommandSpec(
        name: "effects",
        abstract: "List effect lifetimes: parent action, emitted actions, outcome; flags effects that never ended.",
        arguments: [.init(name: "FILE", help: "The trace file to read.")],
        options: [
            .flag("running", help: "Only effects still running at the end of the trace (leaks)."),
            .flag("failed", help: "Only effects that failed."),
            .value("slower-than", "DUR", help: "Only effects that ran at least DUR (250us, 1.5ms, 2s)."),
            .flag("json", help: "Print NDJSON: one object per effect."),
        ],
        discussion: """
            Times are since the session start. An effect still running when the session ended
            is a leak; in a trace that was cut off (no orderly end) it may simply have been
            running.

            \(ExitStatus.discussion(no: "with --running, when effects are still running (for CI: a leak fails the job)"))
            """)

    static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
        let minimum = try arguments.value("slower-than").map { (text) throws(UsageError) in
            try DurationArgument.nanos(text, option: "slower-than", command: spec)
        }
        let path = arguments.positionals[0]
        guard let reader = console.openTrace(path) else { return ExitStatus.unreadable }
        var effects = EffectLifetimes()
        console.readItems(of: reader, label: path) { effects.add($0) }
        let selection = EffectSelection(running: arguments.has("running"), failed: arguments.has("failed"), minimumNanos: minimum)
        let shown = effects.lifetimes.filter { selection.includes($0, of: effects) }
        let text = EffectText(startNanos: reader.header.startMonotonicNanos, traceEndNanos: effects.traceEndNanos, sessionEnded: effects.sessionEnded)
        if arguments.has("json") {
            for effect in shown { console.line(text.json(effect)) }
        } else {
            for effect in shown { console.line(text.line(effect)) }
            console.line(text.summary(effects.lifetimes, shown: shown.count))
        }
        if effects.unmatchedEvents > 0 {
            console.error("warning: \(effects.unmatchedEvents) effect events belong to effects whose start is missing from the trace")
        }
        let leaksFound = arguments.has("running") && !shown.isEmpty
        return ExitStatus.of(traceIntact: console.reportIntegrity(of: reader), answered: !leaksFound)
    }
}
