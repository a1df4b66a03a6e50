import TraceAnalysis

/// Several sessions in one viewer (live sessions): sessions arriving and ending, `<` `>` to
/// switch to the previous/next one, `S` for the list, and the screen that waits for the
/// first one. Each session keeps its own position (selection, scroll, follow); the filter,
/// the search and the detail pane's mode are the viewer's and stay as they are. What the list
/// says of each session, and whether its trace grew or another session took its path, the
/// reader answers every poll interval (``SessionsRequest``).
extension ViewerReducer {
    /// Fills in the sessions known at the start and shows the first one.
    ///
    /// - Returns: whether there is one to show (`false`: the screen waits).
    func startSessions(_ state: inout ViewerState) -> Bool {
        state.sessions.waitingFor = sources.waitingFor
        state.sessions.waitingHint = sources.waitingHint
        noteSources(&state)
        state.following = sources.followsAtStart
        guard !sources.all.isEmpty else {
            state.title = "waiting"
            return false
        }
        let index = sources.currentIndex ?? 0
        sources.currentIndex = index
        state.sessions.current = index
        state.title = title(of: index, in: state)
        return true
    }

    /// Handles what concerns sessions. While no session has arrived it uses up every action,
    /// so nothing reaches code that names the (absent) source's trace.
    ///
    /// - Returns: whether the action was used up (`false`: the main reducer handles it).
    func reduceSessions(_ state: inout ViewerState, _ action: ViewerAction) -> Bool {
        switch action {
        case let .sessionStarted(index):
            noteSources(&state)
            guard let current = state.sessions.current else {
                show(index, in: &state)
                state.message = "session \(sources.all[index].name) started"
                return true
            }
            state.title = title(of: current, in: state)
            state.message = "new session \(sources.all[index].name) (\(index + 1) of \(sources.all.count)): > or S to show it"
            return true
        case let .sessionEnded(index):
            noteSources(&state)
            if index == state.sessions.current {
                load(&state)
            } else {
                state.message = "session \(sources.all[index].name) ended"
            }
            return true
        case let .sessionResumed(index):
            resume(index, in: &state)
            return true
        case let .notice(text):
            state.message = text
            return true
        case .recordsArrived:
            return state.sessions.current == nil
        case .poll:
            let request = SessionsRequest(traces: sources.all.map(\.trace))
            state.sessions.asked = request
            ask(.read(.sessions(request)))
            return true
        case let .backgroundRead(.sessions(answer)):
            takeIn(answer, in: &state)
            return true
        case let .resize(columns, rows) where state.sessions.current == nil:
            state.columns = columns
            state.rows = rows
            return true
        case let .key(key):
            return handleSessionKey(key, in: &state)
        default:
            return state.sessions.current == nil
        }
    }

    /// Shows session `index` where the user left it (a session never shown opens at its last
    /// action when following from the start, else at its first).
    func show(_ index: Int, in state: inout ViewerState) {
        if let current = state.sessions.current {
            state.sessions.positions[current] = .init(selected: state.selected, top: state.timeline.top, following: state.following, bookmarks: state.bookmarks)
        }
        // What was read from the other session's trace does not apply to this one: playback
        // stops, the effects view starts over, a followed path is forgotten; bookmarks are
        // per session.
        state.playback.playing = nil
        state.effects = EffectsView()
        state.followedPath = nil
        sources.currentIndex = index
        state.sessions.current = index
        state.title = title(of: index, in: state)
        let saved = state.sessions.positions[index]
        state.timeline.top = saved?.top ?? 0
        state.bookmarks = saved?.bookmarks ?? []
        state.following = saved?.following ?? sources.followsAtStart
        state.selected = nil
        state.detail = nil
        state.timeline.rows = []
        state.timeline.asked = nil
        resetDetailCursor(&state)
        if let selected = saved?.selected, !state.following { select(selected, in: &state) } else { move(.opening(following: state.following), in: &state) }
    }

    /// Source `index` now reads another session (its file was replaced, truncated or written
    /// again, ``SessionsAnswer/Session/restart``): nothing read from the old one
    /// applies. Shown, it starts over at the new session's first action (its last when
    /// following, which goes on as it was), and the message line says what happened, as
    /// `tail -F` does.
    private func restart(_ index: Int, reason: String, in state: inout ViewerState) {
        noteSources(&state)
        let name = sources.all[index].name
        guard index == state.sessions.current else {
            state.sessions.positions[index] = nil
            state.message = "\(name) \(reason): session \(index + 1) starts over"
            return
        }
        stopSearch(&state)
        state.sessions.positions[index] = .init(selected: nil, top: 0, following: state.following)
        state.sessions.current = nil
        show(index, in: &state)
        state.message = "\(name) \(reason): showing the new session from its start"
    }

    /// The app of source `index` reconnected and continues its session
    /// (``ViewerAction/sessionResumed(index:)``): the same session, read anew from its file.
    /// Everything shown before stays where it was (the selection, bookmarks; following goes
    /// on), and a reconnect row in the timeline marks where the new connection begins.
    private func resume(_ index: Int, in state: inout ViewerState) {
        noteSources(&state)
        let name = sources.all[index].name
        guard index == state.sessions.current else {
            state.message = "session \(name) reconnected: it continues where it was (session \(index + 1))"
            return
        }
        // The engine is a new one: what was read from the old one is read again.
        stopSearch(&state)
        state.effects = EffectsView()
        resetDetailCursor(&state)
        state.timeline.asked = nil
        if state.following || state.selected == nil { move(.opening(following: true), in: &state) } else { select(state.selected, in: &state) }
        state.message = "session \(name) reconnected: it continues after the reconnect row"
    }

    private func handleSessionKey(_ key: Key, in state: inout ViewerState) -> Bool {
        guard let current = state.sessions.current else {
            // Waiting for the first session: only help and quitting mean anything.
            if state.help.handle(key, rows: state.layout.statusRow) {
                return true
            } else if key == .ctrl("c") || key == .character("q") {
                state.quit = true
            } else if key == .character("?") {
                state.help.isShown = true
            }
            return true
        }
        guard state.prompts.line == nil, !state.help.isShown, key != .ctrl("c") else { return false }
        if state.sessions.isOpen { return moveInList(key, in: &state) }
        let count = sources.all.count
        switch key {
        case .character(">"):
            state.message = nil
            if current + 1 < count { show(current + 1, in: &state) } else { state.message = count == 1 ? "only one session" : "at the last session (S lists them)" }
        case .character("<"):
            state.message = nil
            if current > 0 { show(current - 1, in: &state) } else { state.message = count == 1 ? "only one session" : "at the first session (S lists them)" }
        case .character("S"):
            state.message = nil
            state.sessions.isOpen = true
            state.sessions.cursor = current
        default:
            return false
        }
        return true
    }

    /// Keys in the `S` list: move, enter shows the session, esc or S closes, q quits.
    private func moveInList(_ key: Key, in state: inout ViewerState) -> Bool {
        let last = max(0, state.sessions.entries.count - 1)
        state.message = nil
        switch key {
        case .character("j"), .down: state.sessions.cursor = min(last, state.sessions.cursor + 1)
        case .character("k"), .up: state.sessions.cursor = max(0, state.sessions.cursor - 1)
        case .character("g"), .home: state.sessions.cursor = 0
        case .character("G"), .end: state.sessions.cursor = last
        case .enter:
            state.sessions.isOpen = false
            if state.sessions.cursor != state.sessions.current { show(state.sessions.cursor, in: &state) }
        case .escape, .character("S"): state.sessions.isOpen = false
        case .character("q"): state.quit = true
        case .character("?"): state.help.isShown = true
        default: break
        }
        return true
    }

    /// The status line's name: the session's, and which of how many when there are several.
    private func title(of index: Int, in state: ViewerState) -> String {
        let name = sources.all[index].name
        return sources.all.count > 1 ? "\(name) (\(index + 1)/\(sources.all.count))" : name
    }

    /// Lists the sources as they are now: a new one by its name and app until the reader
    /// says more; what the reader said of the others kept.
    private func noteSources(_ state: inout ViewerState) {
        state.sessions.entries = sources.all.enumerated().map { index, source in
            var entry = index < state.sessions.entries.count
                ? state.sessions.entries[index] : .init(name: source.name, app: source.trace.header.appName, ended: false, actions: 0, dropped: 0)
            entry.name = source.name
            entry.ended = source.hasEnded || entry.isComplete
            return entry
        }
    }

    /// What the reader read of every source (``SessionsAnswer``): the list's columns; a source
    /// whose path now holds another session starts over; records that arrived in the session
    /// shown are shown.
    private func takeIn(_ answer: SessionsAnswer, in state: inout ViewerState) {
        guard state.sessions.asked == answer.request else { return }
        state.sessions.asked = nil
        var restarts: [(index: Int, reason: String)] = []
        var grew = false
        for (index, read) in answer.sessions.enumerated() where index < sources.all.count {
            guard let read, sources.all[index].trace == answer.request.traces[index] else { continue }
            sources.all[index].trace = read.trace
            if index < state.sessions.entries.count {
                state.sessions.entries[index].app = read.app
                state.sessions.entries[index].actions = read.actions
                state.sessions.entries[index].dropped = read.dropped
                state.sessions.entries[index].isComplete = read.isComplete
            }
            if let reason = read.restart { restarts.append((index, reason)) } else if read.grew, index == state.sessions.current { grew = true }
        }
        noteSources(&state)
        for restart in restarts { self.restart(restart.index, reason: restart.reason, in: &state) }
        if grew, state.sessions.current != nil { recordsArrived(&state) }
    }
}
