/// The sessions' part of ``ViewerState`` (``SessionsReducer``): the sessions the viewer can
/// show (one for a trace file; each app connected to a listener, for live sessions), which one
/// it shows, the `S` list, and where the user left each of the others.
struct SessionsState: Sendable, Equatable {
    /// A line of the `S` list.
    struct Entry: Sendable, Equatable {
        /// The session's tag (`search/1f3a`) or file name.
        var name: String
        /// The app's name from the session header.
        var app: String
        /// Whether the session ended (its app closed it or disconnected).
        var ended: Bool
        /// The actions it recorded that can be read (``SessionsAnswer/Session/recordedActions(in:drops:)``).
        var actions: UInt64
        /// The actions the recorder dropped (counted in its `dropped` records).
        var dropped: UInt64
        /// Whether the reader read its trace to the footer its writer wrote at the end.
        var isComplete = false
    }

    /// Where the user was in a session, to come back to it.
    struct Position: Sendable, Equatable {
        var selected: UInt64?
        var top: UInt64
        var following: Bool
        /// The session's bookmarks (`m`), kept while another session is shown.
        var marks = MarksState()
    }

    /// The status line's name: the session's, and which of how many when there are several
    /// (`waiting` before the first one).
    var title = ""
    var entries: [Entry] = []
    /// The session shown (`nil`: none arrived yet).
    var current: Int?
    /// What the screen waits for before the first session, such as
    /// `an app to connect on /tmp/scope.sock`.
    var waitingFor: String?
    /// How to make a session arrive (``ViewerSources/waitingHint``).
    var waitingHint: String?
    /// Whether the `S` list is open, and the line its cursor is on.
    var isOpen = false
    var cursor = 0
    /// The position left in each session, by index.
    var positions: [Int: Position] = [:]
    /// What the reader was asked of every session and has not answered yet.
    var asked: SessionsRequest?

    /// Whether the screen shows the `S` list or the waiting message instead of the
    /// timeline.
    var coversTimeline: Bool { isOpen || current == nil }
}
