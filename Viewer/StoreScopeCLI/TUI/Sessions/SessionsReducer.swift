/// Several sessions in one viewer (live sessions): sessions arriving and ending, `<` `>` to
/// switch to the previous/next one, `S` for the list, and the screen that waits for the
/// first one. Each session keeps its own position (selection, scroll, follow, bookmarks); the
/// filter, the search and the detail pane's mode are the viewer's and stay as they are. What
/// the list says of each session, and whether its trace grew or another session took its
/// path, the reader answers every poll interval (``SessionsRequest``). The reducer sees its own
/// state and the sources and position passed in; the viewer shows the session it names.
enum SessionsReducer {
    typealias Update = FeatureUpdate<SessionsAction.Delegate>

    /// The keys that switch sessions while one is shown and the list is closed.
    static let keys: Set<Key> = [.character(">"), .character("<"), .character("S")]

    /// Whether `key` is the sessions' while a session is shown (Ctrl-C never is: it quits).
    static func takes(_ key: Key, in state: SessionsState) -> Bool {
        key != .ctrl("c") && (state.isOpen || keys.contains(key))
    }

    /// Updates the sessions for `action`, on the viewer as `context` says it is.
    static func reduce(into state: inout SessionsState, _ action: SessionsAction, _ context: SessionsAction.Context) -> Update {
        switch action {
        case let .start(waitingFor, hint):
            state.waitingFor = waitingFor
            state.waitingHint = hint
            noteSources(&state, context)
            guard !context.sources.isEmpty else {
                state.title = "waiting"
                return .none
            }
            return show(0, &state, context)
        case let .started(index):
            noteSources(&state, context)
            let name = context.sources[index].name
            guard let current = state.current else {
                var update = show(index, &state, context)
                update.delegates.append(.message("session \(name) started"))
                return update
            }
            state.title = title(of: current, context)
            return .tell(.message("new session \(name) (\(index + 1) of \(context.sources.count)): > or S to show it"))
        case let .ended(index):
            noteSources(&state, context)
            guard index != state.current else { return .tell(.reload) }
            return .tell(.message("session \(context.sources[index].name) ended"))
        case let .resumed(index):
            // Its file goes on: what the reader said of its end no longer holds.
            if index < state.entries.count { state.entries[index].isComplete = false }
            noteSources(&state, context)
            let name = context.sources[index].name
            guard index == state.current else {
                return .tell(.message("session \(name) reconnected: it continues where it was (session \(index + 1))"))
            }
            return .tell(.resume, .message("session \(name) reconnected: it continues after the reconnect row"))
        case .poll:
            // A live session that is over, whose final figures the list has, is not asked
            // about unless it is shown (the reader lets its session go).
            let request = SessionsRequest(traces: context.sources.enumerated().map { index, source in
                let isOver = source.hasEnded && index < state.entries.count && state.entries[index].isComplete
                return isOver && index != state.current ? nil : source.trace
            })
            state.asked = request
            return Update(effects: [.read(.sessions(request))])
        case let .answer(answer):
            return takeIn(answer, &state, context)
        case let .key(key):
            guard let current = state.current else {
                // Waiting for the first session: only help and quitting mean anything.
                if key == .ctrl("c") || key == .character("q") { return .tell(.quit) }
                return key == .character("?") ? .tell(.openHelp) : .none
            }
            if state.isOpen { return moveInList(key, &state, context) }
            let count = context.sources.count
            switch key {
            case .character(">"):
                if current + 1 < count { return show(current + 1, &state, context) }
                return .tell(.message(count == 1 ? "only one session" : "at the last session (S lists them)"))
            case .character("<"):
                if current > 0 { return show(current - 1, &state, context) }
                return .tell(.message(count == 1 ? "only one session" : "at the first session (S lists them)"))
            case .character("S"):
                state.isOpen = true
                state.cursor = current
            default:
                break
            }
            return .none
        }
    }

    /// Shows session `index` where the user left it (a session never shown opens at its last
    /// action when following from the start, else at its first), keeping where the user is in
    /// the one shown now.
    private static func show(_ index: Int, _ state: inout SessionsState, _ context: SessionsAction.Context) -> Update {
        if let current = state.current { state.positions[current] = context.position }
        state.current = index
        state.title = title(of: index, context)
        return .tell(.show(index, at: state.positions[index] ?? .init(top: 0, following: context.followsAtStart)))
    }

    /// Source `index` now reads another session (its file was replaced, truncated or written
    /// again, ``SessionsAnswer/Session/restart``): nothing read from the old one
    /// applies. Shown, it starts over at the new session's first action (its last when
    /// following, which goes on as it was), and the message line says what happened, as
    /// `tail -F` does.
    private static func restart(_ index: Int, reason: String, _ state: inout SessionsState, _ context: SessionsAction.Context) -> Update {
        let name = context.sources[index].name
        guard index == state.current else {
            state.positions[index] = nil
            return .tell(.message("\(name) \(reason): session \(index + 1) starts over"))
        }
        state.positions[index] = .init(top: 0, following: context.position.following)
        state.current = nil
        var update = show(index, &state, context)
        update.delegates.insert(.stopSearch, at: 0)
        update.delegates.append(.message("\(name) \(reason): showing the new session from its start"))
        return update
    }

    /// Keys in the `S` list: move, enter shows the session, esc or S closes, q quits.
    private static func moveInList(_ key: Key, _ state: inout SessionsState, _ context: SessionsAction.Context) -> Update {
        let last = max(0, state.entries.count - 1)
        switch key {
        case .character("j"), .down: state.cursor = min(last, state.cursor + 1)
        case .character("k"), .up: state.cursor = max(0, state.cursor - 1)
        case .character("g"), .home: state.cursor = 0
        case .character("G"), .end: state.cursor = last
        case .enter:
            state.isOpen = false
            if state.cursor != state.current { return show(state.cursor, &state, context) }
        case .escape, .character("S"): state.isOpen = false
        case .character("q"): return .tell(.quit)
        case .character("?"): return .tell(.openHelp)
        default: break
        }
        return .none
    }

    /// The status line's name: the session's, and which of how many when there are several.
    private static func title(of index: Int, _ context: SessionsAction.Context) -> String {
        let name = context.sources[index].name
        return context.sources.count > 1 ? "\(name) (\(index + 1)/\(context.sources.count))" : name
    }

    /// Lists the sources as they are now: a new one by its name and app until the reader
    /// says more; what the reader said of the others kept.
    private static func noteSources(_ state: inout SessionsState, _ context: SessionsAction.Context) {
        state.entries = context.sources.enumerated().map { index, source in
            var entry = index < state.entries.count ? state.entries[index] : .init(name: source.name, app: source.app, ended: false, actions: 0, dropped: 0)
            entry.name = source.name
            entry.ended = source.hasEnded || entry.isComplete
            return entry
        }
    }

    /// What the reader read of every source (``SessionsAnswer``): the list's columns; a source
    /// whose path now holds another session starts over; records that arrived in the session
    /// shown are shown. An answer to a request since replaced is dropped, and so is what it
    /// read of a source whose trace changed since it was asked.
    private static func takeIn(_ answer: SessionsAnswer, _ state: inout SessionsState, _ context: SessionsAction.Context) -> Update {
        guard state.asked == answer.request else { return .none }
        state.asked = nil
        var update = Update()
        var restarts: [(index: Int, reason: String)] = []
        var grew = false
        for (index, read) in answer.sessions.enumerated() where index < context.sources.count {
            guard let read, context.sources[index].trace == answer.request.traces[index] else { continue }
            update.delegates.append(.trace(read.trace, of: index))
            if index < state.entries.count {
                state.entries[index].app = read.app
                state.entries[index].actions = read.actions
                state.entries[index].dropped = read.dropped
                state.entries[index].isComplete = read.isComplete
            }
            if let reason = read.restart { restarts.append((index, reason)) } else if read.grew, index == state.current { grew = true }
        }
        noteSources(&state, context)
        for restart in restarts { update.delegates += self.restart(restart.index, reason: restart.reason, &state, context).delegates }
        if grew, state.current != nil { update.delegates.append(.recordsArrived) }
        return update
    }
}
