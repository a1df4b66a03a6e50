import TraceAnalysis
import TraceFormat

/// `/` `n` `N` with the keys in the state tree or the action tree: a text search of the tree's
/// lines (`name: "Ada"`, `[3] User(`, ignoring case), folded nodes included, from the cursor
/// on; the match's folded ancestors open and the cursor goes to it. A search walks the tree
/// once, a part at a time (``TreeSearchRun``), and stops at the first match.
extension ViewerReducer {
    /// Whether the keys are in a tree, so `/` `n` `N` search it rather than the timeline.
    static func searchesTree(_ state: ViewerState) -> Bool {
        state.focus == .detail && (state.pane.mode == .tree || state.pane.mode == .action)
    }

    /// Runs the prompt's search, or `n` / `N` with the last one: the first part now (a match
    /// near the cursor is found at once), the rest on the ticks (``TreeSearchRun``).
    func searchTree(_ text: String?, forward: Bool, in state: inout ViewerState) {
        if let text { state.treeSearch = text.isEmpty ? nil : text }
        guard let needle = state.treeSearch else {
            state.message = "no tree search yet: press / in the tree"
            return
        }
        guard !waitingForDetail(&state) else { return }
        let isAction = state.pane.mode == .action
        guard let tree = Self.searchedTree(state, isAction: isAction), let seq = state.detail?.entry.seq else {
            state.message = "no tree to search"
            return
        }
        let folded = isAction ? state.pane.actionFolded : state.pane.folded
        let counts = isAction ? nil : state.detail?.treeCounts
        let row = TreeOutline.rows(of: tree, folded: folded, in: state.pane.cursor..<state.pane.cursor + 1, counts: counts).first
        state.treeSearchRun = TreeSearchRun(
            needle: needle, forward: forward, cursorID: row?.id ?? "0", cursorIsCloser: row?.isCloser ?? false, isAction: isAction, seq: seq)
        advanceTreeSearch(&state)
    }

    /// Looks at one more part of the running tree search (steps of ``TreeSearchRun/nodesPerPart``
    /// lines until ``ViewerState/treeSearchPart`` is up), and finishes it when it found a line or
    /// looked at all of them. A search whose tree is no longer shown is dropped.
    func advanceTreeSearch(_ state: inout ViewerState) {
        guard var run = state.treeSearchRun else { return }
        guard state.detail?.entry.seq == run.seq, (state.pane.mode == .action) == run.isAction,
            let tree = Self.searchedTree(state, isAction: run.isAction)
        else {
            state.treeSearchRun = nil
            return
        }
        var step = TreeOutline.SearchStep.notFound
        let clock = ContinuousClock()
        let deadline = state.treeSearchPart.map { clock.now + $0 }
        repeat {
            step = TreeOutline.search(
                run.needle, in: tree, from: (run.cursorID, run.cursorIsCloser), forward: run.forward, resuming: run.progress,
                nodes: TreeSearchRun.nodesPerPart)
            guard case let .searching(progress) = step else { break }
            run.progress = progress
        } while deadline.map { clock.now < $0 } ?? false
        switch step {
        case .searching:
            state.treeSearchRun = run
        case .notFound:
            state.treeSearchRun = nil
            state.message = "no \(run.forward ? "later" : "earlier") line with \"\(run.needle)\" in the tree"
        case let .found(id):
            state.treeSearchRun = nil
            show(found: id, in: tree, run, &state)
        }
    }

    /// Cancels the running tree search on any key; returns whether the key was only that (`esc`).
    func cancelTreeSearch(on key: Key, in state: inout ViewerState) -> Bool {
        guard state.treeSearchRun != nil else { return false }
        state.treeSearchRun = nil
        guard key == .escape else { return false }
        state.message = "search cancelled"
        return true
    }

    private static func searchedTree(_ state: ViewerState, isAction: Bool) -> TraceValue? {
        if isAction { return ViewerRender.actionTree(state) }
        if case let .success(value)? = state.detail?.state { return value }
        return nil
    }

    /// Opens the folded nodes above the match and puts the cursor on it, scrolled into view.
    private func show(found id: String, in tree: TraceValue, _ run: TreeSearchRun, _ state: inout ViewerState) {
        var opened = run.isAction ? state.pane.actionFolded : state.pane.folded
        let parts = id.split(separator: ".")
        for depth in 1..<max(1, parts.count) { TreeOutline.unfold(parts.prefix(depth).joined(separator: "."), in: &opened) }
        if run.isAction { state.pane.actionFolded = opened } else { state.pane.folded = opened }
        state.pane.cursor = TreeOutline.rowIndex(ofNode: id, in: tree, folded: opened, counts: run.isAction ? nil : state.detail?.treeCounts)
        let visible = max(1, state.layout.detailRows - 1)
        if state.pane.cursor < state.pane.scroll || state.pane.cursor >= state.pane.scroll + visible {
            state.pane.scroll = max(0, state.pane.cursor - visible / 3)
        }
        state.message = "\"\(run.needle)\" in the tree: n N next / previous"
    }
}

/// A `/` search of the shown tree, done a part at a time so that a state of a million entries
/// never holds a key up: the key reads one part, each tick another, any key cancels it.
struct TreeSearchRun: Sendable, Equatable {
    /// Lines one step looks at: a few milliseconds of a release build (steps repeat until the
    /// part's time is up).
    static let nodesPerPart = 5_000

    var needle: String
    var forward: Bool
    /// The cursor's line when the search began.
    var cursorID: String
    var cursorIsCloser: Bool
    /// Which tree: the action's or the state's, of the action `seq`.
    var isAction: Bool
    var seq: UInt64
    var progress: TreeOutline.SearchProgress?
}
