import TraceAnalysis

/// `storescope export FILE --format ndjson|chrome-trace`: the session for other tools.
enum ExportCommand: Command {
    static let formats = ["ndjson", "chrome-trace"]

    static let spec = CommandSpec(
        name: "export",
        abstract: "Export a trace as NDJSON or as a Chrome trace (Perfetto, chrome://tracing).",
        arguments: [.init(name: "FILE", help: "The trace file to read.")],
        options: [.value("format", "FORMAT", short: "f", help: "ndjson (one JSON object per record) or chrome-trace.")],
        discussion: """
            chrome-trace writes the Chrome trace event format to standard output: open it in
            https://ui.perfetto.dev or chrome://tracing. Each store is a track; actions are
            instants, reducer time slices, effects async spans, and flow arrows lead from an
            action to the effects it started and from an effect to the actions it emitted.
            ndjson is the same as 'storescope cat --json'. Exit status: 0 when the whole trace
            was read, 1 when part of it was damaged (standard error says what is missing),
            2 when it cannot be read.
            """)

    static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
        guard let format = arguments.value("format") else { throw UsageError("missing --format (ndjson or chrome-trace)", command: spec) }
        guard formats.contains(format) else {
            throw UsageError("unknown format '\(format.sanitizedForTerminal)' (available: ndjson, chrome-trace)", command: spec)
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
        return console.statusAfterReading(reader)
    }
}
