import TraceAnalysis
import TraceFormat

/// The effects view's keys and data: `e` opens it on an effect related to the selected action,
/// `j`/`k` move its cursor, and `p` (the action that started the effect), `o` (the next action
/// it emitted) and `enter` (where it started) go back to the timeline with that action
/// selected. `p` and `o` work in the timeline too, on the selected action's effect, so `o`
/// pressed again cycles through what the effect emitted.
extension ViewerReducer {
    /// Handles `key` when it belongs to the effects view or is one of its keys in the timeline;
    /// returns whether it did.
    func handleEffectsKey(_ key: Key, in state: inout ViewerState) -> Bool {
        if state.effects.isShown { return handleInEffectsView(key, in: &state) }
        switch key {
        case .character("e"): openEffects(&state)
        case .character("p"): goToParent(of: effectEmittingSelection(&state), in: &state)
        case .character("o"): goToNextEmitted(by: effectForSelection(&state), in: &state)
        default: return false
        }
        return true
    }

    /// Reads on what a growing trace appended, once the effects have been read from.
    ///
    /// An `idle` moment starts the first pass when nothing was read yet: the timeline's fx
    /// marks of effects that failed, were cancelled or leaked go on the action that started
    /// them, wherever their end was recorded (``EffectSpans/outcomeMarks``).
    func refreshEffects(_ state: inout ViewerState, idle: Bool = false) {
        guard !idle || state.effects.spans == nil else { return }
        guard idle || state.effects.spans != nil else { return }
        readEffects(&state)
    }

    /// Takes in a part of the effects the ``BackgroundReader`` read, when the spans are still
    /// where they were when it was asked (same session, nothing read meanwhile), and asks for
    /// the next part until the trace is read (and once more when records arrived meanwhile).
    /// A read that got no further (the reader could not open the trace) asks no more.
    func takeIn(_ read: BackgroundReader.EffectsRead, in state: inout ViewerState) {
        guard var spans = state.effects.spans, spans.isReadOffThread, spans.source == read.request.spans.source,
            spans.chunksRead == read.request.spans.chunksRead else { return }
        let progressed = read.spans.chunksRead > spans.chunksRead
        spans = read.spans
        spans.isReadOffThread = false
        spans.noteMarks()
        state.effects.spans = spans
        showReadEffects(&state)
        let again = state.effects.readsAgain
        state.effects.readsAgain = false
        if progressed && !spans.isComplete || again { readEffects(&state) }
    }

    /// What follows more effects read: the cursor, following, the rows on screen.
    private func showReadEffects(_ state: inout ViewerState) {
        if state.effects.pendingSync { syncCursor(&state, keepingOnSameSelection: false) }
        if state.effects.isShown, state.following, let last = state.effects.spans?.lifetimes.indices.last {
            state.effects.cursor = last
        }
        if state.effects.isShown { loadEffectRows(&state) }
    }

    /// Loads the effect rows on screen, scrolled so the cursor is on them.
    func loadEffectRows(_ state: inout ViewerState) {
        guard let lifetimes = state.effects.spans?.lifetimes else { return }
        let height = state.layout.timelineRows
        var view = state.effects
        // `top` and the window count the effects the filter lists; the cursor is on one of
        // them (the nearest after it when it was not).
        let visible = view.visibleIndices(of: lifetimes)
        view.cursor = max(0, min(view.cursor, lifetimes.count - 1))
        let position = visible.firstIndex { $0 >= view.cursor } ?? max(0, visible.count - 1)
        if let index = visible[safe: position] { view.cursor = index }
        if position < view.top { view.top = position }
        if position >= view.top + height { view.top = position - height + 1 }
        view.top = max(0, min(view.top, visible.count - height))
        let shown = visible[min(view.top, visible.count)..<min(visible.count, view.top + height)]
        // Parent actions the reader has not summarized yet show as `#4 …` until it has.
        view.rows = shown.map { index in
            let lifetime = lifetimes[index]
            return EffectsView.Row(index: index, lifetime: lifetime, parent: lifetime.parentSeq.map { view.parents[$0] ?? "#\($0) …" })
        }
        state.effects = view
        let unread = shown.compactMap { lifetimes[$0].parentSeq }.filter { view.parents[$0] == nil }
        guard !unread.isEmpty else { return }
        let request = BackgroundReader.SummariesRequest(trace: backgroundTrace, seqs: unread)
        guard request != state.effects.parentsAsked else { return }
        state.effects.parentsAsked = request
        ask(.read(.summaries(request)))
    }

    /// Takes in the parent actions the reader summarized, and shows them in the rows.
    func takeIn(_ summaries: BackgroundReader.Summaries, in state: inout ViewerState) {
        if state.effects.parentsAsked == summaries.request { state.effects.parentsAsked = nil }
        guard summaries.request.trace == backgroundTrace else { return }
        state.effects.parents.merge(summaries.texts) { _, new in new }
        if state.effects.isShown { loadEffectRows(&state) }
    }

    // MARK: - In the effects view

    private func handleInEffectsView(_ key: Key, in state: inout ViewerState) -> Bool {
        let page = max(1, state.layout.timelineRows - 1)
        let lifetimes = state.effects.spans?.lifetimes ?? []
        let count = lifetimes.count
        let visible = state.effects.visibleIndices(of: lifetimes)
        let position = visible.firstIndex(of: state.effects.cursor) ?? 0
        // Moves go through the effects the filter lists.
        func go(_ target: Int) {
            guard !visible.isEmpty else { return }
            move(to: visible[max(0, min(visible.count - 1, target))], in: &state)
        }
        switch key {
        case .character("q"), .character("?"): return false
        case .character("e"), .escape: closeEffects(&state); return true
        case .character("j"), .down: go(position + 1)
        case .character("k"), .up: go(position - 1)
        case .pageDown: go(position + page)
        case .pageUp: go(position - page)
        case .character("g"), .home: go(0)
        case .character("G"), .end: go(visible.count - 1)
        case .character("f"): state.prompt = .init(kind: .effectsFilter)
        case .character("/"): state.prompt = .init(kind: .effectsSearch)
        case .character("n"): findEffect(forward: true, in: &state)
        case .character("N"): findEffect(forward: false, in: &state)
        case .character("F"):
            // Following shows each new effect as it starts (and selects the last action); F
            // again keeps following (moving pauses it), as in less.
            state.following = true
            state.effects.cursor = count - 1
            move(.last, in: &state)
            state.message = "following: the newest effect stays under the cursor; moving pauses"
        case .character("p"): goToParent(of: state.effects.selected, in: &state)
        case .character("o"): goToNextEmitted(by: state.effects.selected, in: &state)
        case .enter: goToStart(of: state.effects.selected, in: &state)
        default: return true
        }
        state.effects.cursor = max(0, min(state.effects.cursor, count - 1))
        if state.effects.isShown { loadEffectRows(&state) }
        return true
    }

    /// `f` and `/` in the effects view, submitted: filters the list (empty: all again), or
    /// searches from the cursor.
    func submitEffects(_ prompt: ViewerState.Prompt, in state: inout ViewerState) {
        let text = prompt.text.trimmingSpaces
        state.prompt = nil
        if prompt.kind == .effectsFilter {
            state.effects.filterText = text.isEmpty ? nil : text
            let lifetimes = state.effects.spans?.lifetimes ?? []
            let shown = state.effects.visibleIndices(of: lifetimes).count
            state.message = text.isEmpty ? "all \(lifetimes.count) effects" : "effects matching \"\(text)\": \(shown) of \(lifetimes.count)".sanitizedForTerminal
            loadEffectRows(&state)
            return
        }
        state.effects.searchText = text.isEmpty ? nil : text
        findEffect(forward: true, in: &state, includingCursor: true)
    }

    /// `n` `N` in the effects view: the next or previous listed effect that matches the search.
    private func findEffect(forward: Bool, in state: inout ViewerState, includingCursor: Bool = false) {
        guard let text = state.effects.searchText else { state.message = "no search yet: press / to search the effects"; return }
        let lifetimes = state.effects.spans?.lifetimes ?? []
        let visible = state.effects.visibleIndices(of: lifetimes)
        let cursor = state.effects.cursor
        let candidates = forward
            ? visible.filter { includingCursor ? $0 >= cursor : $0 > cursor }
            : visible.filter { $0 < cursor }.reversed()
        guard let found = candidates.first(where: { EffectsView.matches(lifetimes[$0], text) }) else {
            state.message = "no \(forward ? "later" : "earlier") effect matches \"\(text)\"".sanitizedForTerminal
            return
        }
        move(to: found, in: &state)
        loadEffectRows(&state)
    }

    /// Moves the cursor; moving pauses following, as in the timeline.
    private func move(to cursor: Int, in state: inout ViewerState) {
        if cursor != state.effects.cursor { state.following = false }
        state.effects.cursor = cursor
        state.effects.pendingSync = false
    }

    private func openEffects(_ state: inout ViewerState) {
        let firstTime = state.effects.spans == nil
        readEffects(&state)
        state.effects.isShown = true
        syncCursor(&state, keepingOnSameSelection: !firstTime)
        state.effects.anchor = state.selected
        loadEffectRows(&state)
    }

    /// Puts the cursor on an effect of the selected action, else on the one running at its
    /// time; while the trace is still being read, tries again after each part.
    private func syncCursor(_ state: inout ViewerState, keepingOnSameSelection: Bool) {
        let entry = state.detail?.entry
        state.effects.pendingSync = false
        if keepingOnSameSelection, state.effects.anchor == state.selected {
            // Back on the same selection: the cursor stays where the user left it.
        } else if let current = state.effects.selected, isRelated(current, to: entry) {
            // The cursor is on an effect of the selected action already: keep it there.
        } else if let related = relatedEffect(&state) {
            state.effects.cursor = state.effects.spans?.lifetimes.firstIndex(of: related) ?? 0
        } else {
            state.effects.cursor = effectRunning(at: entry, in: &state)
            state.effects.pendingSync = state.effects.spans?.isComplete == false
        }
    }

    private func closeEffects(_ state: inout ViewerState) {
        state.effects.isShown = false
        state.effects.anchor = state.selected
        state.effects.pendingSync = false
    }

    /// Asks the reader to read on the effects of chunks not read yet (a part, then the next
    /// once it answers): the whole trace the first time; then what a growing trace appends.
    func readEffects(_ state: inout ViewerState) {
        let source = backgroundTrace
        // Another session (a live source switched to it): start over.
        if state.effects.spans?.source != source {
            state.effects.spans = nil
            state.effects.parents = [:]
        }
        // The trace's chunks are the reader's to count: until it answers, a first pass has
        // all of them to read.
        var spans = state.effects.spans ?? EffectSpans(source: source, chunksKnown: .max, startNanos: source.header.startMonotonicNanos)
        guard !spans.isReadOffThread else {
            state.effects.readsAgain = true
            return
        }
        spans.isReadOffThread = true
        state.effects.spans = spans
        ask(.read(.effects(BackgroundReader.EffectsRequest(trace: source, spans: spans))))
    }

    /// A chunk with more raw bytes than this is read for its effects off the loop's thread
    /// (the writer's chunks hold about 64 KiB; one keyframe of a million entries is 12.9 MB).
    static let largeChunkBytes: UInt32 = 1 << 20

    // MARK: - Going to actions

    /// Selects the action that started `effect` in the timeline.
    private func goToParent(of effect: EffectLifetime?, in state: inout ViewerState) {
        guard let effect else { return }
        guard let parent = effect.parentSeq else {
            state.message = "effect \(effect.effectID) has no parent action: it was not started by a reducer"
            return
        }
        show(parent, of: effect, in: &state)
    }

    /// Selects the next action `effect` emitted after the selected one, from its first again
    /// after its last.
    private func goToNextEmitted(by effect: EffectLifetime?, in state: inout ViewerState) {
        guard let effect else { return }
        guard !effect.emitted.isEmpty else {
            state.message = "effect \(effect.effectID) emitted no action"
            return
        }
        let next = state.selected.flatMap { selected in effect.emitted.firstIndex(of: selected).map { effect.emitted[($0 + 1) % effect.emitted.count] } }
        show(next ?? effect.emitted[0], of: effect, in: &state)
    }

    /// Selects the action `effect` started after: its parent, or the last action before its
    /// start (``ScreenMove/lastBefore(time:)``).
    private func goToStart(of effect: EffectLifetime?, in state: inout ViewerState) {
        guard let effect else { return }
        if let parent = effect.parentSeq { return show(parent, of: effect, in: &state) }
        leave(for: effect, in: &state)
        move(.lastBefore(time: effect.startNanos &- backgroundTrace.header.startMonotonicNanos), in: &state)
        state.effects.anchorsOnAnswer = true
    }

    /// Back to the timeline with `seq` selected; `effect` stays under the effects cursor.
    private func show(_ seq: UInt64, of effect: EffectLifetime, in state: inout ViewerState) {
        leave(for: effect, in: &state)
        select(seq, unreadable: "#\(seq) is not in the readable trace", in: &state)
        state.effects.anchor = seq
    }

    /// Closes the view for the timeline, `effect` under its cursor, following stopped.
    private func leave(for effect: EffectLifetime, in state: inout ViewerState) {
        if let index = state.effects.spans?.lifetimes.firstIndex(of: effect) { state.effects.cursor = index }
        state.effects.isShown = false
        state.following = false
    }
}
