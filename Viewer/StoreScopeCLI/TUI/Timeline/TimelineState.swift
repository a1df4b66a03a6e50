/// The timeline's part of ``ViewerState``: the window of rows on screen, the rows as last read,
/// and what they wait for from the ``BackgroundReader`` (the rows' large chunks, a move that
/// goes on once they are read).
struct TimelineState: Sendable, Equatable {
    /// The seq of the first row shown.
    var top: UInt64 = 0
    /// The rows on screen, loaded from the engine.
    var rows: [ViewerState.TimelineRow] = []
    /// The rows as last read from the engine, and what for: a key that moves the selection
    /// within them reads none of them again.
    var read: ViewerState.ReadTimeline?
    /// The large chunks asked of the reader: the rows, or the next or previous screen of them,
    /// wait for their actions.
    var chunksAsked: BackgroundReader.ActionsRequest?
    /// A move that stopped at a large chunk asked of the reader: it goes on once read.
    var moveOnRead: MoveOnRead?
    /// Whether the selection heads the window only until the reader read the actions above
    /// it (`G` over large chunks): then the window scrolls back to end at the selection.
    var fillsWindowAboveSelection = false

    enum MoveOnRead: Sendable, Equatable {
        /// `j`, `k`, PgDn, PgUp: `count` rows (negative: up) from action `from`.
        case step(from: UInt64, count: Int)
        /// `:N`: the first action from `seq` on, asked with action `from` selected.
        case jump(seq: UInt64, from: UInt64?)
    }
}
