import TraceAnalysis
import TraceFormat

/// The timeline's large chunks, read off the loop's thread: a chunk holding a keyframe of a
/// large state takes 50-100 ms to inflate and walk (a million entries), even though its rows
/// leave the keyframe out, so a screen of rows over ten of them took half a second. The rows
/// list what is in memory or small, and stop at the first large chunk not yet read with a
/// `… reading` row; the ``BackgroundReader`` reads it and the ones after it, the viewer's
/// session keeps what it read (``TraceSession/keep(_:)``), and the rows are read again. The
/// screens above and below the rows are asked for the same way once the rows are whole, so
/// that `j`, `k`, PgDn and PgUp find them read.
extension ViewerReducer {
    /// Runs `body` with the session's scans stopping at a large chunk not in memory
    /// (``TraceSession/deferringChunks(over:_:)``); returns its value and that chunk.
    func readingSmallChunks<Value>(_ body: () -> Value) -> (value: Value, deferred: Int?) {
        session.deferringChunks(over: Self.largeChunkBytes, body)
    }

    /// Asks the reader for chunk `index` and the large chunks not in memory beside it
    /// (forward or backward), looking at `count` chunks: a screen of rows needs at most
    /// that many. Nothing is asked again while the same chunks are being read.
    func askForChunks(from index: Int, forward: Bool = true, count: Int, in state: inout ViewerState) {
        let chunks = session.chunks
        var offsets: [Int64] = [], next = index
        for _ in 0..<max(1, count) {
            guard chunks.indices.contains(next) else { break }
            if next == index || chunks[next].header.rawLength > Self.largeChunkBytes && !session.holdsActionRecords(ofChunk: next) {
                offsets.append(chunks[next].offset)
            }
            next += forward ? 1 : -1
        }
        let request = BackgroundReader.ActionsRequest(trace: backgroundTrace, offsets: offsets)
        guard request != state.timeline.chunksAsked else { return }
        state.timeline.chunksAsked = request
        ask(.read(.actions(request)))
    }

    /// Leaves the rest of a move, `count` rows from `seq`, to when the reader's chunks arrive;
    /// keys pressed meanwhile from the same place add up (PgDn held while a chunk is read).
    func waitToStep(_ count: Int, from seq: UInt64, in state: inout ViewerState) {
        var waiting = 0
        if case let .step(from, count)? = state.timeline.moveOnRead, from == seq { waiting = count }
        state.timeline.moveOnRead = .step(from: seq, count: waiting + count)
    }

    /// Takes in chunks the reader read: the session keeps them, and the rows are read again
    /// (a move that stopped at them goes on). A read for a session since replaced is dropped;
    /// a chunk the reader could not read (damaged, or the file gone from its path) is read
    /// by the viewer's session, which holds the file open and reports the damage in the rows.
    func takeIn(_ read: BackgroundReader.ActionsRead, in state: inout ViewerState) {
        if state.timeline.chunksAsked == read.request { state.timeline.chunksAsked = nil }
        guard read.request.trace == backgroundTrace else { return }
        for chunk in read.chunks { session.keep(chunk) }
        let kept = Set(read.chunks.map(\.offset))
        for offset in read.request.offsets where !kept.contains(offset) { _ = session.readForActions(chunkAt: offset) }
        // The effect rows' parent actions may have waited for these chunks: read again now, or
        // when the view opens again.
        state.effects.rows = []
        if state.effects.isShown { loadEffectRows(&state) }
        // Rows that wait for a chunk are read again. Whole rows stay as read: a read of the
        // screens beside them must not read them again, which in a cache too small for both
        // would push their chunks out, have them asked for again, and so on by turns for ever.
        if state.timeline.read?.rows.contains(.reading) != false { state.timeline.read = nil }
        // The totals may have waited for the last chunk, or the read corrected a lying header.
        refreshTotals(&state)
        let move = state.timeline.moveOnRead
        state.timeline.moveOnRead = nil
        switch move {
        case let .step(from, count)? where state.selected == from:
            return step(count, in: &state)
        case let .jump(seq, from)? where state.selected == from:
            state.message = nil
            return jump(to: seq, in: &state)
        default:
            break
        }
        // Following, the selection may have waited for the last chunk (what is still unread
        // is not asked for again here: reads of chunks the cache cannot hold together would
        // take turns for ever).
        let filter = state.filter
        if state.following, let last = readingSmallChunks({ session.lastAction(matching: filter) }).value?.seq, last != state.selected {
            select(last, in: &state)
        } else {
            load(&state)
        }
        fillWindow(&state)
        fillChangedPaths(&state)
    }

    /// Once the rows are whole: asks for the large chunks of the screen below them, else of
    /// the one above, reading nothing large here (a screen of small chunks is read now and kept).
    /// The screens are the `count` actions after the last row and before the first, whatever
    /// the filter (the next matching ones may lie anywhere: a search reads that far).
    func askForNeighbouringScreens(of rows: [ViewerState.TimelineRow], count: Int, in state: inout ViewerState) {
        // Most traces have no large chunk: nothing to read ahead (the scans cost 1-2 ms).
        guard session.largestChunk > Self.largeChunkBytes else { return }
        let seqs = rows.compactMap { if case let .action(entry, _) = $0 { entry.seq } else { nil } }
        guard let first = seqs.first, let last = seqs.last else { return }
        if let after = ClosedRange.seqs(after: last) {
            let below = readingSmallChunks {
                var left = count
                session.forEachAction(in: after) { _ in
                    left -= 1
                    return left > 0
                }
            }
            if let chunk = below.deferred { return askForChunks(from: chunk, count: count, in: &state) }
        }
        let above = readingSmallChunks { session.actions(before: first, after: 0, limit: count) }
        if let chunk = above.deferred { askForChunks(from: chunk, forward: false, count: count, in: &state) }
    }
}
