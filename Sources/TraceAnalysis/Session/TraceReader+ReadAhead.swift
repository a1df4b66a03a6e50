import TraceFormat

extension TraceReader {
    /// How many threads a pass over the whole session decodes chunks on. Three on two cores:
    /// with two, a core stood idle whenever a lane waited for its slot or the taking thread for
    /// the lane of the next chunk (`stats --json` on the 1M-action trace, wall medians of five
    /// interleaved: 1.15 s with two lanes and 4 chunks held, 1.05 s with two and 8, 0.98 s with
    /// three and 12, the CPU time the same; docs/BENCHMARKS.md).
    static let decodingLanes = 3
    /// How many chunks such a pass holds decoded at most: read ahead by the lanes, or being
    /// taken in (four per lane; about 3 MiB more than two lanes' four in all).
    static let decodedChunksHeld = 12

    /// The items of ``items(progress:)``, in the same order, with the next chunks read and
    /// decoded on other threads (``decodingLanes``) while `body` takes in the records of this one:
    /// a pass over the whole session (`stats`, `effects`, `export`) then keeps both cores busy.
    /// At most ``decodedChunksHeld`` chunks are held decoded. `progress` is called on the caller's
    /// thread, once per chunk, as ``items(progress:)`` calls it; damaged chunks are found and
    /// noted (``gaps``, ``headerMismatches``) there too, in file order, as a read there finds
    /// them.
    ///
    /// The reader is not used by the caller's thread until this returns (it waits for the
    /// decoding threads, also when `body` throws).
    public func forEachItem(progress: @escaping (_ done: Int, _ total: Int) -> Void, _ body: (SourceItem) throws -> Void) rethrows {
        try forEachChunk(actionsAsCases: false, progress: progress) { read, _, _ in
            guard let records = read else { return try body(.gap) }
            for record in records { try body(.record(record)) }
        }
    }

    /// Every chunk's records as ``forEachItem(progress:_:)`` reads them, a chunk at a time, in
    /// file order (`nil`: the chunk is damaged, a gap): for a pass that takes the records in
    /// where they lie rather than copied out one by one. With `actionsAsCases`, each action's
    /// value is built only as far as its case (``recordsWithActionCases(in:)``): what counting
    /// actions by case needs, for a fraction of the decoding. With `statesAsShapes`, each patch
    /// operation's value and keyframe's state is decoded straight into its shape
    /// (``recordsWithStateShapes(in:actionsAsCases:)``), passed to `body` beside the records in
    /// record order (empty otherwise): what following store sizes needs. With `actionsAsCounts`
    /// as well, each action whose value is an enum case or a struct is read as a
    /// ``CountedAction`` (``recordsWithStateShapes(in:actionsAsCases:actionsAsCounts:)``), no
    /// record built for it, passed to `body` beside the records with the chunk's string table
    /// (empty otherwise): what counting actions by case needs.
    ///
    /// `body` holds the only reference to the records, so it may take each out of the array and
    /// put it back (``SessionStats``: a record taken in where it lies is copied); whatever it
    /// leaves there is freed by the thread that decoded it.
    package func forEachChunk(
        actionsAsCases: Bool, statesAsShapes: Bool = false, actionsAsCounts: Bool = false,
        progress: @escaping (_ done: Int, _ total: Int) -> Void,
        _ body: (_ records: inout [Record]?, _ shapes: consuming [ShapedValue], _ counted: CountedActions) throws -> Void
    ) rethrows {
        let chunks = self.chunks
        let lanes = (0..<Self.decodingLanes).compactMap { _ in try? makeLane() }
        guard !lanes.isEmpty else {
            // No inflater to be had for another thread: read here, one chunk at a time.
            for (index, chunk) in chunks.enumerated() {
                progress(index, chunks.count)
                if statesAsShapes {
                    // The records and shapes taken out, as below.
                    var read = try? recordsWithStateShapes(in: chunk, actionsAsCases: actionsAsCases, actionsAsCounts: actionsAsCounts)
                    var shapes: [ShapedValue] = [], records: [Record]? = nil
                    if read != nil {
                        swap(&shapes, &read!.shapes)
                        records = []
                        swap(&records!, &read!.records)
                    }
                    try body(&records, consume shapes, read?.counted ?? CountedActions())
                } else {
                    var records = try? actionsAsCases ? recordsWithActionCases(in: chunk) : self.records(in: chunk)
                    try body(&records, [], CountedActions())
                }
            }
            return progress(chunks.count, chunks.count)
        }
        let reading = ChunkLanes(
            chunks: chunks, headers: chunks.map(headerInFile(of:)), lanes: lanes, depth: Self.decodedChunksHeld,
            actionsAsCases: actionsAsCases, statesAsShapes: statesAsShapes, actionsAsCounts: actionsAsCounts)
        defer { reading.finish() }
        for (index, chunk) in chunks.enumerated() {
            progress(index, chunks.count)
            var read = reading.next()
            noteRead(of: chunk, read.map(\.summary))
            // The shapes and records taken out of what goes back to the lane: the body holds
            // the only reference to them (``StateShapeSource/init(read:)``).
            var shapes: [ShapedValue] = [], records: [Record]? = nil, counted = CountedActions()
            if case var .success(decoded) = read {
                records = []
                swap(&shapes, &decoded.shapes)
                swap(&records!, &decoded.records)
                counted = decoded.counted
                read = .success(decoded)
            }
            try body(&records, consume shapes, counted)
            // The records back, for the lane to free them.
            if records != nil, case var .success(decoded) = read {
                swap(&records!, &decoded.records)
                read = .success(decoded)
            }
            reading.giveBack(read)
        }
        progress(chunks.count, chunks.count)
    }
}
