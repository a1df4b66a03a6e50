import TraceFormat

extension SessionStats {
    /// The statistics of the whole session `reader` reads, with actions counted in rows by
    /// `grouping`, in one pass: what `storescope stats` prints and `storescope mcp`'s `stats`
    /// answers. By ``Grouping/case`` each action's value is built only as far as its case, all
    /// a row needs, for a fraction of the decoding; by ``Grouping/casePath`` whole. The states
    /// are read straight into their shapes (``StateShapeSource``), never built.
    ///
    /// - Parameters:
    ///   - reader: the trace.
    ///   - grouping: what an action row counts.
    ///   - progress: called once per chunk (``TraceReader/forEachItem(progress:_:)``).
    public static func summarizing(
        _ reader: TraceReader, by grouping: Grouping, progress: @escaping (_ done: Int, _ total: Int) -> Void = { _, _ in }
    ) -> SessionStats {
        var stats = SessionStats(startMonotonicNanos: reader.header.startMonotonicNanos, grouping: grouping)
        // The states read as shapes: sizes are all `stats` wants of them.
        // By case, the actions whose value is an enum case or a struct are read without their
        // record (``CountedAction``): their row is found by string table indices.
        reader.forEachChunk(
            actionsAsCases: grouping == .case, statesAsShapes: true, actionsAsCounts: grouping == .case, progress: progress
        ) { records, shapes, counted in
            guard records != nil else { return stats.add(.gap) }
            stats.add(&records!, shapes: StateShapeSource(read: consume shapes), counted: counted)
        }
        stats.finish()
        return stats
    }
}
