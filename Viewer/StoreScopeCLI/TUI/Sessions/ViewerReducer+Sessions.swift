/// The viewer's side of the sessions: hands them their actions, the reader's answers and the
/// keys they take, with the sources and where the user is, and does what they ask: show a session where
/// the user left it, read the one shown again, take in a trace the reader reads now, quit,
/// say their lines. While no session has arrived the waiting screen uses up every action, so
/// nothing reaches code that names the (absent) source's trace.
extension ViewerReducer {
    /// Fills in the sessions known at the start and shows the first one.
    func startSessions(_ state: inout ViewerState) {
        state.following = sources.followsAtStart
        reduce(SessionsAction.start(waitingFor: sources.waitingFor, hint: sources.waitingHint), in: &state)
    }

    /// Hands the sessions what is theirs.
    ///
    /// - Returns: whether the action was used up (`false`: the main reducer handles it).
    func reduceSessions(_ state: inout ViewerState, _ action: ViewerAction) -> Bool {
        let waiting = state.sessions.current == nil
        switch action {
        case let .sessions(action):
            reduce(action, in: &state)
        case let .backgroundRead(.sessions(answer)):
            reduce(SessionsAction.answer(answer), in: &state)
        case let .notice(text):
            state.message = text
        case let .resize(columns, rows) where waiting:
            state.columns = columns
            state.rows = rows
        case let .key(key) where waiting:
            if state.help.isShown { reduce(HelpAction.key(key), in: &state) } else { reduce(SessionsAction.key(key), in: &state) }
        case let .key(key):
            guard state.prompts.line == nil, !state.help.isShown, SessionsReducer.takes(key, in: state.sessions) else { return false }
            state.message = nil
            reduce(SessionsAction.key(key), in: &state)
        default:
            return waiting
        }
        return true
    }

    func reduce(_ action: SessionsAction, in state: inout ViewerState) {
        let context = SessionsAction.Context(
            sources: sources.all.map { .init(name: $0.name, app: $0.trace.header.appName, hasEnded: $0.hasEnded, trace: $0.trace) },
            position: .init(selected: state.selected, top: state.timeline.top, following: state.following, marks: state.marks),
            followsAtStart: sources.followsAtStart)
        take(SessionsReducer.reduce(into: &state.sessions, action, context)) { delegate in
            switch delegate {
            case let .message(text): state.message = text
            case let .show(index, position): show(index, at: position, in: &state)
            case .reload: load(&state)
            case .resume: resume(&state)
            case .stopSearch: stopSearch(&state)
            case let .trace(trace, index): sources.all[index].trace = trace
            case .recordsArrived: recordsArrived(&state)
            case .quit: state.quit = true
            case .openHelp: reduce(HelpAction.open, in: &state)
            }
        }
    }

    /// Shows source `index` at `position`. What was read from the other session's trace does
    /// not apply to this one: playback stops, the effects view starts over, a followed path is
    /// forgotten; bookmarks are per session.
    private func show(_ index: Int, at position: SessionsState.Position, in state: inout ViewerState) {
        state.playback.playing = nil
        state.effects = EffectsView()
        state.followedPath = nil
        sources.currentIndex = index
        state.timeline.top = position.top
        state.marks = position.marks
        state.following = position.following
        state.selected = nil
        state.detail = nil
        state.timeline.rows = []
        state.timeline.asked = nil
        resetDetailCursor(&state)
        if let selected = position.selected, !position.following { select(selected, in: &state) } else { move(.opening(following: position.following), in: &state) }
    }

    /// The app of the session shown reconnected and continues its session
    /// (``ViewerAction/sessionResumed(index:)``): the same session, read anew from its file.
    /// Everything shown before stays where it was (the selection, bookmarks; following goes
    /// on), and a reconnect row in the timeline marks where the new connection begins.
    private func resume(_ state: inout ViewerState) {
        // The engine is a new one: what was read from the old one is read again.
        stopSearch(&state)
        state.effects = EffectsView()
        resetDetailCursor(&state)
        state.timeline.asked = nil
        if state.following || state.selected == nil { move(.opening(following: true), in: &state) } else { select(state.selected, in: &state) }
    }
}
