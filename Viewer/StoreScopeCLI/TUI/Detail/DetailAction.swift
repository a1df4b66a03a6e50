import TraceFormat

/// What the keys do in the detail pane (``DetailReducer``): move its cursor, fold its trees,
/// copy the path under the cursor.
package enum DetailAction: Sendable, Equatable {
    /// A key pressed with the keys in the detail pane (``DetailReducer/keys``).
    case key(Key)
    /// `y`: copy the path under the cursor.
    case copyPath
    /// `d` `s` `a`: show the diff, the state tree or the action, the cursor at the top (the
    /// tree's on the first node the action changed, once read).
    case show(ViewerState.DetailMode)
    /// The selection moved: the cursor back to the top.
    case selectionMoved
    /// The selected action's detail was read: the tree's cursor goes to the first node the
    /// action changed, when the tree waits for it.
    case detailRead

    /// What the detail pane asks of the viewer.
    enum Delegate: Sendable, Equatable {
        /// A line for the message line.
        case message(String)
    }

    /// What the detail pane reads of the viewer, read-only.
    struct Context: Sendable, Equatable {
        /// The selected action's detail, as read (`nil`: none selected).
        var detail: ViewerState.Detail?
        /// The pane's rows under its separator (``ViewerLayout/detailRows``).
        var rows: Int
        /// The path `}` and `{` follow from here (``ViewerReducer/pathUnderCursor(_:_:)``), which
        /// `y` copies in the diff and the state tree; `nil` for the other actions.
        var pathUnderCursor: [PathComponent]?
    }
}
