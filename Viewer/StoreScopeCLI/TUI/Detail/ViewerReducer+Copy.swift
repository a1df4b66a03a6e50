import TraceAnalysis
import TraceFormat

/// `y`: copies the path under the cursor, as `log` prints paths and `state --path` takes them
/// (`.users[2].name`), to the message line and, through the loop, to the terminal's clipboard
/// (``ClipboardSequence``, OSC 52). The path is the one `}` and `{` follow: the tree's node
/// under the detail cursor, the diff line's path, or, with the keys in the timeline, the first
/// path the selected action changed; in the action tree (`a`), the node's path in the action.
extension ViewerReducer {
    func copyPath(in state: inout ViewerState) {
        guard !waitingForDetail(&state) else { return }
        guard let detail = state.detail else {
            state.message = "no action selected: nothing to copy"
            return
        }
        var path: [PathComponent]?
        var place = ""
        if state.pane.mode == .action {
            let cursor = state.pane.cursor
            if let action = ViewerRender.actionTree(state),
                let row = TreeOutline.rows(of: action, folded: state.pane.actionFolded, in: cursor..<cursor + 1).first {
                path = CursorPath.path(ofNode: row.id, in: action)
                place = " (in the action)"
            }
        } else {
            path = pathUnderCursor(state, detail)
        }
        guard let path else {
            state.message = "no path under the cursor to copy: tab, then move to a node"
            return
        }
        // Sanitized: a key from the trace may hold control characters, and the path is pasted.
        let text = path.isEmpty ? "." : renderPath(path).sanitizedForTerminal
        ask(.copy(text))
        state.message = "copied \(text)\(place)"
    }
}
