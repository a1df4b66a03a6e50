/// What can happen to the viewer: the messages its reducer handles.
package enum ViewerAction: Sendable, Equatable {
    /// A key was pressed.
    case key(Key)
    /// The window changed size.
    case resize(columns: Int, rows: Int)
    /// The source brought in new records.
    case recordsArrived
    /// Time passed with nothing else happening (the loop polls the source on ticks).
    case tick
    /// The loop's clock (monotonic nanoseconds), sent after every event while playing: the
    /// reducer steps to the action due by then. Passed in so the reducer reads no clock.
    case clock(nanos: UInt64)
    /// The ``BackgroundReader`` read the detail of an action, or effects
    /// (``ViewerEffect/read(_:)``, handed back by ``ViewerEffectRunner/takeAnswers()``).
    case backgroundRead(BackgroundReader.Read)
    /// A line for the message line (a refused peer, a session that could not be recorded).
    case notice(String)

    // MARK: - Features (``ViewerReducer``, "Features"): each one's actions, for its reducer

    /// The sessions' (``SessionsReducer``): sessions starting, reconnecting and ending, and the
    /// poll interval passing, as ``ViewerSources/poll()`` finds them.
    case sessions(SessionsAction)
    /// The prompt's (``PromptReducer``).
    case prompt(PromptAction)
    /// The `?` help's (``HelpReducer``).
    case help(HelpAction)
    /// The control keys' (``ControlReducer``).
    case control(ControlAction)
    /// The bookmarks' and the app's marks' (``MarksReducer``).
    case marks(MarksAction)
    /// The detail pane's keys' (``DetailReducer``).
    case detail(DetailAction)
    /// The effects view's (``EffectsReducer``).
    case effects(EffectsAction)
    /// The timeline's search's (``SearchReducer``).
    case search(SearchAction)
    /// Playing's (``PlaybackReducer``).
    case playback(PlaybackAction)
}
