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
        reader.forEachItem(actionsAsCases: grouping == .case, progress: progress) { stats.add($0) }
        stats.finish()
        return stats
    }
}
