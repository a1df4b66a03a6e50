import TraceAnalysis

extension Console {
    /// Reads every item of `source` (records, and gaps where damaged parts were skipped),
    /// with a progress line on standard error when it is a terminal.
    func readItems(of source: some RecordSource, label: String, _ body: (SourceItem) throws -> Void) rethrows {
        let progress = Progress("reading \(label.sanitizedForTerminal)")
        defer { progress.finish() }
        let items = source.items(progress: progress.update)
        while let item = items.next() { try body(item) }
    }

    /// States on standard error what of `source` could not be read, and returns the exit
    /// status the analysis commands share with `check`: 0 when the whole session was read,
    /// 1 when the answer comes from the intact part only.
    func statusAfterReading(_ source: some RecordSource) -> Int32 {
        let missing = source.missingParts
        for part in missing { error("warning: \(part.sanitizedForTerminal)") }
        if !missing.isEmpty { error("warning: the answer above covers only the readable part of the trace") }
        return missing.isEmpty ? ExitStatus.success : ExitStatus.failure
    }
}
