import TraceAnalysis
import TraceFormat

/// Large chunks met by the reads still done on the loop's thread (the effects' parent
/// actions), read off it: a chunk holding a keyframe of a large state takes
/// 50-100 ms to inflate and walk (a million entries). The scan stops there; the
/// ``BackgroundReader`` reads it and the ones after it, the viewer's session keeps what it read
/// (``TraceSession/keep(_:)``), and the scan goes on. (The timeline's screen is the reader's:
/// ``ScreenRequest``.)
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

    /// Takes in chunks the reader read: the session keeps them, and a search or playback
    /// waiting for them reads on at the next tick. A read for a session since replaced is dropped;
    /// a chunk the reader could not read (damaged, or the file gone from its path) is read
    /// by the viewer's session, which holds the file open and reports the damage in the rows.
    func takeIn(_ read: BackgroundReader.ActionsRead, in state: inout ViewerState) {
        if state.timeline.chunksAsked == read.request { state.timeline.chunksAsked = nil }
        guard read.request.trace == backgroundTrace else { return }
        // What the reader handed over before was scanned at the ticks since.
        session.releaseKeptReads()
        for chunk in read.chunks { session.keep(chunk) }
        let kept = Set(read.chunks.map(\.offset))
        for offset in read.request.offsets where !kept.contains(offset) { _ = session.readForActions(chunkAt: offset) }
        // The effect rows' parent actions may have waited for these chunks: read again now, or
        // when the view opens again.
        state.effects.rows = []
        if state.effects.isShown { loadEffectRows(&state) }
    }
}
