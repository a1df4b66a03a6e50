/// A long state reconstruction in parts, for a reader that must keep answering keys (the
/// viewer): on a trace of 300,000 one-action chunks after a single keyframe, the state after
/// the last action replays every chunk, about a second.
extension TraceSession {
    /// How many chunks reconstructing the state of `store` after `seq` would read from its
    /// nearest start (a kept state, a checkpoint, or a chunk flagged as holding a keyframe or a
    /// drop), as the index tells, reading no chunk. A flagged chunk may hold another store's
    /// keyframe, so this is a lower bound in a trace of several stores.
    public func replayChunks(of store: String, after seq: UInt64) -> Int {
        guard let last = lastReplayedChunk(upTo: seq) else { return 0 }
        return last - replayStart(of: store, upTo: seq, lastChunk: last)
    }

    /// Reconstructs the state of `store` after an action on the way to `seq`, at most `chunks`
    /// chunks past its nearest start, and keeps it (as ``state(of:after:)`` keeps what it
    /// reconstructs), so the next call, or the state after `seq`, starts from there.
    ///
    /// - Returns: whether the rest is to be read at once: the state after `seq` is now within
    ///   `chunks` chunks of a start, or a part brought it no nearer (the state on the way is
    ///   unknown, or the store's last record before it lies back where the part started, so no
    ///   kept state can start later).
    public func replayPart(of store: String, toward seq: UInt64, chunks: Int) -> Bool {
        guard let last = lastReplayedChunk(upTo: seq) else { return true }
        let start = replayStart(of: store, upTo: seq, lastChunk: last)
        guard last - start > chunks else { return true }
        // The last action of a chunk `chunks` past the start, before `seq`.
        var index = start + max(1, chunks)
        while index > start, reader.chunks[index].seqRange.map({ $0.upperBound >= seq }) ?? true { index -= 1 }
        guard index > start, let through = reader.chunks[index].seqRange?.upperBound else { return true }
        guard case .success = state(of: store, after: through).result else { return true }
        return replayStart(of: store, upTo: seq, lastChunk: last) <= start
    }

    /// The last chunk a reconstruction after `seq` reads (as ``state(of:after:)`` finds it).
    private func lastReplayedChunk(upTo seq: UInt64) -> Int? {
        guard !reader.chunks.isEmpty else { return nil }
        return lastChunk(holdingRecordsUpTo: seq) ?? firstChunk(withActionsAfter: seq) ?? reader.chunks.count - 1
    }

    /// The chunk a reconstruction of `store` up to `seq` would start from, by the index.
    private func replayStart(of store: String, upTo seq: UInt64, lastChunk: Int) -> Int {
        let kept = cache.state(of: store, atOrBefore: seq), checkpoint = checkpoints.state(of: store, atOrBefore: seq)
        let cachedChunk = max(kept?.position.chunk ?? -1, checkpoint?.position.chunk ?? -1)
        for index in stride(from: lastChunk, through: max(0, cachedChunk), by: -1) {
            let flags = reader.chunks[index].header.flags
            if index == cachedChunk || flags.contains(.keyframe) || flags.contains(.dropped) { return index }
        }
        return 0
    }
}
