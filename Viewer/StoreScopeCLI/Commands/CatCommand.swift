import TraceAnalysis

/// `storescope cat FILE`: prints every record, one per line.
enum CatCommand: Command {
    static let spec = CommandSpec(
        name: "cat",
        abstract: "Print the records of a trace, one per line.",
        arguments: [.init(name: "FILE", help: "The trace file to print.")],
        options: [.flag("json", help: "Print NDJSON (one JSON object per record) for jq and scripts.")],
        discussion: """
            Damaged chunks are skipped and reported on standard error. Values cut by capture
            limits print as <truncated by … limit: Type>, and a warning on standard error counts
            them (they do not change the exit status).

            \(ExitStatus.discussion)
            """)

    static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
        let path = arguments.positionals[0]
        guard let reader = console.openTrace(path) else { return ExitStatus.unreadable }
        let json = arguments.has("json")
        let start = reader.header.startMonotonicNanos
        let lines = RecordLine(startMonotonicNanos: start)
        var counts = RecordCounts()
        reader.forEachRecord { record in
            counts.count(record)
            if json {
                console.line(record.jsonLine(startMonotonicNanos: start))
            } else {
                // A summarized line may hide the markers themselves, so say how many it holds.
                let truncated = record.truncatedValueCount
                console.line(lines.text(record) + (truncated == 0 ? "" : "  <\(truncated) truncated>"))
            }
            return !console.isBroken
        }
        // Output failed: stop here; what follows would describe a partial read.
        guard !console.isBroken else { return ExitStatus.failure }
        if let truncation = counts.truncationText { console.error("warning: \(truncation)") }
        return ExitStatus.of(traceIntact: console.reportIntegrity(of: reader), answered: true)
    }
}
