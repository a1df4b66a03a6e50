import TraceAnalysis
import TraceFormat

/// What the timeline shows, asked of the reader (``ViewerEffect/read(_:)``): the window, the
/// screen the moves start from, and the moves the keys made since (``ScreenMove``). The
/// reader works out the screen after them on its session, however long the chunks under it
/// take to read (a large chunk is a slower answer, nothing more), and answers with a
/// ``ScreenAnswer``. A key pressed before the answer arrives adds its move to the request
/// (``ViewerReducer/move(_:in:)``): the newest request replaces one still waiting, so the
/// reader works out every key once and in order.
package struct ScreenRequest: Sendable, Equatable {
    var trace: BackgroundReader.Trace
    var filter: Filter
    /// The timeline's rows in the window.
    var height: Int
    /// The screen the moves start from: the selection and the first row.
    var selected: UInt64?
    var top: UInt64
    var moves: [ScreenMove]
    /// Where the detail's cursor goes once the selected action's detail is read (`}` and `{`
    /// from the detail keep it on their path); a key added to the request drops it.
    var cursorPath: [PathComponent]?

    /// Whether this request is `request` or grew from it (the same screen, `request`'s moves
    /// and more after them): an answer to `request`, made before this one, then shows what was
    /// read so far.
    func grew(from request: ScreenRequest) -> Bool {
        var base = request
        base.moves = moves
        base.cursorPath = cursorPath
        return base == self && moves.starts(with: request.moves)
    }
}

/// What a key asks of the timeline, in the user's words.
enum ScreenMove: Sendable, Equatable {
    /// The screen again, as it is (a resize, a filter set, records arrived).
    case reload
    /// The window grown: rows above the first one fill it when the timeline ends before it.
    case fill
    /// Selects `seq` (`nil`: keeps the selection); `unreadable`, when set, is the message line
    /// when no readable action has that seq.
    case select(UInt64?, unreadable: String? = nil)
    /// `j` `k` PgDn PgUp: `count` matching actions down (negative: up), stopping at the ends.
    case step(Int)
    /// `:N`: the first action from the point on (`start`: the initial state, `#0`).
    case jump(SessionPoint)
    /// `]` `[`: the next or previous state, whatever the filter hides.
    case travel(forward: Bool)
    /// `g`: the first action, the window at the trace's start.
    case first
    /// `G`, `F`: the last matching action.
    case last
    /// A trace opened or shown again: its last matching action when `following`, else its
    /// first; the last seq when none matches.
    case opening(following: Bool)
    /// `enter` in the effects view on an effect no action started: the last action recorded
    /// at or before `time` (since the session's start), the first action when none.
    case lastBefore(time: UInt64)
    /// `space` at the last action: the first action, to play from there.
    case rewindAtEnd
    /// A step of playing: the actions after the selection recorded by `recorded` (since the
    /// session's start), at most `limit` of them, whatever the filter; the last one passed is
    /// selected (``ScreenAnswer/Played``).
    case play(until: UInt64, limit: Int)
}

/// The reader's answer to a ``ScreenRequest``: the screen after its moves.
package struct ScreenAnswer: Sendable, Equatable {
    var request: ScreenRequest
    var selected: UInt64?
    var top: UInt64
    /// Whether a move went elsewhere than the last action (a step, a jump): following stops.
    var stopsFollowing: Bool
    /// The rows on screen, `#0` included.
    var rows: [ViewerState.TimelineRow]
    /// The selected action, for its detail (`#0`: the initial state's entry; `nil`: nothing
    /// readable is selected).
    var entry: ActionEntry?
    /// What a move says on the message line (`at the last action`), if anything.
    var message: String?
    var totals: Totals
    /// The session's main store: whose initial state `#0` is, and which store the control
    /// keys act on when no action is selected.
    var mainStore: String
    /// What a step of playing passed (``ScreenMove/play(until:limit:)``), if a move was one.
    var played: Played?

    /// The actions a step of playing passed, and the one after them.
    package struct Played: Sendable, Equatable {
        /// How many it passed.
        var passed: Int
        /// The last one passed, now selected (`nil`: none was due).
        var reached: ActionEntry?
        /// The recorded time of the first action not passed (`nil`: the trace ends there).
        var next: UInt64?
    }

    /// What the status line counts: the last action (seq, time since the start, whether its
    /// session closed in order), the dropped actions and the damaged ranges.
    struct Totals: Sendable, Equatable {
        var lastSeq: UInt64?
        var span: UInt64 = 0
        var closed = false
        /// Whether the trace was read to the footer its writer wrote at the end.
        var complete = false
        var dropped: UInt64 = 0
        var damaged = 0
    }
}
