import TraceAnalysis

/// `storescope export FILE --format ndjson|chrome-trace`: the session for other tools.
enum ExportCommand: Command {
    static let formats = ["ndjson", "chrome-trace"]

    static let spec = CommandSpec(
        name: "export",
        abstract: "Export a trace as NDJSON or as a Chrome trace (Perfetto, chrome://tracing).",
        arguments: [.init(name: "FILE", help: "The trace file to read.")],
        options: [
            .value("format", "FORMAT", short: "f", help: "ndjson (one JSON object per record; the default) or chrome-trace."),
            .flag("json", help: "The same as --format ndjson, as --json is for every command."),
        ],
        discussion: """
            chrome-trace writes the Chrome trace event format to standard output: open it in
            https://ui.perfetto.dev or chrome://tracing. Each store is a track; actions are
            instants, reducer time slices, effects async spans, and flow arrows lead from an
            action to the effects it started and from an effect to the actions it emitted.
            ndjson, the default, is the same as 'storescope cat --json'.

            \(ExitStatus.discussion)
            """)

    static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
        let format = arguments.value("format") ?? "ndjson"
        guard formats.contains(format) else {
            throw UsageError("unknown format '\(format.sanitizedForTerminal)' (available: ndjson, chrome-trace)", command: spec)
        }
        if arguments.has("json"), format != "ndjson" {
            throw UsageError("--json is NDJSON: it does not go with --format \(format.sanitizedForTerminal)", command: spec)
        }
        let path = arguments.positionals[0]
        guard let reader = console.openTrace(path) else { return ExitStatus.unreadable }
        let start = reader.header.startMonotonicNanos
        if format == "ndjson" {
            console.readItems(of: reader, label: path) { item in
                if case let .record(record) = item { console.line(record.jsonLine(startMonotonicNanos: start)) }
            }
        } else {
            var export = ChromeTraceExport(startMonotonicNanos: start)
            console.write(export.prologue(header: reader.header))
            console.readItems(of: reader, label: path) { item in
                for event in export.add(item) { console.write(event) }
            }
            for event in export.finish() { console.write(event) }
            console.write("\n")
        }
        return ExitStatus.of(traceIntact: console.reportIntegrity(of: reader), answered: true)
    }
}
