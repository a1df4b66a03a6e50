import TraceAnalysis
import TraceFormat

/// The viewer's update function: `reduce(&state, action)` is the only code that changes a
/// ``ViewerState``, and returns what it asks of the world (``ViewerEffect``: a read off the
/// loop's thread, a copy to the clipboard, a request to the live app), which
/// ``ViewerEffectRunner`` performs. What the screen shows of the trace (the timeline's rows
/// around the cursor, the totals, the selected action's detail) it asks of the reader, whose
/// answers come back as actions and are kept in the state, so rendering reads no file.
///
/// ## Features
///
/// A feature of the viewer (the prompt, the help, the control keys, the marks, the detail
/// pane's keys, the effects view, the timeline's search, playing, the sessions) lives in a
/// folder of its own with its state (`PromptState`, a field of ``ViewerState``), its actions
/// (`PromptAction`, wrapped in one ``ViewerAction`` case; the sessions' are the loop's
/// session events, polls and the reader's sessions answer), its reducer
/// (`PromptReducer.reduce(into:_:)`, which sees its own state and what else it needs passed
/// in, read-only) and its render (`ViewerRender.drawPromptLine`). The viewer delegates to it
/// (`reduce(_: PromptAction, in:)`, in the feature's folder, as TCA's `Scope`): it decides
/// which keys go to the feature, sends them as the feature's actions, and takes in the
/// ``FeatureUpdate`` returned: the effects for the runner (a feature's reads are requests to
/// the reader), and the delegates, what the feature asks of the rest of the viewer (a
/// prompt's submitted line, a message, an action to select, a move of the timeline), which
/// the viewer routes. A feature never changes another's state itself.
package struct ViewerReducer {
    /// Every source the viewer can show; it shows ``ViewerSources/current``.
    let sources: ViewerSources
    var source: any TraceSource { sources.current }
    /// The effects asked for by the ``reduce(_:_:)`` call under way.
    private let outbox = Outbox()

    /// A reducer for one source.
    package init(source: any TraceSource) {
        sources = ViewerSources(source)
    }

    /// What the ``BackgroundReader`` reads of the source shown.
    var backgroundTrace: BackgroundReader.Trace { source.trace }

    /// Adds `effect` to what the ``reduce(_:_:)`` call under way returns.
    func ask(_ effect: ViewerEffect) {
        outbox.effects.append(effect)
    }

    /// Where one call's effects gather while its helpers run: taken, and emptied, when it
    /// returns. Used only on the loop's thread, one call at a time.
    private final class Outbox {
        var effects: [ViewerEffect] = []

        func take() -> [ViewerEffect] {
            defer { effects = [] }
            return effects
        }
    }

    /// A reducer for sources that may arrive while it runs (live sessions).
    init(sources: ViewerSources) {
        self.sources = sources
    }

    /// The state for freshly opened sources: the first action selected (the last one when
    /// following from the start), or a screen waiting for the first source; and what it asks
    /// to read (the first screen's large chunks, a large state's detail).
    package func start(columns: Int = 80, rows: Int = 24, filter: Filter = .all) -> (state: ViewerState, effects: [ViewerEffect]) {
        var state = ViewerState(columns: columns, rows: rows, filter: filter)
        // A filter from the command line is the first one ↑ recalls at the f prompt.
        if filter.expression != .all { state.prompts.history[.filter] = [filter.description] }
        startSessions(&state)
        return (state, outbox.take())
    }

    /// Updates `state` for `action`.
    ///
    /// - Returns: what the update asks of the world, in order, for ``ViewerEffectRunner``.
    package func reduce(_ state: inout ViewerState, _ action: ViewerAction) -> [ViewerEffect] {
        update(&state, action)
        return outbox.take()
    }

    private func update(_ state: inout ViewerState, _ action: ViewerAction) {
        // Sessions arriving and ending, switching between them, and the waiting screen.
        if reduceSessions(&state, action) { return }
        switch action {
        case let .key(key):
            handle(key, in: &state)
        case let .resize(columns, rows):
            state.columns = columns
            state.rows = rows
            move(.fill, in: &state)
            reduce(EffectsAction.resized, in: &state)
        case .recordsArrived:
            recordsArrived(&state)
        case let .backgroundRead(.screen(answer)):
            show(answer, in: &state)
        case let .backgroundRead(.summaries(summaries)):
            reduce(EffectsAction.summaries(summaries), in: &state)
        case let .backgroundRead(.detail(read)):
            show(read, in: &state)
        case let .backgroundRead(.effects(read)):
            reduce(EffectsAction.read(read), in: &state)
        case let .backgroundRead(.search(answer)):
            reduce(SearchAction.answer(answer), in: &state)
        case .tick:
            // One long read per tick, so a key waits for one part at most: a search first, the
            // effects once no search runs (a part of each made a tick 65-85 ms).
            let searching = state.search.running != nil || state.treeSearchRun != nil
            advanceTreeSearch(&state)
            if !searching { reduce(EffectsAction.refresh(idle: true), in: &state) }
        case let .clock(nanos):
            reduce(PlaybackAction.clock(nanos: nanos), in: &state)
        case .sessions, .notice, .backgroundRead(.sessions):
            break
        case let .prompt(action):
            reduce(action, in: &state)
        case let .help(action):
            reduce(action, in: &state)
        case let .control(action):
            reduce(action, in: &state)
        case let .marks(action):
            reduce(action, in: &state)
        case let .detail(action):
            reduce(action, in: &state)
        case let .effects(action):
            reduce(action, in: &state)
        case let .search(action):
            reduce(action, in: &state)
        case let .playback(action):
            reduce(action, in: &state)
        }
    }

    /// Records arrived in the session shown: the timeline reads on (to the last action when
    /// following), and so do the effects.
    func recordsArrived(_ state: inout ViewerState) {
        move(state.following || state.selected == nil ? .opening(following: true) : .reload, in: &state)
        reduce(EffectsAction.refresh(idle: false), in: &state)
    }

    // MARK: - Keys

    private func handle(_ key: Key, in state: inout ViewerState) {
        if key == .ctrl("c") { state.quit = true; return }
        if cancelSearch(on: key, in: &state) || cancelTreeSearch(on: key, in: &state) { return }
        if state.help.isShown { return reduce(HelpAction.key(key), in: &state) }
        if state.prompts.line != nil { return reduce(PromptAction.key(key), in: &state) }
        state.message = nil
        if EffectsReducer.takes(key, shown: state.effects.isShown) { return reduce(EffectsAction.key(key), in: &state) }
        if ControlReducer.keys.contains(key) { return reduce(ControlAction.key(key), in: &state) }
        if state.focus == .timeline, DetailReducer.foldKeys.contains(key) {
            // The fold keys act on the tree at once: the keys move to the detail pane.
            guard state.pane.mode != .diff else {
                state.message = "h l enter H L fold the state tree (s) or the action (a); the diff has nothing to fold"
                return
            }
            state.focus = .detail
        }
        if state.focus == .detail, DetailReducer.keys.contains(key) { return reduce(DetailAction.key(key), in: &state) }
        let page = max(1, state.layout.timelineRows - 1)
        switch key {
        case .character("q"): state.quit = true
        case .character("j"), .down: move(.step(1), in: &state)
        case .character("k"), .up: move(.step(-1), in: &state)
        case .pageDown: move(.step(page), in: &state)
        case .pageUp, .character("b"): move(.step(-page), in: &state)
        case .character("g"), .home: goToFirstAction(&state)
        case .character("G"), .end: goToLastAction(&state)
        case .character("]"), .right: move(.travel(forward: true), in: &state)
        case .character("["), .left: move(.travel(forward: false), in: &state)
        case .character("/") where Self.searchesTree(state): reduce(PromptAction.open(.init(kind: .treeSearch)), in: &state)
        case .character("n") where Self.searchesTree(state): searchTree(nil, forward: true, in: &state)
        case .character("N") where Self.searchesTree(state): searchTree(nil, forward: false, in: &state)
        case .character(":"): reduce(PromptAction.open(.init(kind: .jump)), in: &state)
        case .character("/"): reduce(PromptAction.open(.init(kind: .search)), in: &state)
        case .character("f"): reduce(PromptAction.open(.init(kind: .filter)), in: &state)
        case .character("n"): reduce(SearchAction.next(forward: true), in: &state)
        case .character("N"): reduce(SearchAction.next(forward: false), in: &state)
        case .character("F"):
            state.following.toggle()
            if state.following { move(.last, in: &state) }
        case .character("d"): reduce(DetailAction.show(.diff), in: &state)
        case .character("s"): reduce(DetailAction.show(.tree), in: &state)
        case .character("a"): reduce(DetailAction.show(.action), in: &state)
        case .tab: state.focus = state.focus == .timeline ? .detail : .timeline
        case .character("}"): jumpToChange(forward: true, in: &state)
        case .character("{"): jumpToChange(forward: false, in: &state)
        case .character(" "): reduce(PlaybackAction.toggle, in: &state)
        case .character("+"), .character("-"): reduce(PlaybackAction.changePace(faster: key == .character("+")), in: &state)
        case .character("*"): reduce(PlaybackAction.toggleRate, in: &state)
        case .character("m"): reduce(MarksAction.toggleBookmark, in: &state)
        case .character(")"): reduce(MarksAction.nextMark(forward: true), in: &state)
        case .character("("): reduce(MarksAction.nextMark(forward: false), in: &state)
        case .character("'"): reduce(MarksAction.nextBookmark(forward: true), in: &state)
        case .character("\""): reduce(MarksAction.nextBookmark(forward: false), in: &state)
        case .character("y"): reduce(DetailAction.copyPath, in: &state)
        case .character("?"): reduce(HelpAction.open, in: &state)
        case .escape: state.focus = .timeline
        default: break
        }
    }

    // MARK: - Prompt

    /// Acts on the line the prompt submitted (``PromptAction/Delegate/submitted(_:)``), or
    /// opens it again with why it was refused.
    func submit(_ prompt: ViewerState.Prompt, in state: inout ViewerState) {
        var prompt = prompt
        switch prompt.kind {
        case .effectsFilter, .effectsSearch:
            reduce(EffectsAction.submitted(prompt), in: &state)
        case .dispatch:
            reduce(ControlAction.dispatch(prompt), in: &state)
        case .treeSearch:
            searchTree(prompt.text, forward: true, in: &state)
        case .jump:
            guard let point = SessionPoint(prompt.text.trimmingSpaces) else {
                prompt.jumpError = "expected a sequence number, start, end, or a time such as 1.5s"
                return reduce(PromptAction.open(prompt), in: &state)
            }
            move(.jump(point), in: &state)
        case .filter, .search:
            let filter: Filter
            do throws(FilterError) {
                filter = try Filter(parsing: prompt.text)
            } catch {
                prompt.error = error
                return reduce(PromptAction.open(prompt), in: &state)
            }
            if prompt.kind == .search { return reduce(SearchAction.search(filter), in: &state) }
            guard let current = state.selected else { state.filter = filter; return load(&state) }
            // Keep the selection on the nearest action the new filter shows: at or after the
            // selection, else before it.
            startSearch(.filter(filter), forward: true, from: current, in: &state)
        }
    }
}

extension String {
    /// The string without leading and trailing spaces.
    var trimmingSpaces: String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
