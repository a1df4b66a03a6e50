import TraceAnalysis
import TraceFormat

/// The keys in the detail pane: `j` `k`, the page keys, `g` `G` move the cursor; in a tree
/// (the state `s`, the action `a`), `h` `l` `enter` fold, unfold or toggle the node under the
/// cursor and `H` `L` collapse or expand every node, each tree with folds of its own; `y`
/// copies the path under the cursor, as `log` prints paths and `state --path` takes them
/// (`.users[2].name`), to the message line and, through the loop, to the terminal's clipboard
/// (``ClipboardSequence``, OSC 52). In the action tree the path is the node's in the action.
enum DetailReducer {
    /// The keys that move or fold in the pane.
    static let keys: Set<Key> = foldKeys.union([
        .character("j"), .down, .character("k"), .up, .pageDown, .pageUp, .character("g"), .home, .character("G"), .end,
    ])
    /// The keys that fold a tree: `h` `l` `enter` the node under the cursor, `H` `L` everything.
    static let foldKeys: Set<Key> = [.character("h"), .character("l"), .enter, .character("H"), .character("L")]

    /// Updates the pane for `action`, on the detail `context` holds.
    static func reduce(into pane: inout DetailPane, _ action: DetailAction, _ context: DetailAction.Context) -> FeatureUpdate<DetailAction.Delegate> {
        switch action {
        case let .key(key) where pane.mode == .action && foldKeys.contains(key):
            return foldActionTree(key, in: &pane, context)
        case let .key(key):
            return move(key, in: &pane, context)
        case .copyPath:
            return copyPath(pane, context)
        case let .show(mode):
            pane.mode = mode
            resetCursor(&pane)
            revealChange(&pane, context)
        case .selectionMoved:
            resetCursor(&pane)
        case .detailRead:
            revealChange(&pane, context)
        }
        return .none
    }

    /// The cursor at the top, and the tree opening on the first node the action changed.
    private static func resetCursor(_ pane: inout DetailPane) {
        pane.cursor = 0
        pane.scroll = 0
        pane.revealChange = pane.mode == .tree
    }

    /// Puts the tree's cursor on the first node the action changed, scrolled into view, when
    /// ``DetailPane/revealChange`` asks for it and the detail is read.
    private static func revealChange(_ pane: inout DetailPane, _ context: DetailAction.Context) {
        guard pane.revealChange, pane.mode == .tree, let detail = context.detail, !detail.isLoading else { return }
        pane.revealChange = false
        guard let first = detail.changedNodes.first, case let .success(value) = detail.state else { return }
        let line = TreeOutline.rowIndex(ofNode: first, in: value, folded: pane.folded, counts: detail.treeCounts)
        pane.cursor = line
        let visible = max(1, context.rows - 1)
        // A third of the pane above it for context, but no blank lines past the tree's end.
        if line >= pane.scroll + visible {
            pane.scroll = max(0, min(line - visible / 3, ViewerRender.detailLineCount(pane, detail) - visible))
        }
    }

    /// Moves the cursor, scrolling to keep it in view, or folds the state tree.
    private static func move(_ key: Key, in pane: inout DetailPane, _ context: DetailAction.Context) -> FeatureUpdate<DetailAction.Delegate> {
        let detail = context.detail
        let lines = ViewerRender.detailLineCount(pane, detail)
        let page = max(1, context.rows - 2)
        switch key {
        case .character("j"), .down: pane.cursor = min(max(0, lines - 1), pane.cursor + 1)
        case .character("k"), .up: pane.cursor = max(0, pane.cursor - 1)
        case .pageDown: pane.cursor = min(max(0, lines - 1), pane.cursor + page)
        case .pageUp: pane.cursor = max(0, pane.cursor - page)
        case .character("g"), .home: pane.cursor = 0
        case .character("G"), .end: pane.cursor = max(0, lines - 1)
        case .character("H"), .character("L"):
            guard pane.mode == .tree, case let .success(value)? = detail?.state else { return .none }
            return foldAll(key, \.folded, tree: value, counts: detail?.treeCounts, in: &pane, context)
        case .character("h"), .character("l"), .enter:
            guard pane.mode == .tree, case let .success(value)? = detail?.state,
                let row = ViewerRender.treeRow(pane, detail, at: pane.cursor) else { return .none }
            if let folded = fold(key, row, in: &pane.folded) {
                pane.cursor = TreeOutline.rowIndex(ofNode: folded, in: value, folded: pane.folded, counts: detail?.treeCounts)
            }
        default: return .none
        }
        scrollToCursor(&pane, context)
        return .none
    }

    /// Folds (`h`), unfolds (`l`) or toggles (`enter`) the action tree's node under the
    /// cursor; `H` `L` every node.
    private static func foldActionTree(_ key: Key, in pane: inout DetailPane, _ context: DetailAction.Context) -> FeatureUpdate<DetailAction.Delegate> {
        guard let action = ViewerRender.actionTree(pane, context.detail),
            let row = TreeOutline.rows(of: action, folded: pane.actionFolded, in: pane.cursor..<pane.cursor + 1).first else { return .none }
        if key == .character("H") || key == .character("L") { return foldAll(key, \.actionFolded, tree: action, counts: nil, in: &pane, context) }
        if let folded = fold(key, row, in: &pane.actionFolded) {
            pane.cursor = TreeOutline.rowIndex(ofNode: folded, in: action, folded: pane.actionFolded)
            scrollToCursor(&pane, context)
        }
        return .none
    }

    /// Unfolds (`l`), toggles (`enter`) or folds (`h`) `row`'s node in `folds`.
    ///
    /// - Returns: the node `h` folded, for the cursor to go to: `row`'s own (from its opening or
    ///   closing line) or the node holding it; `nil` for the other keys, or the root's line.
    private static func fold(_ key: Key, _ row: TreeOutline.Row, in folds: inout Set<String>) -> String? {
        switch key {
        case .character("l"): TreeOutline.unfold(row.id, in: &folds)
        case .enter where row.isFoldable && row.isFolded: TreeOutline.unfold(row.id, in: &folds)
        case .enter: if row.isFoldable { TreeOutline.fold(row.id, in: &folds) }
        default:
            let id = row.isFoldable && !row.isFolded || row.isCloser ? row.id : String(row.id.split(separator: ".").dropLast().joined(separator: "."))
            guard !id.isEmpty else { return nil }
            TreeOutline.fold(id, in: &folds)
            return id
        }
        return nil
    }

    /// Collapses (`H`) or expands (`L`) every node of the tree whose folds are `folds` but the
    /// root, keeping the cursor on the node it was on (or the folded node holding it).
    private static func foldAll(
        _ key: Key, _ folds: WritableKeyPath<DetailPane, Set<String>>, tree: TraceValue, counts: TreeOutline.Counts?, in pane: inout DetailPane,
        _ context: DetailAction.Context
    ) -> FeatureUpdate<DetailAction.Delegate> {
        let cursorNode = TreeOutline.rows(of: tree, folded: pane[keyPath: folds], in: pane.cursor..<pane.cursor + 1, counts: counts).first?.id ?? "0"
        pane[keyPath: folds] = key == .character("H") ? TreeOutline.everythingFolded : []
        pane.cursor = TreeOutline.rowIndex(ofNode: cursorNode, in: tree, folded: pane[keyPath: folds], counts: counts)
        let visible = max(1, context.rows - 1)
        if pane.cursor < pane.scroll || pane.cursor >= pane.scroll + visible {
            pane.scroll = max(0, pane.cursor - visible / 3)
        }
        // A tree grown shorter than the pane is shown from its top, without blank lines.
        pane.scroll = min(pane.scroll, max(0, ViewerRender.detailLineCount(pane, context.detail) - visible))
        return .tell(.message(key == .character("H") ? "collapsed every node: l or L to open" : "expanded every node"))
    }

    /// Scrolls the pane just enough to show the cursor's line.
    private static func scrollToCursor(_ pane: inout DetailPane, _ context: DetailAction.Context) {
        let visible = max(1, context.rows - 1)
        if pane.cursor < pane.scroll { pane.scroll = pane.cursor }
        if pane.cursor >= pane.scroll + visible { pane.scroll = pane.cursor - visible + 1 }
    }

    /// `y`: copies the path under the cursor (``DetailAction/Context/pathUnderCursor``; in the
    /// action tree, the node's path in the action).
    private static func copyPath(_ pane: DetailPane, _ context: DetailAction.Context) -> FeatureUpdate<DetailAction.Delegate> {
        guard context.detail != nil else { return .tell(.message("no action selected: nothing to copy")) }
        var path: [PathComponent]?
        var place = ""
        if pane.mode == .action {
            if let action = ViewerRender.actionTree(pane, context.detail),
                let row = TreeOutline.rows(of: action, folded: pane.actionFolded, in: pane.cursor..<pane.cursor + 1).first {
                path = CursorPath.path(ofNode: row.id, in: action)
                place = " (in the action)"
            }
        } else {
            path = context.pathUnderCursor
        }
        guard let path else { return .tell(.message("no path under the cursor to copy: tab, then move to a node")) }
        // Sanitized: a key from the trace may hold control characters, and the path is pasted.
        let text = path.isEmpty ? "." : renderPath(path).sanitizedForTerminal
        return FeatureUpdate(effects: [.copy(text)], delegates: [.message("copied \(text)\(place)")])
    }
}
