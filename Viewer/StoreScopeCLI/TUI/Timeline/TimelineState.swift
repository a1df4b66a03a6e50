/// The timeline's part of ``ViewerState``: the window of rows on screen, and what it waits
/// for from the reader (the screen asked for).
struct TimelineState: Sendable, Equatable {
    /// The seq of the first row shown.
    var top: UInt64 = 0
    /// The rows on screen, as the reader answered them (``ScreenAnswer``).
    var rows: [ViewerState.TimelineRow] = []
    /// The session's main store: whose initial state `#0` is, and which store the control
    /// keys act on when no action is selected.
    var mainStore = ""
    /// The screen asked of the reader and not answered yet: the keys pressed meanwhile add
    /// their moves to it.
    var asked: ScreenRequest?
}
