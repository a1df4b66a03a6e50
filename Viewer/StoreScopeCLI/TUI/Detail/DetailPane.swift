import TraceFormat

/// The detail pane's own state: which view it shows of the selected action (``ViewerState/Detail``),
/// where its cursor is, and what is folded. The detail itself is read from the trace; this is
/// what the keys change in it (``DetailReducer``).
struct DetailPane: Sendable, Equatable {
    /// Which view the pane shows: the diff (`d`), the state tree (`s`) or the action (`a`).
    var mode: ViewerState.DetailMode = .diff
    /// The cursor line and the first line shown.
    var cursor = 0, scroll = 0
    /// Whether the state tree, once its detail is read, opens on the first node the action
    /// changed (set when the tree opens or the selection moves; cleared once done).
    var revealChange = false
    /// The folded nodes of the state tree (ids from ``TreeOutline``).
    var folded: Set<String> = []
    /// The folded nodes of the action tree (`a`).
    var actionFolded: Set<String> = []
}
