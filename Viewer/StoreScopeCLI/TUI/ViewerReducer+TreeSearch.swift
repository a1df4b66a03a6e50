import TraceAnalysis
import TraceFormat

/// `/` `n` `N` with the keys in the state tree or the action tree: a text search of the tree's
/// lines (`name: "Ada"`, `[3] User(`, ignoring case), folded nodes included, from the cursor
/// on; the match's folded ancestors open and the cursor goes to it. A search walks the tree
/// once (a 1M-entry state: a fraction of a second), and stops at the first match.
extension ViewerReducer {
    /// Whether the keys are in a tree, so `/` `n` `N` search it rather than the timeline.
    static func searchesTree(_ state: ViewerState) -> Bool {
        state.focus == .detail && (state.detailMode == .tree || state.detailMode == .action)
    }

    /// Runs the prompt's search, or `n` / `N` with the last one.
    func searchTree(_ text: String?, forward: Bool, in state: inout ViewerState) {
        if let text { state.treeSearch = text.isEmpty ? nil : text }
        guard let needle = state.treeSearch else {
            state.message = "no tree search yet: press / in the tree"
            return
        }
        loadPendingDetail(&state)
        let isAction = state.detailMode == .action
        let tree: TraceValue
        if isAction, let action = ViewerRender.actionTree(state) {
            tree = action
        } else if !isAction, case let .success(value)? = state.detail?.state {
            tree = value
        } else {
            state.message = "no tree to search"
            return
        }
        let folded = isAction ? state.actionFolded : state.folded
        let counts = isAction ? nil : state.detail?.treeCounts
        let row = TreeOutline.rows(of: tree, folded: folded, in: state.detailCursor..<state.detailCursor + 1, counts: counts).first
        guard let id = TreeOutline.search(needle, in: tree, from: (row?.id ?? "0", row?.isCloser ?? false), forward: forward) else {
            state.message = "no \(forward ? "later" : "earlier") line with \"\(needle)\" in the tree"
            return
        }
        // Open the folded nodes above the match.
        var opened = folded
        let parts = id.split(separator: ".")
        for depth in 1..<max(1, parts.count) { TreeOutline.unfold(parts.prefix(depth).joined(separator: "."), in: &opened) }
        if isAction { state.actionFolded = opened } else { state.folded = opened }
        state.detailCursor = TreeOutline.rowIndex(ofNode: id, in: tree, folded: opened, counts: counts)
        let visible = max(1, ViewerLayout(columns: state.columns, rows: state.rows).detailRows - 1)
        if state.detailCursor < state.detailScroll || state.detailCursor >= state.detailScroll + visible {
            state.detailScroll = max(0, state.detailCursor - visible / 3)
        }
        state.message = "\"\(needle)\" in the tree: n N next / previous"
    }
}
