import TraceAnalysis
import TraceFormat

/// What the screen shows, asked of the reader: the timeline window around the selection and
/// the trace's totals (``ScreenRequest``), then the selected action's diff and state.
extension ViewerReducer {
    /// Selects action `seq` (keeping the selection when `nil`): the reader answers with the
    /// screen around it (``move(_:in:)``).
    func select(_ seq: UInt64?, unreadable: String? = nil, in state: inout ViewerState) {
        move(.select(seq, unreadable: unreadable), in: &state)
    }

    /// Goes to action `seq` that a search, a bookmark or an app's mark led to
    /// (``SearchAction/Delegate/select(_:)``, ``MarksAction/Delegate/select(_:)``), whatever
    /// the filter hides: the user went there, so following stops.
    func goTo(found seq: UInt64, in state: inout ViewerState) {
        state.following = false
        select(seq, in: &state)
    }

    /// The screen again, as it is: a resize, a filter set, records arrived.
    func load(_ state: inout ViewerState) {
        move(.reload, in: &state)
    }

    /// Asks the reader for the screen after `move` (``ScreenRequest``): a key pressed while
    /// the last one's answer is still to come adds its move to that request, which replaces it,
    /// so the moves add up in order (PgDn held while a large chunk is read).
    ///
    /// - Parameter path: where the detail's cursor goes once the detail of the action selected
    ///   then is read (``ScreenRequest/cursorPath``).
    func move(_ move: ScreenMove, cursorOn path: [PathComponent]? = nil, in state: inout ViewerState) {
        var request = state.timeline.asked.flatMap { $0.trace == backgroundTrace ? $0 : nil } ?? ScreenRequest(
            trace: backgroundTrace, filter: state.filter, height: state.layout.timelineRows, selected: state.selected,
            top: state.timeline.top, moves: [])
        request.filter = state.filter
        request.height = state.layout.timelineRows
        request.moves.append(move)
        request.cursorPath = path
        state.timeline.asked = request
        ask(.read(.screen(request)))
    }

    /// Shows the screen the reader worked out, when it answers the request waiting (or one it
    /// grew from: what was read so far, shown until the rest comes); an answer for another
    /// session, or for a request the keys replaced since, is dropped. Then the selected
    /// action's detail is asked for.
    func show(_ answer: ScreenAnswer, in state: inout ViewerState) {
        guard let asked = state.timeline.asked, asked.grew(from: answer.request) else { return }
        if asked == answer.request { state.timeline.asked = nil }
        if answer.selected != state.selected {
            state.selected = answer.selected
            resetDetailCursor(&state)
        }
        state.timeline.top = answer.top
        state.timeline.rows = answer.rows
        state.timeline.mainStore = answer.mainStore
        if answer.stopsFollowing { state.following = false }
        if let message = answer.message { state.message = message }
        takeIn(answer.totals, in: &state)
        if let entry = answer.entry { askForDetail(of: entry, cursorOn: answer.request.cursorPath, in: &state) } else { state.detail = nil }
        if let played = answer.played { reduce(PlaybackAction.played(played), in: &state) }
        if asked == answer.request { reduce(EffectsAction.landed(on: state.selected), in: &state) }
    }

    /// The status line's counts, with what the source says of its end.
    private func takeIn(_ totals: ScreenAnswer.Totals, in state: inout ViewerState) {
        state.droppedActions = totals.dropped
        state.damagedRanges = totals.damaged
        state.lastSeq = totals.lastSeq
        state.timeColumn = TimeColumn(span: totals.span)
        state.sessionEnded = source.hasEnded || totals.closed || totals.complete && source.endsWithItsFile
        state.sessionEnding = source.ending(closed: totals.closed)
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
        move(.first, in: &state)
    }

    /// `G`: the last matching action, under a filter searched for backward from the end, a
    /// part per tick, as `N` searches.
    func goToLastAction(_ state: inout ViewerState) {
        if state.filter.expression != .all, let last = state.lastSeq, last < .max {
            startSearch(.match(state.filter), forward: false, from: last + 1, in: &state)
        } else {
            move(.last, in: &state)
        }
    }

    /// Asks the ``BackgroundReader`` for `entry`'s detail, unless it is shown or asked for
    /// already; the pane says `reading the state…` meanwhile. The cursor goes on `path` once it
    /// is read (at once when it is shown).
    func askForDetail(of entry: ActionEntry, cursorOn path: [PathComponent]? = nil, in state: inout ViewerState) {
        if let shown = state.detail, shown.entry.action == entry.action, path == nil || !shown.isLoading {
            if let path { putCursor(on: path, in: &state) }
            return
        }
        let reading = ViewerState.UnknownText(text: "reading the state…")
        state.detail = ViewerState.Detail(entry: entry, diff: .failure(reading), state: .failure(reading), isLoading: true)
        ask(.read(.detail(BackgroundReader.DetailRequest(trace: backgroundTrace, entry: entry, cursorPath: path))))
    }

    /// Shows a detail the ``BackgroundReader`` read, when its action is still the one waiting for
    /// it (a read for an action the keys moved past, or for a session since replaced, is
    /// dropped).
    func show(_ read: BackgroundReader.DetailRead, in state: inout ViewerState) {
        guard let pending = state.detail, pending.isLoading, pending.entry == read.request.entry,
            read.request.trace == backgroundTrace else { return }
        state.detail = nil
        state.detail = read.detail
        // The rows list the keyframe's changes now that they are worked out.
        if read.keyframeChanges != nil, state.timeline.rows.contains(where: { if case .action(_, .notYetRead) = $0 { true } else { false } }) {
            load(&state)
        }
        reduce(DetailAction.detailRead, in: &state)
        if let path = read.request.cursorPath { putCursor(on: path, in: &state) }
    }

    /// Whether the selected detail is still being read: a key that needs it then does nothing
    /// but say so on the message line.
    func waitingForDetail(_ state: inout ViewerState) -> Bool {
        guard let detail = state.detail, detail.isLoading else { return false }
        state.message = "still reading the state after #\(detail.entry.seq): press again once it shows"
        return true
    }

    /// The detail pane's cursor back to the top: the selection moved.
    func resetDetailCursor(_ state: inout ViewerState) {
        reduce(DetailAction.selectionMoved, in: &state)
    }
}

extension Array {
    subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
