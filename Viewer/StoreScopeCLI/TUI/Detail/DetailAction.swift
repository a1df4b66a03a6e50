import TraceFormat

/// What the keys do in the detail pane (``DetailReducer``): move its cursor, fold its trees,
/// copy the path under the cursor.
package enum DetailAction: Sendable, Equatable {
    /// A key pressed with the keys in the detail pane (``DetailReducer/keys``).
    case key(Key)
    /// `y`: copy the path under the cursor.
    case copyPath

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
