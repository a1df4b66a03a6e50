import TraceAnalysis

extension Console {
    /// Reads every item of `source` (records, and gaps where damaged parts were skipped),
    /// with a progress line on standard error when it is a terminal.
    func readItems(of source: some RecordSource, label: String, _ body: (SourceItem) throws -> Void) rethrows {
        try withReadingProgress(label) { progress in try source.forEachItem(progress: progress.update, body) }
    }

    /// Reads as ``readItems(of:label:_:)`` does, each action's value built only as far as its
    /// case (enum case, struct type): for counting actions by case.
    func readItemsWithActionCases(of reader: TraceReader, label: String, _ body: (SourceItem) throws -> Void) rethrows {
        try withReadingProgress(label) { progress in try reader.forEachItem(actionsAsCases: true, progress: progress.update, body) }
    }

    private func withReadingProgress(_ label: String, _ read: (Progress) throws -> Void) rethrows {
        let progress = Progress("reading \(label.sanitizedForTerminal)")
        defer { progress.finish() }
        try read(progress)
    }

}
