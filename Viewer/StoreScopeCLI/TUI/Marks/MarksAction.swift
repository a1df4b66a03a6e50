import TraceAnalysis

/// What the marks do (``MarksReducer``): bookmarks (`m` `'` `"`) and the app's marks (`)` `(`).
package enum MarksAction: Sendable, Equatable {
    /// `m`: bookmark the selected action, or remove its bookmark.
    case toggleBookmark
    /// `'` and `"`: the next or previous bookmark.
    case nextBookmark(forward: Bool)
    /// `)` and `(`: the next or previous action the app placed a mark after.
    case nextMark(forward: Bool)
    /// The search for a mark ended: the action after it, or `nil` when there is none.
    case markFound(forward: Bool, ActionEntry?)

    /// What the marks ask of the viewer.
    enum Delegate: Sendable, Equatable {
        /// A line for the message line.
        case message(String)
        /// Select action `seq`, whatever the filter hides, and stop following.
        case select(UInt64)
        /// Search the trace for the next (`forward`) or previous action with an app's mark
        /// from action `seq`, a part at a time; it answers with ``MarksAction/markFound(forward:_:)``.
        case searchForMark(forward: Bool, from: UInt64)
    }
}
