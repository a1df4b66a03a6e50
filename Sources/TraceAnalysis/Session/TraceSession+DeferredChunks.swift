import TraceFormat

/// Action scans that leave large chunks to another thread: a reader that must answer at once
/// (the viewer's loop) lists what it can from chunks in memory or small enough to read now,
/// and has another session on the same file read the large ones (``readForActions(chunkAt:)``,
/// off its thread), which this session then keeps (``keep(_:)``) as if it had read them.
/// A chunk holding a keyframe of a million entries takes 50-100 ms to inflate and walk,
/// even when the keyframe is left out of the actions.
extension TraceSession {
    /// What ``deferringChunks(over:_:)`` asks of the scans while it runs.
    struct ChunkDeferral {
        /// Chunks with more raw bytes than this are not read (unless in memory).
        var bytes: UInt32
        /// The first chunk a scan did not read.
        var met: Int?
    }

    /// Runs `body`, in which the action scans (``forEachAction(in:matching:_:)``,
    /// ``action(after:matching:)``, ``actions(before:after:matching:limit:)`` and the rest) stop
    /// at the first chunk with more than `bytes` raw bytes whose records are not in memory,
    /// reading nothing of it: they end there as if the trace did (an action whose records run
    /// into that chunk is not delivered, backward scans return what they found after it).
    ///
    /// - Returns: what `body` returned, and the index of the chunk a scan stopped at (`nil`:
    ///   none did, the answer is whole).
    public func deferringChunks<Value>(over bytes: UInt32, _ body: () throws -> Value) rethrows -> (value: Value, deferred: Int?) {
        let outer = deferral
        deferral = ChunkDeferral(bytes: bytes)
        defer { deferral = outer }
        let value = try body()
        return (value, deferral?.met)
    }

    /// Whether a scan must stop before reading chunk `index` (noting it as the one met): not
    /// when a read of it failed here already (the scan then reports the damage at once).
    func defers(_ index: Int) -> Bool {
        guard leavesUnread(index) else { return false }
        if deferral?.met == nil { deferral?.met = index }
        return true
    }

    /// Whether a scan under ``deferringChunks(over:_:)`` leaves chunk `index` unread.
    func leavesUnread(_ index: Int) -> Bool {
        guard let limit = deferral?.bytes else { return false }
        return reader.chunks[index].header.rawLength > limit && !holdsActionRecords(ofChunk: index) && !reader.isKnownDamaged(reader.chunks[index])
    }

    /// The records of the chunk at file offset `offset` as the action scans read them, for
    /// another session on the same file to keep (``keep(_:)``); `nil` when no chunk starts
    /// there or its bytes are damaged (the other session then finds that itself).
    public func readForActions(chunkAt offset: Int64) -> ActionChunkRead? {
        guard let index = reader.index(ofChunkAt: offset) else { return nil }
        let chunk = reader.chunks[index]
        if let whole = cache.records(ofChunk: index) { return ActionChunkRead(chunk: chunk, records: whole, leftOut: [], summary: ChunkSummary(whole)) }
        guard let limit = keyframesLeftOutOfActions else {
            return records(ofChunk: index).map { ActionChunkRead(chunk: chunk, records: $0, leftOut: [], summary: ChunkSummary($0)) }
        }
        if let held = actionsCache.records(ofChunk: index) {
            // What the records say; the keyframes left out say only that there is one.
            var summary = ChunkSummary(held)
            summary.hasKeyframe = true
            return ActionChunkRead(chunk: chunk, records: held, leftOut: leftOutKeyframes[index] ?? [], summary: summary)
        }
        guard let read = decodeActionRecords(ofChunk: index, leavingOutKeyframesOver: limit) else { return nil }
        return ActionChunkRead(chunk: chunk, records: read.records, leftOut: read.leftOut, summary: read.summary)
    }

    /// Keeps a chunk's records that another session on the same file read
    /// (``readForActions(chunkAt:)``): the scans take them from memory, whatever the cache's
    /// budget, until ``releaseKeptReads()`` (a screen of rows over large chunks that the cache
    /// cannot hold all of is then still read whole, rather than asked for again and again).
    /// Its header is verified against what the records said there, as a read here would.
    /// For a session that leaves large keyframes out of actions (``keyframesLeftOutOfActions``).
    ///
    /// - Returns: whether they were kept: not when this session has no such chunk at that
    ///   offset, or one of another length, or keeps every keyframe in its actions.
    @discardableResult
    public func keep(_ read: ActionChunkRead) -> Bool {
        guard keyframesLeftOutOfActions != nil, let index = reader.index(ofChunkAt: read.offset),
            reader.chunks[index].header.rawLength == read.rawLength else { return false }
        if !holdsActionRecords(ofChunk: index) {
            reader.verifyHeader(of: reader.chunks[index], against: read.summary)
            keepActionRecords(read.records, leftOut: read.leftOut, ofChunk: index)
        }
        keptReads[index] = read
        return true
    }

    /// Lets the cache's budget alone decide again which of the chunks handed over with
    /// ``keep(_:)`` stay in memory.
    public func releaseKeptReads() {
        keptReads = [:]
    }
}

/// One chunk's records as a session's action scans read them, read by another session on the
/// same file (``TraceSession/readForActions(chunkAt:)``) for the first to keep
/// (``TraceSession/keep(_:)``).
public struct ActionChunkRead: Sendable, Equatable {
    /// Where the chunk starts in the file, and its raw length: which chunk it is.
    public let offset: Int64
    public let rawLength: UInt32
    let records: [Record]
    /// The keyframes left out of `records` (as ``TraceSession/keyframesLeftOutOfActions``
    /// asked), and what all the records said, left out or not: the header is verified with it.
    let leftOut: [LeftOutKeyframe]
    let summary: ChunkSummary

    init(chunk: ChunkInfo, records: [Record], leftOut: [LeftOutKeyframe], summary: ChunkSummary) {
        offset = chunk.offset
        rawLength = chunk.header.rawLength
        self.records = records
        self.leftOut = leftOut
        self.summary = summary
    }
}
