import TraceAnalysis

extension Console {
    /// Reads every item of `source` (records, and gaps where damaged parts were skipped),
    /// with a progress line on standard error when it is a terminal.
    func readItems(of source: some RecordSource, label: String, _ body: (SourceItem) throws -> Void) rethrows {
        let progress = Progress("reading \(label.sanitizedForTerminal)")
        defer { progress.finish() }
        try source.forEachItem(progress: progress.update, body)
    }

}
