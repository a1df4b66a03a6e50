/// How long a state reconstruction will be, before it starts, for a reader that must keep
/// answering keys (the viewer reads a long one off its thread): on a trace of 300,000
/// one-action chunks after a single keyframe, the state after the last action replays every
/// chunk, about a second.
extension TraceSession {
    /// How many chunks reconstructing the state of `store` after `seq` would read from its
    /// nearest start (a kept state, a checkpoint, or a chunk flagged as holding a keyframe or a
    /// drop), as the index tells, reading no chunk. A flagged chunk may hold another store's
    /// keyframe, so this is a lower bound in a trace of several stores.
    public func replayChunks(of store: String, after seq: UInt64) -> Int {
        guard let last = lastReplayedChunk(upTo: seq) else { return 0 }
        return last - replayStart(of: store, upTo: seq, lastChunk: last)
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
