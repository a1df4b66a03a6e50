import TraceFormat

extension SessionStats {
    /// The statistics of the whole session `reader` reads, with actions counted in rows by
    /// `grouping`, in one pass: what `storescope stats` prints and `storescope mcp`'s `stats`
    /// answers. By ``Grouping/case`` each action's value is built only as far as its case, all
    /// a row needs, for a fraction of the decoding; by ``Grouping/casePath`` whole.
    ///
    /// - Parameters:
    ///   - reader: the trace.
    ///   - grouping: what an action row counts.
    ///   - progress: called once per chunk (``TraceReader/forEachItem(progress:_:)``).
    public static func summarizing(
        _ reader: TraceReader, by grouping: Grouping, progress: @escaping (_ done: Int, _ total: Int) -> Void = { _, _ in }
    ) -> SessionStats {
        var stats = SessionStats(startMonotonicNanos: reader.header.startMonotonicNanos, grouping: grouping)
        reader.forEachChunk(actionsAsCases: grouping == .case, progress: progress) { records in
            guard let records else { return stats.add(.gap) }
            // Each record taken in where it lies, not copied out first (a copy of a record is
            // a retain of each thing it holds, and this loop is on the critical thread).
            records.withUnsafeBufferPointer { records in
                for index in records.indices { stats.add(records[index]) }
            }
        }
        stats.finish()
        return stats
    }
}
