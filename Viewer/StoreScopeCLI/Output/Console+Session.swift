import TraceAnalysis

extension Console {
    /// Reads every item of `source` (records, and gaps where damaged parts were skipped),
    /// with a progress line on standard error when it is a terminal.
    func readItems(of source: some RecordSource, label: String, _ body: (SourceItem) throws -> Void) rethrows {
        try withReadingProgress(label) { progress in try source.forEachItem(progress: progress.update, body) }
    }

    /// What `read` answers, with the progress of reading `label` shown while it runs.
    func withReadingProgress<Answer>(_ label: String, _ read: (Progress) throws -> Answer) rethrows -> Answer {
        let progress = Progress("reading \(label.sanitizedForTerminal)")
        defer { progress.finish() }
        return try read(progress)
    }

}
