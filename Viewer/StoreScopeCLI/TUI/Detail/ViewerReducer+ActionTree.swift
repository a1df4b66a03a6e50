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
            let row = TreeOutline.rows(of: action, folded: state.actionFolded, in: state.detailCursor..<state.detailCursor + 1).first else { return true }
        switch key {
        case .character("H"), .character("L"): foldAll(key, \.actionFolded, tree: action, counts: nil, in: &state)
        case .character("l"): TreeOutline.unfold(row.id, in: &state.actionFolded)
        case .enter where row.isFoldable && row.isFolded: TreeOutline.unfold(row.id, in: &state.actionFolded)
        case .enter: if row.isFoldable { TreeOutline.fold(row.id, in: &state.actionFolded) }
        default:
            // h folds the node (from its opening or closing line), or the one holding the line.
            let id = row.isFoldable && !row.isFolded || row.isCloser ? row.id : String(row.id.split(separator: ".").dropLast().joined(separator: "."))
            guard !id.isEmpty else { return true }
            TreeOutline.fold(id, in: &state.actionFolded)
            state.detailCursor = TreeOutline.rowIndex(ofNode: id, in: action, folded: state.actionFolded)
            let visible = max(1, state.layout.detailRows - 1)
            if state.detailCursor < state.detailScroll { state.detailScroll = state.detailCursor }
            if state.detailCursor >= state.detailScroll + visible { state.detailScroll = state.detailCursor - visible + 1 }
        }
        return true
    }
}
