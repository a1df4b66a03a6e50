import TraceAnalysis
import TraceFormat

/// Reading what the screen shows from the engine: the timeline window around the selection,
/// the selected action's diff and state, and the trace's totals.
extension ViewerReducer {
    /// Selects action `seq` (keeping the selection when `nil`) and loads what the screen shows.
    func select(_ seq: UInt64?, in state: inout ViewerState) {
        if let seq, seq != state.selected {
            state.selected = seq
            resetDetailCursor(&state)
        }
        load(&state)
    }

    /// Loads the timeline window (scrolled so the selection is on it) and the detail.
    func load(_ state: inout ViewerState) {
        let height = ViewerLayout(columns: state.columns, rows: state.rows).timelineRows
        if let selected = state.selected {
            if selected < state.top {
                state.top = selected
            } else {
                // Scroll down when the selection is below the window: a full window of
                // matching actions after the top above it.
                let above = session.actions(before: selected, after: state.top, matching: state.filter, limit: height - 1)
                if above.count == height - 1, let first = above.last { state.top = first.seq }
            }
        }
        state.timeline = rows(from: state.top, count: height, filter: state.filter)
        // `!! records lost` rows take lines too: scroll on while the selection is below them.
        for _ in 0..<height {
            guard let selected = state.selected, state.timeline.count == height,
                let last = state.timeline.last(where: { $0.seq != nil })?.seq, last < selected,
                let next = session.action(after: state.top, matching: state.filter)?.seq, next <= selected else { break }
            state.top = next
            state.timeline = rows(from: state.top, count: height, filter: state.filter)
        }
        loadDetail(&state)
        showInitialState(&state, rows: height)
    }

    /// The selected action's detail: read now, or, for a large state, left to the ticks.
    private func loadDetail(_ state: inout ViewerState) {
        guard let seq = state.selected, let entry = session.action(after: seq - min(seq, 1)), entry.seq == seq else {
            state.detail = nil
            return
        }
        // A large state's diff and tree cost a copy of its largest containers (tens of ms for
        // a million entries): the key is answered first, and the next tick reads them.
        if state.largeStores.contains(entry.action.store) {
            if let shown = state.detail, shown.entry == entry, !shown.isLoading { return }
            let reading = ViewerState.UnknownText(text: "reading the state…")
            state.detail = ViewerState.Detail(entry: entry, diff: .failure(reading), state: .failure(reading), isLoading: true)
            return
        }
        state.detail = nil
        state.detail = detail(of: entry, in: &state)
        revealChange(&state)
    }

    /// Reads the detail a key left to the ticks (``ViewerState/Detail/isLoading``): on a tick,
    /// one part (first the state before the action, which the engine keeps; then the state
    /// after it and the diff), so no tick costs more than one new state; `whole` reads both, for
    /// a key that needs the detail now.
    func loadPendingDetail(_ state: inout ViewerState, whole: Bool = true) {
        guard let pending = state.detail, pending.isLoading else { return }
        let seq = pending.entry.seq
        if !whole, !pending.stateBeforeRead, seq > 0 {
            _ = session.state(of: pending.entry.action.store, after: seq - 1)
            state.detail?.stateBeforeRead = true
            return
        }
        // Free the placeholder first: nothing else holds the states the detail builds.
        state.detail = nil
        state.detail = detail(of: pending.entry, in: &state)
        revealChange(&state)
    }

    /// Puts the tree's cursor on the first node the action changed, scrolled into view, when
    /// ``ViewerState/revealChange`` asks for it and the detail is read.
    func revealChange(_ state: inout ViewerState) {
        guard state.revealChange, state.detailMode == .tree, let detail = state.detail, !detail.isLoading else { return }
        state.revealChange = false
        guard let first = detail.changedNodes.first, case let .success(value) = detail.state else { return }
        let line = TreeOutline.rowIndex(ofNode: first, in: value, folded: state.folded, counts: detail.treeCounts)
        state.detailCursor = line
        let visible = max(1, ViewerLayout(columns: state.columns, rows: state.rows).detailRows - 1)
        // A third of the pane above it for context, but no blank lines past the tree's end.
        if line >= state.detailScroll + visible {
            state.detailScroll = max(0, min(line - visible / 3, ViewerRender.detailLineCount(state) - visible))
        }
    }

    /// A state with more nodes than this is large: its detail is read on the tick after a key.
    /// A copy of a 250,000-node container takes a few milliseconds; typical app states are far
    /// smaller, and keep their detail on the key itself.
    static let largeState = 250_000

    func refreshTotals(_ state: inout ViewerState) {
        state.droppedActions = session.droppedActions().count
        state.damagedRanges = session.damage.count
        let last = session.lastAction()
        state.lastSeq = last?.seq
        state.timeColumn = TimeColumn(span: last?.sinceStart ?? 0)
        state.sessionEnded = source.hasEnded || last?.events.contains { if case .sessionEnded = $0 { true } else { false } } ?? false
    }

    func resetDetailCursor(_ state: inout ViewerState) {
        state.detailCursor = 0
        state.detailScroll = 0
        state.revealChange = state.detailMode == .tree
    }

    private func rows(from top: UInt64, count: Int, filter: Filter) -> [ViewerState.TimelineRow] {
        var rows: [ViewerState.TimelineRow] = []
        guard count > 0 else { return rows }
        session.forEachAction(in: top...UInt64.max, matching: filter) { item in
            switch item {
            case let .action(entry):
                let operations = entry.keyframe == nil ? entry.operations : session.changes(of: entry)
                var paths: [String] = []
                for operation in operations ?? [] {
                    let path = renderPath(operation.path)
                    if paths.last != path { paths.append(path.isEmpty ? "state" : path) }
                }
                rows.append(.action(entry, changedPaths: operations == nil ? nil : paths))
                if rows.count < count, let reconnect = ReconnectNote.summary(after: entry) { rows.append(.reconnect(reconnect)) }
            case let .damage(damage):
                rows.append(.damage(damage.description))
            }
            return rows.count < count
        }
        return rows
    }

    private func detail(of entry: ActionEntry, in viewer: inout ViewerState) -> ViewerState.Detail {
        let seq = entry.seq
        let store = entry.action.store
        // The state before first: the engine keeps it, so the state after is one patch more
        // instead of a second replay from the keyframe.
        let before = session.state(of: store, after: seq - min(seq, 1))
        let after = session.state(of: store, after: seq)
        let state: Result<TraceValue, ViewerState.UnknownText> = after.value.map { .success($0) }
            ?? .failure(.init(text: after.unknownDescription ?? "the state is unknown"))
        let diff: Result<[DiffLine], ViewerState.UnknownText>
        switch (before.value, after.value) {
        case let (old?, new?):
            // The state after is the state before with this action's patch (no keyframe in
            // between): the diff need only look where the patch changed something.
            diff = .success(DiffRendering.lines(
                from: old, to: new, redactedChanges: RedactedChanges(entry.operations),
                patch: entry.keyframe == nil ? entry.operations : nil))
        case (nil, _):
            diff = .failure(.init(text: before.unknownDescription ?? "the state before is unknown"))
        case (_, nil):
            diff = .failure(.init(text: after.unknownDescription ?? "the state is unknown"))
        }
        if let value = after.value, value.hasMoreNodes(than: Self.largeState) { viewer.largeStores.insert(store) }
        var changed = ChangedNodes()
        if seq > 0, let value = after.value, let operations = entry.keyframe == nil ? entry.operations : session.changes(of: entry) {
            changed = ChangedNodes(operations, in: value)
        }
        return ViewerState.Detail(entry: entry, diff: diff, state: state, changedNodes: changed)
    }

    /// Moves the detail cursor, scrolls, or folds; returns whether the key was used.
    func moveInDetail(_ key: Key, in state: inout ViewerState) -> Bool {
        loadPendingDetail(&state)
        let lines = ViewerRender.detailLineCount(state)
        let page = max(1, ViewerLayout(columns: state.columns, rows: state.rows).detailRows - 2)
        switch key {
        case .character("j"), .down: state.detailCursor = min(max(0, lines - 1), state.detailCursor + 1)
        case .character("k"), .up: state.detailCursor = max(0, state.detailCursor - 1)
        case .pageDown: state.detailCursor = min(max(0, lines - 1), state.detailCursor + page)
        case .pageUp: state.detailCursor = max(0, state.detailCursor - page)
        case .character("g"), .home: state.detailCursor = 0
        case .character("G"), .end: state.detailCursor = max(0, lines - 1)
        case .character("H"), .character("L"):
            guard state.detailMode == .tree, case let .success(value)? = state.detail?.state else { return true }
            foldAll(key, \.folded, tree: value, counts: state.detail?.treeCounts, in: &state)
            return true
        case .character("h"), .character("l"), .enter:
            guard state.detailMode == .tree, let row = ViewerRender.treeRow(state, at: state.detailCursor) else { return true }
            switch key {
            case .character("l"): TreeOutline.unfold(row.id, in: &state.folded)
            case .enter where row.isFoldable && row.isFolded: TreeOutline.unfold(row.id, in: &state.folded)
            case .enter: if row.isFoldable { TreeOutline.fold(row.id, in: &state.folded) }
            default:
                // h folds the node (from its opening or closing line), or the node holding
                // the cursor's line, and moves there.
                let id = row.isFoldable && !row.isFolded || row.isCloser ? row.id : String(row.id.split(separator: ".").dropLast().joined(separator: "."))
                guard !id.isEmpty else { return true }
                TreeOutline.fold(id, in: &state.folded)
                if case let .success(value)? = state.detail?.state {
                    state.detailCursor = TreeOutline.rowIndex(ofNode: id, in: value, folded: state.folded, counts: state.detail?.treeCounts)
                }
            }
        default: return false
        }
        let visible = max(1, ViewerLayout(columns: state.columns, rows: state.rows).detailRows - 1)
        if state.detailCursor < state.detailScroll { state.detailScroll = state.detailCursor }
        if state.detailCursor >= state.detailScroll + visible { state.detailScroll = state.detailCursor - visible + 1 }
        return true
    }
}

extension Array {
    subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
