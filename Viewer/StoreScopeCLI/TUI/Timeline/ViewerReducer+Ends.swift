import TraceAnalysis
import TraceFormat

/// The trace's ends: the first and last actions (`g`, `G`, following, opening a session, play
/// from the start) and the totals the status line shows. Either end may lie in a large chunk
/// not yet read (a keyframe of a million entries, 50-100 ms to inflate and walk): then the
/// index names its action, the reader reads the chunk (``askForChunks(from:forward:count:in:)``),
/// and the rows and the detail come with the read, as for any row over such a chunk.
extension ViewerReducer {
    /// The first action matching `filter`. When the scan for it stops at a large chunk not yet
    /// read, with no filter the index's first seq stands for it (selecting it, the rows ask
    /// for the chunk); under a filter the chunk is asked for and the answer is `nil` (the
    /// match may lie anywhere after it).
    func firstActionSeq(matching filter: Filter, in state: inout ViewerState) -> UInt64? {
        let (first, deferred) = readingSmallChunks { session.action(after: 0, matching: filter) }
        return first?.seq ?? deferred.flatMap { standIn(for: $0, forward: true, matching: filter, in: &state) }
    }

    /// The last action matching `filter`, as ``firstActionSeq(matching:in:)`` finds the first.
    func lastActionSeq(matching filter: Filter, in state: inout ViewerState) -> UInt64? {
        let (last, deferred) = readingSmallChunks { session.lastAction(matching: filter) }
        return last?.seq ?? deferred.flatMap { standIn(for: $0, forward: false, matching: filter, in: &state) }
    }

    private func standIn(for chunk: Int, forward: Bool, matching filter: Filter, in state: inout ViewerState) -> UInt64? {
        if filter.expression == .all { return forward ? session.seqRange?.lowerBound : session.seqRange?.upperBound }
        askForChunks(from: chunk, forward: forward, count: 1, in: &state)
        return nil
    }

    /// `g`: the first matching action. Under a filter it is searched for from the start, a
    /// part per tick, as `G` searches from the end (the first match may lie far on).
    func goToFirstAction(_ state: inout ViewerState) {
        // Going to the first action stops following, as a step up does: else the next action
        // the app sends would take the selection back to the end.
        guard state.filter.expression == .all else {
            state.following = false
            return startSearch(.match(state.filter), forward: true, from: 0, in: &state)
        }
        let first = firstActionSeq(matching: state.filter, in: &state)
        if first != state.selected { state.following = false }
        // The window starts at the trace's start, `#0` above the first action, as when it opened.
        state.timeline.top = 0
        select(first, in: &state)
    }

    /// `G`: the last matching action, under a filter searched for backward from the end, a
    /// part per tick, as `N` searches.
    func goToLastAction(_ state: inout ViewerState) {
        if state.filter.expression != .all, let last = state.lastSeq, last < .max {
            startSearch(.match(state.filter), forward: false, from: last + 1, in: &state)
        } else {
            select(lastActionSeq(matching: state.filter, in: &state), in: &state)
        }
    }

    /// Reads the totals the status line shows: the last action (seq, time, whether the session
    /// ended), the dropped actions and the damage. While the last action lies in a large
    /// chunk not yet read (a live app sending keyframes of a large state), the index's last seq
    /// and time stand for it until a read of the rows brings it (``takeIn(_:in:)`` reads the
    /// totals again); nothing is asked of the reader for them.
    func refreshTotals(_ state: inout ViewerState) {
        state.droppedActions = session.droppedActions().count
        state.damagedRanges = session.damage.count
        let (last, deferred) = readingSmallChunks { session.lastAction() }
        if let deferred, last == nil {
            let end = session.chunks[deferred].header.lastMonotonicNanos
            state.lastSeq = session.seqRange?.upperBound
            state.timeColumn = TimeColumn(span: end.subtractingSaturated(session.header.startMonotonicNanos))
            if source.hasEnded, !state.sessionEnded { state.sessionEnding = source.ending(closed: false) }
            state.sessionEnded = source.hasEnded || state.sessionEnded
            return
        }
        state.lastSeq = last?.seq
        state.timeColumn = TimeColumn(span: last?.sinceStart ?? 0)
        let closed = last?.events.contains { if case .sessionEnded = $0 { true } else { false } } ?? false
        state.sessionEnded = source.hasEnded || closed
        state.sessionEnding = source.ending(closed: closed)
    }
}
