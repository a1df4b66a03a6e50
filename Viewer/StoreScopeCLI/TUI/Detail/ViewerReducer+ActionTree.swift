import TraceAnalysis
import TraceFormat

/// The action view (`a`): the selected action's whole payload as a foldable tree, like the
/// state tree, with its type at the root. `j` `k` and the page keys move in it as in the state
/// tree (``moveInDetail(_:in:)``); `h` `l` `enter` fold and unfold its nodes here, `H` `L`
/// all of them, with folds of their own.
extension ViewerReducer {
    /// Folds (`h`), unfolds (`l`) or toggles (`enter`) the action tree's node under the
    /// cursor; returns whether the key was one of those.
    func foldActionTree(_ key: Key, in state: inout ViewerState) -> Bool {
        guard Self.foldKeys.contains(key) else { return false }
        guard let action = ViewerRender.actionTree(state),
            let row = TreeOutline.rows(of: action, folded: state.pane.actionFolded, in: state.pane.cursor..<state.pane.cursor + 1).first else { return true }
        switch key {
        case .character("H"), .character("L"): foldAll(key, \.pane.actionFolded, tree: action, counts: nil, in: &state)
        case .character("l"): TreeOutline.unfold(row.id, in: &state.pane.actionFolded)
        case .enter where row.isFoldable && row.isFolded: TreeOutline.unfold(row.id, in: &state.pane.actionFolded)
        case .enter: if row.isFoldable { TreeOutline.fold(row.id, in: &state.pane.actionFolded) }
        default:
            // h folds the node (from its opening or closing line), or the one holding the line.
            let id = row.isFoldable && !row.isFolded || row.isCloser ? row.id : String(row.id.split(separator: ".").dropLast().joined(separator: "."))
            guard !id.isEmpty else { return true }
            TreeOutline.fold(id, in: &state.pane.actionFolded)
            state.pane.cursor = TreeOutline.rowIndex(ofNode: id, in: action, folded: state.pane.actionFolded)
            let visible = max(1, state.layout.detailRows - 1)
            if state.pane.cursor < state.pane.scroll { state.pane.scroll = state.pane.cursor }
            if state.pane.cursor >= state.pane.scroll + visible { state.pane.scroll = state.pane.cursor - visible + 1 }
        }
        return true
    }
}
