import TraceAnalysis
import TraceFormat

/// The viewer's update function: `reduce(&state, action)` is the only code that changes a
/// ``ViewerState``, and returns what it asks of the world (``ViewerEffect``: a read off the
/// loop's thread, a copy to the clipboard, a request to the live app), which
/// ``ViewerEffectRunner`` performs. It asks the source's ``TraceSession`` what it needs (the
/// next match of a filter, the state at a seq) and keeps the answers in the state, so the same
/// trace and the same actions always give the same state and the same effects, and rendering
/// reads no file.
package struct ViewerReducer {
    /// Every source the viewer can show; it shows ``ViewerSources/current``.
    let sources: ViewerSources
    var source: any TraceSource { sources.current }
    var session: TraceSession { source.session }
    /// The effects asked for by the ``reduce(_:_:)`` call under way.
    private let outbox = Outbox()

    /// A reducer for one source.
    package init(source: any TraceSource) {
        sources = ViewerSources(source)
    }

    /// What the ``BackgroundReader`` reads of the source shown.
    var backgroundTrace: BackgroundReader.Trace { BackgroundReader.Trace(path: source.path, opening: session.opening, header: session.header) }

    /// Adds `effect` to what the ``reduce(_:_:)`` call under way returns.
    func ask(_ effect: ViewerEffect) {
        outbox.effects.append(effect)
    }

    /// Where one call's effects gather while its helpers run: taken, and emptied, when it
    /// returns. Used only on the loop's thread, one call at a time.
    private final class Outbox {
        var effects: [ViewerEffect] = []

        func take() -> [ViewerEffect] {
            defer { effects = [] }
            return effects
        }
    }

    /// A reducer for sources that may arrive while it runs (live sessions).
    init(sources: ViewerSources) {
        self.sources = sources
    }

    /// The state for freshly opened sources: the first action selected (the last one when
    /// following from the start), or a screen waiting for the first source; and what it asks
    /// to read (the first screen's large chunks, a large state's detail).
    package func start(columns: Int = 80, rows: Int = 24, filter: Filter = .all) -> (state: ViewerState, effects: [ViewerEffect]) {
        var state = ViewerState(title: "", columns: columns, rows: rows, filter: filter)
        // A filter from the command line is the first one ↑ recalls at the f prompt.
        if filter.expression != .all { state.promptHistory[.filter] = [filter.description] }
        guard startSessions(&state) else { return (state, outbox.take()) }
        refreshTotals(&state)
        // The first action may be in a large chunk the reader reads for the rows: then the
        // index's first seq stands for it (the rows and its detail come with the read).
        let first = state.following ? lastActionSeq(matching: filter, in: &state) : firstActionSeq(matching: filter, in: &state)
        select(first ?? state.lastSeq, in: &state)
        return (state, outbox.take())
    }

    /// Updates `state` for `action`.
    ///
    /// - Returns: what the update asks of the world, in order, for ``ViewerEffectRunner``.
    package func reduce(_ state: inout ViewerState, _ action: ViewerAction) -> [ViewerEffect] {
        update(&state, action)
        return outbox.take()
    }

    private func update(_ state: inout ViewerState, _ action: ViewerAction) {
        // Sessions arriving and ending, switching between them, and the waiting screen.
        if reduceSessions(&state, action) { return }
        switch action {
        case let .key(key):
            handle(key, in: &state)
        case let .resize(columns, rows):
            state.columns = columns
            state.rows = rows
            load(&state)
            fillWindow(&state)
            if state.effects.isShown { loadEffectRows(&state) }
        case .recordsArrived:
            refreshTotals(&state)
            if state.following || state.selected == nil {
                select(lastActionSeq(matching: state.filter, in: &state) ?? state.lastSeq, in: &state)
            } else {
                load(&state)
            }
            refreshEffects(&state)
        case let .backgroundRead(.actions(read)):
            takeIn(read, in: &state)
        case let .backgroundRead(.detail(read)):
            show(read, in: &state)
        case let .backgroundRead(.effects(read)):
            takeIn(read, in: &state)
        case .tick:
            // One long read per tick, so a key waits for one part at most: a search first, the
            // effects once no search runs (a part of each made a tick 65-85 ms).
            let searching = state.search.running != nil || state.treeSearchRun != nil
            advanceSearch(&state)
            advanceTreeSearch(&state)
            if !searching { refreshEffects(&state, idle: true) }
        case let .clock(nanos):
            advancePlayback(to: nanos, in: &state)
        case .sessionStarted, .sessionRestarted, .sessionResumed, .sessionEnded, .notice:
            break
        }
    }

    // MARK: - Keys

    private func handle(_ key: Key, in state: inout ViewerState) {
        if key == .ctrl("c") { state.quit = true; return }
        if cancelSearch(on: key, in: &state) || cancelTreeSearch(on: key, in: &state) { return }
        if state.help.handle(key, rows: state.layout.statusRow) { return }
        if state.prompt != nil { edit(key, in: &state); return }
        state.message = nil
        if handleEffectsKey(key, in: &state) { return }
        if handleControlKey(key, in: &state) { return }
        if state.focus == .timeline, Self.foldKeys.contains(key) {
            // The fold keys act on the tree at once: the keys move to the detail pane.
            guard state.pane.mode != .diff else {
                state.message = "h l enter H L fold the state tree (s) or the action (a); the diff has nothing to fold"
                return
            }
            state.focus = .detail
        }
        if state.focus == .detail, state.pane.mode == .action, foldActionTree(key, in: &state) { return }
        if state.focus == .detail, moveInDetail(key, in: &state) { return }
        let page = max(1, state.layout.timelineRows - 1)
        switch key {
        case .character("q"): state.quit = true
        case .character("j"), .down: step(1, in: &state)
        case .character("k"), .up: step(-1, in: &state)
        case .pageDown: step(page, in: &state)
        case .pageUp, .character("b"): step(-page, in: &state)
        case .character("g"), .home: goToFirstAction(&state)
        case .character("G"), .end: goToLastAction(&state)
        case .character("]"), .right: travel(forward: true, in: &state)
        case .character("["), .left: travel(forward: false, in: &state)
        case .character("/") where Self.searchesTree(state): state.prompt = .init(kind: .treeSearch)
        case .character("n") where Self.searchesTree(state): searchTree(nil, forward: true, in: &state)
        case .character("N") where Self.searchesTree(state): searchTree(nil, forward: false, in: &state)
        case .character(":"): state.prompt = .init(kind: .jump)
        case .character("/"): state.prompt = .init(kind: .search)
        case .character("f"): state.prompt = .init(kind: .filter)
        case .character("n"): findNext(forward: true, in: &state)
        case .character("N"): findNext(forward: false, in: &state)
        case .character("F"):
            state.following.toggle()
            if state.following { select(lastActionSeq(matching: state.filter, in: &state), in: &state) }
        case .character("d"): state.pane.mode = .diff; resetDetailCursor(&state)
        case .character("s"):
            state.pane.mode = .tree
            resetDetailCursor(&state)
            revealChange(&state)
        case .character("a"): state.pane.mode = .action; resetDetailCursor(&state)
        case .tab: state.focus = state.focus == .timeline ? .detail : .timeline
        case .character("}"): jumpToChange(forward: true, in: &state)
        case .character("{"): jumpToChange(forward: false, in: &state)
        case .character(" "): togglePlay(in: &state)
        case .character("+"), .character("-"), .character("*"): changePace(key, in: &state)
        case .character("m"): toggleBookmark(in: &state)
        case .character(")"): jumpToMark(forward: true, in: &state)
        case .character("("): jumpToMark(forward: false, in: &state)
        case .character("'"): jumpToBookmark(forward: true, in: &state)
        case .character("\""): jumpToBookmark(forward: false, in: &state)
        case .character("y"): copyPath(in: &state)
        case .character("?"): state.help.isShown = true
        case .escape: state.focus = .timeline
        default: break
        }
    }

    /// The keys that fold a tree: `h` `l` `enter` the node under the cursor, `H` `L` everything.
    static let foldKeys: Set<Key> = [.character("h"), .character("l"), .enter, .character("H"), .character("L")]

    /// Collapses (`H`) or expands (`L`) every node of the tree whose folds are `folds` but the root, keeping the
    /// cursor on the node it was on (or the folded node holding it).
    func foldAll(_ key: Key, _ folds: WritableKeyPath<ViewerState, Set<String>>, tree: TraceValue, counts: TreeOutline.Counts?, in state: inout ViewerState) {
        let cursorNode = TreeOutline.rows(of: tree, folded: state[keyPath: folds], in: state.pane.cursor..<state.pane.cursor + 1, counts: counts).first?.id ?? "0"
        state[keyPath: folds] = key == .character("H") ? TreeOutline.everythingFolded : []
        state.pane.cursor = TreeOutline.rowIndex(ofNode: cursorNode, in: tree, folded: state[keyPath: folds], counts: counts)
        let visible = max(1, state.layout.detailRows - 1)
        if state.pane.cursor < state.pane.scroll || state.pane.cursor >= state.pane.scroll + visible {
            state.pane.scroll = max(0, state.pane.cursor - visible / 3)
        }
        // A tree grown shorter than the pane is shown from its top, without blank lines.
        state.pane.scroll = min(state.pane.scroll, max(0, ViewerRender.detailLineCount(state) - visible))
        state.message = key == .character("H") ? "collapsed every node: l or L to open" : "expanded every node"
    }

    /// After a window grew: when the timeline ends before the window does while actions lie
    /// above its first row, it scrolls back so that every row it has is used (a window made
    /// small, which scrolled down to keep the selection, then made large again). Rows above
    /// in a large chunk not yet read are asked of the reader; it scrolls back further once
    /// they are read (``takeIn(_:in:)`` fills the window again).
    func fillWindow(_ state: inout ViewerState) {
        let height = state.layout.timelineRows
        let free = height - state.timeline.rows.count
        guard free > 0, state.timeline.top > 0 else { return }
        let top = state.timeline.top, filter = state.filter
        let (above, deferred) = readingSmallChunks { session.actions(before: top, after: 0, matching: filter, limit: free) }
        if let chunk = deferred, above.count < free {
            askForChunks(from: chunk, forward: false, count: free - above.count, in: &state)
            state.timeline.top = above.last?.seq ?? state.timeline.top
        } else {
            // Fewer than the free rows: back to the start, where #0 may take one.
            state.timeline.top = above.count < free ? 0 : above.last?.seq ?? state.timeline.top
        }
        guard state.timeline.top != top else { return }
        load(&state)
    }

    /// Moves `count` matching actions down (negative: up), stopping at the ends; a move that
    /// meets a large chunk not yet read stops there and goes on once the reader read it
    /// (``TimelineState/moveOnRead``).
    func step(_ count: Int, in state: inout ViewerState) {
        guard let current = state.selected else { return }
        // One engine pass for the whole move, not one query per matching action.
        var seq = current
        let shown = currentRows(state, count: state.layout.timelineRows)?.actionSeqs ?? []
        if let here = shown.firstIndex(of: current), shown.indices.contains(here + count) {
            // Within the rows read last: no engine pass.
            seq = shown[here + count]
        } else if count > 0, let after = ClosedRange.seqs(after: current) {
            var left = count
            let scan = readingSmallChunks {
                session.forEachAction(in: after, matching: state.filter) { item in
                    guard case let .action(entry) = item else { return true }
                    seq = entry.seq
                    left -= 1
                    return left > 0
                }
            }
            if let chunk = scan.deferred, left > 0 {
                waitToStep(left, from: seq, in: &state)
                askForChunks(from: chunk, count: left, in: &state)
            }
        } else if count < 0, current > 0 {
            let wanted = Int(count.magnitude)
            let (above, deferred) = readingSmallChunks { session.actions(before: current, after: 0, matching: state.filter, limit: wanted) }
            seq = above.last?.seq ?? current
            if let chunk = deferred, above.count < wanted {
                waitToStep(above.count - wanted, from: seq, in: &state)
                askForChunks(from: chunk, forward: false, count: wanted - above.count, in: &state)
            } else if above.count < wanted, hasInitialState {
                // Above the first action: the initial state, #0.
                seq = 0
            }
        }
        if seq != current { state.following = false }
        select(seq, in: &state)
    }

    /// `:N`: selects the first action from `seq` on. `start`, `0` (or a time before the first
    /// action): the initial state, #0, as `storescope state --at start` answers. An action in a
    /// large chunk not yet read is selected once the reader read it.
    func jump(to seq: UInt64, named name: String? = nil, in state: inout ViewerState) {
        let (found, deferred) = readingSmallChunks { seq == 0 && hasInitialState ? nil : session.action(after: seq - min(seq, 1)) }
        if found == nil, let chunk = deferred {
            state.timeline.moveOnRead = .jump(seq: seq, from: state.selected)
            state.message = "reading the actions at #\(seq)…"
            askForChunks(from: chunk, count: 1, in: &state)
            return
        }
        guard let target = seq == 0 && hasInitialState ? 0 : found?.seq else {
            state.message = "\(name ?? "#\(seq)") is past the last action"
            return
        }
        state.following = false
        select(target, in: &state)
    }

    /// The next or previous state: one action, whatever the filter hides.
    private func travel(forward: Bool, in state: inout ViewerState) {
        guard let current = state.selected else { return }
        // An action in a large chunk not yet read is read off the thread first.
        let (found, deferred) = readingSmallChunks { forward ? session.action(after: current) : session.action(before: current) }
        if found == nil, let chunk = deferred {
            askForChunks(from: chunk, forward: forward, count: 1, in: &state)
            state.message = "reading the actions \(forward ? "after" : "before") #\(current): press again once they show"
            return
        }
        let next = forward ? found?.seq : found?.seq ?? (current > 0 && hasInitialState ? 0 : nil)
        guard let next else {
            state.message = forward ? "at the last action" : current == 0 ? "at the initial state" : "at the first action"
            return
        }
        state.following = false
        select(next, in: &state)
    }

    private func findNext(forward: Bool, in state: inout ViewerState) {
        guard let search = state.search.last else { state.message = "no search yet: press / to search"; return }
        guard let current = state.selected else { return }
        startSearch(.match(search), forward: forward, from: current, in: &state)
    }

    // MARK: - Prompt

    func submit(_ prompt: ViewerState.Prompt, in state: inout ViewerState) {
        var prompt = prompt
        switch prompt.kind {
        case .effectsFilter, .effectsSearch:
            submitEffects(prompt, in: &state)
        case .dispatch:
            submitDispatch(prompt, in: &state)
        case .treeSearch:
            state.prompt = nil
            searchTree(prompt.text, forward: true, in: &state)
        case .jump:
            guard let point = SessionPoint(prompt.text.trimmingSpaces) else {
                prompt.jumpError = "expected a sequence number, start, end, or a time such as 1.5s"
                state.prompt = prompt
                return
            }
            state.prompt = nil
            jump(to: session.seq(at: point), named: point.description, in: &state)
        case .filter, .search:
            let filter: Filter
            do throws(FilterError) {
                filter = try Filter(parsing: prompt.text)
            } catch {
                prompt.error = error
                state.prompt = prompt
                return
            }
            state.prompt = nil
            if prompt.kind == .search {
                state.search.last = filter.expression == .all ? nil : filter
                findNext(forward: true, in: &state)
                return
            }
            guard let current = state.selected else { state.filter = filter; return load(&state) }
            // Keep the selection on the nearest action the new filter shows: at or after the
            // selection, else before it.
            startSearch(.filter(filter), forward: true, from: current, in: &state)
        }
    }
}

extension String {
    /// The string without leading and trailing spaces.
    var trimmingSpaces: String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
