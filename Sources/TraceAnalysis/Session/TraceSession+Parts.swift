/// Bounds for searching a long trace a part at a time: a caller that must stay responsive
/// (the viewer answering keys) searches the seqs up to ``partEnd(after:chunks:)`` (or down to
/// ``partStart(before:chunks:)``) with the ordinary queries, and resumes from there on its
/// next turn, instead of one query that may read the whole trace.
extension TraceSession {
    /// The last seq of the `chunks` chunks holding actions after `seq` (at least one chunk),
    /// or `nil` when no action comes after `seq`: searching `(seq + 1)...end` reads about
    /// `chunks` chunks.
    public func partEnd(after seq: UInt64, chunks: Int) -> UInt64? {
        guard seq < .max, let start = firstChunk(withActionAtOrAfter: seq + 1) else { return nil }
        var end: UInt64?, taken = 0
        for index in start..<reader.chunks.count {
            guard let range = reader.chunks[index].seqRange else { continue }
            end = range.upperBound
            taken += 1
            if taken >= max(1, chunks) { break }
        }
        return end
    }

    /// The first seq of the `chunks` chunks holding actions before `seq` (at least one
    /// chunk), or `nil` when no action comes before `seq`: searching `start..<seq` reads
    /// about `chunks` chunks.
    public func partStart(before seq: UInt64, chunks: Int) -> UInt64? {
        guard seq > 0 else { return nil }
        let above = firstChunk(withActionsAfter: seq - 1) ?? reader.chunks.count
        var start: UInt64?, taken = 0
        for index in stride(from: above - 1, through: 0, by: -1) {
            guard let range = reader.chunks[index].seqRange else { continue }
            start = range.lowerBound
            taken += 1
            if taken >= max(1, chunks) { break }
        }
        return start
    }
}
