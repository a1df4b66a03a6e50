/// Collecting effect lifetimes from a ``TraceSession`` chunk by chunk, so a reader that keeps
/// the collection (the viewer's effects view) reads each chunk once: after the first pass,
/// only the chunks a growing trace appended since.
extension EffectLifetimes {
    /// Takes in the readable chunks of `session` from chunk `start` to the last one; a damaged
    /// chunk, or bytes lost between two chunks, is taken in as a gap (the effects running then
    /// may have ended in it). Chunks the engine has decoded are taken from its cache; the
    /// others are decoded without being cached, so one pass over a long trace does not push
    /// out what the engine keeps for the screen, and without their states (patches and
    /// keyframes are checked, never built: ``RecordSelection/allButStates``).
    ///
    /// - Parameters:
    ///   - session: the engine whose chunks to read.
    ///   - start: the first chunk not taken in yet (0 the first time).
    ///   - limit: at most this many chunks are taken in (all when `nil`), so a long trace can
    ///     be read a part at a time.
    /// - Returns: the index to pass as `start` next time: the number of chunks taken in.
    public mutating func add(chunksOf session: TraceSession, from start: Int, limit: Int? = nil) -> Int {
        let count = session.reader.chunks.count
        let end = limit.map { min(count, start + max(0, $0)) } ?? count
        guard start < end else { return start }
        for index in start..<end {
            if session.hasGap(before: index) { add(SourceItem.gap) }
            guard let records = session.recordsWithoutStates(ofChunk: index) else {
                add(SourceItem.gap)
                continue
            }
            for record in records { add(record) }
        }
        // The reads verified the chunks' headers: the session plans from any correction.
        session.noteCorrections()
        return end
    }
}
