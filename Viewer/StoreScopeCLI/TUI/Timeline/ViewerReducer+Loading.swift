import TraceAnalysis
import TraceFormat

/// Reading what the screen shows from the engine: the timeline window around the selection,
/// the selected action's diff and state, and the trace's totals.
extension ViewerReducer {
    /// Selects action `seq` (keeping the selection when `nil`) and loads what the screen shows.
    func select(_ seq: UInt64?, in state: inout ViewerState) {
        if let seq, seq != state.selected {
            state.selected = seq
            state.timeline.fillsWindowAboveSelection = false
            resetDetailCursor(&state)
        }
        load(&state)
    }

    /// Loads the timeline window (scrolled so the selection is on it) and the detail.
    func load(_ state: inout ViewerState) {
        let height = state.layout.timelineRows
        if let selected = state.selected {
            if selected < state.timeline.top {
                state.timeline.top = selected
            } else if state.timeline.fillsWindowAboveSelection || currentRows(state, count: height)?.actionSeqs.contains(selected) != true {
                // Scroll down when the selection is below the window: a full window of
                // matching actions after the top above it. Those in a large chunk not yet read
                // (`G`, `:N` far away) are asked of the reader: the selection heads the window
                // until they are read, then the window scrolls back to hold them.
                let top = state.timeline.fillsWindowAboveSelection ? 0 : state.timeline.top, filter = state.filter
                let (above, deferred) = readingSmallChunks { session.actions(before: selected, after: top, matching: filter, limit: height - 1) }
                state.timeline.fillsWindowAboveSelection = false
                if above.count == height - 1, let first = above.last {
                    state.timeline.top = first.seq
                } else if let chunk = deferred {
                    state.timeline.top = above.last?.seq ?? selected
                    state.timeline.fillsWindowAboveSelection = true
                    askForChunks(from: chunk, forward: false, count: height - 1 - above.count, in: &state)
                } else if top == 0, state.timeline.top > 0 {
                    // The first actions: the window starts at the trace's start.
                    state.timeline.top = 0
                }
            }
        }
        state.timeline.rows = timelineRows(count: height, in: &state)
        // `!! records lost` rows take lines too: scroll on while the selection is below them.
        for _ in 0..<height {
            guard let selected = state.selected, state.timeline.rows.count == height,
                let last = state.timeline.rows.last(where: { $0.seq != nil })?.seq, last < selected,
                let next = readingSmallChunks({ session.action(after: state.timeline.top, matching: state.filter) }).value?.seq, next <= selected else { break }
            state.timeline.top = next
            state.timeline.rows = timelineRows(count: height, in: &state)
        }
        loadDetail(&state)
        showInitialState(&state, rows: height)
    }

    /// The rows from `state.timeline.top` as last read, when nothing they depend on changed since.
    func currentRows(_ state: ViewerState, count: Int) -> ViewerState.ReadTimeline? {
        guard let read = state.timeline.read, read.top == state.timeline.top, read.count == count, read.filter == state.filter,
            read.session == session.opening, read.chunks == session.chunks.count else { return nil }
        return read
    }

    /// The rows from `state.timeline.top`: the ones read last when they are still current (a key that
    /// moves within the window reads no chunk: on a trace whose every chunk holds a keyframe of
    /// a million entries, listing ten rows decoded ten of them, 1-3 s), else read now, up to
    /// a large chunk not in memory, which the reader reads (`… reading`, ``askForChunks(from:forward:count:in:)``).
    private func timelineRows(count: Int, in state: inout ViewerState) -> [ViewerState.TimelineRow] {
        if let read = currentRows(state, count: count) { return read.rows }
        let top = state.timeline.top, filter = state.filter
        let read: (value: [ViewerState.TimelineRow], deferred: Int?) = readingSmallChunks { self.rows(from: top, count: count, filter: filter) }
        var rows = read.value
        if let deferred = read.deferred {
            askForChunks(from: deferred, count: count - rows.count, in: &state)
            if rows.count < count { rows.append(.reading) }
        } else {
            // Whole: what the reader handed over for them may go with the cache's budget.
            session.releaseKeptReads()
            askForNeighbouringScreens(of: rows, count: count, in: &state)
        }
        state.timeline.read = ViewerState.ReadTimeline(top: state.timeline.top, count: count, filter: state.filter, session: session.opening, chunks: session.chunks.count, rows: rows)
        return rows
    }

    /// Fills in the changes of the rows left at `…` that the engine has worked out since (the
    /// detail of a selected keyframe works them out).
    func fillChangedPaths(_ state: inout ViewerState) {
        func filled(_ rows: [ViewerState.TimelineRow]) -> [ViewerState.TimelineRow] {
            rows.map { row in
                guard case let .action(entry, .notYetRead) = row, session.knowsChanges(of: entry) else { return row }
                return .action(entry, changedPaths: changedPaths(of: entry, reading: true, scopedTo: state.filter.askedPaths))
            }
        }
        guard state.timeline.rows.contains(where: { if case .action(_, .notYetRead) = $0 { true } else { false } }) else { return }
        state.timeline.rows = filled(state.timeline.rows)
        if let read = state.timeline.read { state.timeline.read?.rows = filled(read.rows) }
    }

    /// The selected action's detail, asked of the ``BackgroundReader`` whatever its state's
    /// size: a small state's answer comes within the frame's wait (``ViewerApp/frameWait``), a
    /// large one's (a keyframe of a million entries to decode, a long replay) in a later frame,
    /// the pane saying `reading the state…` meanwhile. A detail shown or asked for is kept.
    private func loadDetail(_ state: inout ViewerState) {
        // `#0`'s is ``showInitialState(_:rows:)``'s.
        if state.selected == 0, hasInitialState { return }
        let shown = state.selected.flatMap { seq in
            state.timeline.rows.lazy.compactMap { if case let .action(entry, _) = $0, entry.seq == seq { entry } else { nil } }.first
        }
        // Not on the rows: read unless it is in a large chunk the reader reads for the rows.
        guard let seq = state.selected, let entry = shown ?? readingSmallChunks({ session.action(after: seq - min(seq, 1)) }).value,
            entry.seq == seq else {
            state.detail = nil
            return
        }
        askForDetail(of: entry, in: &state)
    }

    /// Asks the ``BackgroundReader`` for `entry`'s detail, unless it is shown or asked for
    /// already; the pane says `reading the state…` meanwhile.
    func askForDetail(of entry: ActionEntry, in state: inout ViewerState) {
        if let shown = state.detail, shown.entry.action == entry.action { return }
        let reading = ViewerState.UnknownText(text: "reading the state…")
        state.detail = ViewerState.Detail(entry: entry, diff: .failure(reading), state: .failure(reading), isLoading: true)
        ask(.read(.detail(BackgroundReader.DetailRequest(trace: backgroundTrace, entry: entry))))
    }

    /// Shows a detail the ``BackgroundReader`` read, when its action is still the one waiting for
    /// it (a read for an action the keys moved past, or for a session since replaced, is
    /// dropped); the viewer's session learns the keyframe's changes, for the rows.
    func show(_ read: BackgroundReader.DetailRead, in state: inout ViewerState) {
        guard let pending = state.detail, pending.isLoading, pending.entry == read.request.entry,
            read.request.trace == backgroundTrace else { return }
        if let changes = read.keyframeChanges { session.remember(changes, of: read.request.entry) }
        // The file is gone from its path: the loop's thread reads the detail from the session
        // that holds it open, slow as that is, rather than show none.
        state.detail = nil
        state.detail = read.couldNotOpen ? ViewerState.Detail.read(pending.entry, from: session) : read.detail
        fillChangedPaths(&state)
        revealChange(&state)
        if let path = state.pane.cursorPathOnRead {
            state.pane.cursorPathOnRead = nil
            putCursor(on: path, in: &state)
        }
    }

    /// Whether the selected detail is still being read: a key that needs it then does nothing
    /// but say so on the message line.
    func waitingForDetail(_ state: inout ViewerState) -> Bool {
        guard let detail = state.detail, detail.isLoading else { return false }
        state.message = "still reading the state after #\(detail.entry.seq): press again once it shows"
        return true
    }

    /// Puts the tree's cursor on the first node the action changed, scrolled into view, when
    /// ``DetailPane/revealChange`` asks for it and the detail is read.
    func revealChange(_ state: inout ViewerState) {
        guard state.pane.revealChange, state.pane.mode == .tree, let detail = state.detail, !detail.isLoading else { return }
        state.pane.revealChange = false
        guard let first = detail.changedNodes.first, case let .success(value) = detail.state else { return }
        let line = TreeOutline.rowIndex(ofNode: first, in: value, folded: state.pane.folded, counts: detail.treeCounts)
        state.pane.cursor = line
        let visible = max(1, state.layout.detailRows - 1)
        // A third of the pane above it for context, but no blank lines past the tree's end.
        if line >= state.pane.scroll + visible {
            state.pane.scroll = max(0, min(line - visible / 3, ViewerRender.detailLineCount(state) - visible))
        }
    }

    /// A state with more nodes than this is large: a timeline row leaves such a keyframe out
    /// (its detail decodes it). Typical app states are far smaller.
    static let largeState = 250_000

    func resetDetailCursor(_ state: inout ViewerState) {
        state.pane.cursorPathOnRead = nil
        state.pane.cursor = 0
        state.pane.scroll = 0
        state.pane.revealChange = state.pane.mode == .tree
    }

    private func rows(from top: UInt64, count: Int, filter: Filter) -> [ViewerState.TimelineRow] {
        var rows: [ViewerState.TimelineRow] = []
        guard count > 0 else { return rows }
        session.forEachAction(in: top...UInt64.max, matching: filter) { item in
            switch item {
            case let .action(entry):
                // A large keyframe stays out of the row: the detail reads it from the session.
                let row = entry.keyframe?.hasMoreNodes(than: Self.largeState) == true ? entry.leavingOutKeyframe() : entry
                rows.append(.action(row, changedPaths: changedPaths(of: row, reading: false, scopedTo: filter.askedPaths)))
                if rows.count < count, let reconnect = ReconnectNote.summary(after: entry) { rows.append(.reconnect(reconnect)) }
            case let .damage(damage):
                rows.append(.damage(damage.description))
            }
            return rows.count < count
        }
        return rows
    }

    /// The paths `entry` changed. A keyframe's changes are a comparison with the state before
    /// (a replay): for a large state (a row leaves its keyframe out) worked out only when
    /// `reading`, as the detail of the selected action does. When the filter asks about paths
    /// (`asked`) and the action changed some of them and more, those come first and a count
    /// stands for the others (`.unreadCount +4`), as `storescope log` scopes its changes.
    private func changedPaths(of entry: ActionEntry, reading: Bool, scopedTo asked: [PathPattern]) -> ViewerState.ChangedPaths {
        if !reading, entry.keyframeLeftOut, !session.knowsChanges(of: entry) { return .notYetRead }
        guard let operations = session.changes(of: entry) else { return .unknown }
        // Case names need the state after the action: not read for a row whose keyframe (of a
        // large state) was left out, unless it is being read.
        let state = reading || !entry.keyframeLeftOut ? session.caseNamedPaths.state(for: entry, operations) : nil
        let inScope = asked.operations(overlapping: operations)
        let shown = inScope.isEmpty ? operations : inScope
        var paths: [String] = []
        for operation in shown {
            let path = renderPath(operation.path, in: state)
            if paths.last != path { paths.append(path.isEmpty ? "state" : path) }
        }
        if shown.count < operations.count { paths.append("+\(operations.count - shown.count)") }
        return .known(paths)
    }

    /// Moves the detail cursor, scrolls, or folds; returns whether the key was used.
    func moveInDetail(_ key: Key, in state: inout ViewerState) -> Bool {
        let lines = ViewerRender.detailLineCount(state)
        let page = max(1, state.layout.detailRows - 2)
        switch key {
        case .character("j"), .down: state.pane.cursor = min(max(0, lines - 1), state.pane.cursor + 1)
        case .character("k"), .up: state.pane.cursor = max(0, state.pane.cursor - 1)
        case .pageDown: state.pane.cursor = min(max(0, lines - 1), state.pane.cursor + page)
        case .pageUp: state.pane.cursor = max(0, state.pane.cursor - page)
        case .character("g"), .home: state.pane.cursor = 0
        case .character("G"), .end: state.pane.cursor = max(0, lines - 1)
        case .character("H"), .character("L"):
            guard state.pane.mode == .tree, case let .success(value)? = state.detail?.state else { return true }
            foldAll(key, \.pane.folded, tree: value, counts: state.detail?.treeCounts, in: &state)
            return true
        case .character("h"), .character("l"), .enter:
            guard state.pane.mode == .tree, let row = ViewerRender.treeRow(state, at: state.pane.cursor) else { return true }
            switch key {
            case .character("l"): TreeOutline.unfold(row.id, in: &state.pane.folded)
            case .enter where row.isFoldable && row.isFolded: TreeOutline.unfold(row.id, in: &state.pane.folded)
            case .enter: if row.isFoldable { TreeOutline.fold(row.id, in: &state.pane.folded) }
            default:
                // h folds the node (from its opening or closing line), or the node holding
                // the cursor's line, and moves there.
                let id = row.isFoldable && !row.isFolded || row.isCloser ? row.id : String(row.id.split(separator: ".").dropLast().joined(separator: "."))
                guard !id.isEmpty else { return true }
                TreeOutline.fold(id, in: &state.pane.folded)
                if case let .success(value)? = state.detail?.state {
                    state.pane.cursor = TreeOutline.rowIndex(ofNode: id, in: value, folded: state.pane.folded, counts: state.detail?.treeCounts)
                }
            }
        default: return false
        }
        let visible = max(1, state.layout.detailRows - 1)
        if state.pane.cursor < state.pane.scroll { state.pane.scroll = state.pane.cursor }
        if state.pane.cursor >= state.pane.scroll + visible { state.pane.scroll = state.pane.cursor - visible + 1 }
        return true
    }
}

extension Array {
    subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
