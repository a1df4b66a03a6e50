/// Collecting effect lifetimes from a ``TraceSession`` chunk by chunk, so a reader that keeps
/// the collection (the viewer's effects view) reads each chunk once: after the first pass,
/// only the chunks a growing trace appended since.
extension EffectLifetimes {
    /// Takes in the readable chunks of `session` from chunk `start` to the last one; a damaged
    /// chunk, or bytes lost between two chunks, is taken in as a gap (the effects running then
    /// may have ended in it). Chunks the engine has decoded are taken from its cache; the
    /// others are decoded without being cached, so one pass over a long trace does not push
    /// out what the engine keeps for the screen.
    ///
    /// - Parameters:
    ///   - session: the engine whose chunks to read.
    ///   - start: the first chunk not taken in yet (0 the first time).
    /// - Returns: the index to pass as `start` next time: the number of chunks taken in.
    public mutating func add(chunksOf session: TraceSession, from start: Int) -> Int {
        let count = session.reader.chunks.count
        guard start < count else { return max(start, count) }
        for index in start..<count {
            if session.hasGap(before: index) { add(SourceItem.gap) }
            let chunk = session.reader.chunks[index]
            guard let records = session.cache.records(ofChunk: index) ?? (try? session.reader.records(in: chunk)) else {
                add(SourceItem.gap)
                continue
            }
            for record in records { add(record) }
        }
        return count
    }
}
