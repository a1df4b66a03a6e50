import TraceAnalysis
import TraceFormat

/// The effects view's keys and data: `e` opens it on an effect related to the selected action,
/// `j`/`k` move its cursor, and `p` (the action that started the effect), `o` (the next action
/// it emitted) and `enter` (where it started) go back to the timeline with that action
/// selected. `p` and `o` work in the timeline too, on the selected action's effect, so `o`
/// pressed again cycles through what the effect emitted. `f` filters the list, `/` `n` `N`
/// search it, `F` follows the newest effect.
///
/// The reducer sees the view's own state (``EffectsView``) and the viewer as the context says
/// it is; it asks the reader for the effects a part at a time and for the rows' parent
/// actions (``ViewerEffect/read(_:)``), and asks the viewer, through its delegates, for what
/// lies outside the view: a selection, a move of the timeline, following, a prompt, a message.
struct EffectsReducer {
    typealias Update = FeatureUpdate<EffectsAction.Delegate>

    /// The keys the view takes in the timeline.
    static let timelineKeys: Set<Key> = [.character("e"), .character("p"), .character("o")]

    /// Whether the view takes `key`: shown, every key but `q` and `?`; in the timeline,
    /// ``timelineKeys``.
    static func takes(_ key: Key, shown: Bool) -> Bool {
        shown ? key != .character("q") && key != .character("?") : timelineKeys.contains(key)
    }

    /// Updates the view for `action`, on the viewer as `context` says it is.
    static func reduce(into view: inout EffectsView, _ action: EffectsAction, _ context: EffectsAction.Context) -> Update {
        var reducer = EffectsReducer(context: context)
        reducer.reduce(&view, action)
        return reducer.update
    }

    let context: EffectsAction.Context
    /// What the action asks for so far.
    private(set) var update = Update()

    private mutating func reduce(_ view: inout EffectsView, _ action: EffectsAction) {
        switch action {
        case let .key(key) where view.isShown: pressInView(key, &view)
        case let .key(key): pressInTimeline(key, &view)
        case let .submitted(line): submit(line, &view)
        case let .refresh(idle):
            // Idle, only the first pass starts; records arrived, only a view read from reads on.
            guard idle ? view.spans == nil : view.spans != nil else { return }
            read(&view)
        case .resized:
            if view.isShown { loadRows(&view) }
        case let .read(read): takeIn(read, &view)
        case let .summaries(summaries): takeIn(summaries, &view)
        case let .landed(selected):
            guard view.anchorsOnAnswer else { return }
            view.anchorsOnAnswer = false
            view.anchor = selected
        }
    }

    mutating func tell(_ delegate: EffectsAction.Delegate) {
        update.delegates.append(delegate)
    }

    // MARK: - Keys

    private mutating func pressInTimeline(_ key: Key, _ view: inout EffectsView) {
        switch key {
        case .character("e"): open(&view)
        case .character("p"): goToParent(of: effectEmittingSelection(&view), &view)
        case .character("o"): goToNextEmitted(by: effectForSelection(&view), &view)
        default: break
        }
    }

    private mutating func pressInView(_ key: Key, _ view: inout EffectsView) {
        let page = max(1, context.rows - 1)
        let lifetimes = view.spans?.lifetimes ?? []
        let count = lifetimes.count
        let visible = view.visibleIndices(of: lifetimes)
        let position = visible.firstIndex(of: view.cursor) ?? 0
        if let target = Self.listPosition(after: key, from: position, page: page, last: visible.count - 1) {
            // Moves go through the effects the filter lists.
            if !visible.isEmpty { move(to: visible[max(0, min(visible.count - 1, target))], &view) }
        } else {
            switch key {
            case .character("e"), .escape: return close(&view)
            case .character("f"): tell(.prompt(.init(kind: .effectsFilter)))
            case .character("/"): tell(.prompt(.init(kind: .effectsSearch)))
            case .character("n"): find(forward: true, &view)
            case .character("N"): find(forward: false, &view)
            case .character("F"):
                // Following shows each new effect as it starts (and selects the last action); F
                // again keeps following (moving pauses it), as in less.
                view.cursor = count - 1
                tell(.following(true))
                tell(.move(.last))
                tell(.message("following: the newest effect stays under the cursor; moving pauses"))
            case .character("p"): goToParent(of: view.selected, &view)
            case .character("o"): goToNextEmitted(by: view.selected, &view)
            case .enter: goToStart(of: view.selected, &view)
            default: return
            }
        }
        view.cursor = max(0, min(view.cursor, count - 1))
        if view.isShown { loadRows(&view) }
    }

    /// Where a moving key (`j` `k` the page keys `g` `G`) goes in a list of `last + 1` from
    /// `position`, unclamped; `nil` for the other keys.
    private static func listPosition(after key: Key, from position: Int, page: Int, last: Int) -> Int? {
        switch key {
        case .character("j"), .down: position + 1
        case .character("k"), .up: position - 1
        case .pageDown: position + page
        case .pageUp: position - page
        case .character("g"), .home: 0
        case .character("G"), .end: last
        default: nil
        }
    }

    /// `f` and `/` in the view, submitted: filters the list (empty: all again), or searches
    /// from the cursor.
    private mutating func submit(_ line: ViewerState.Prompt, _ view: inout EffectsView) {
        let text = line.text.trimmingSpaces
        if line.kind == .effectsFilter {
            view.filterText = text.isEmpty ? nil : text
            let lifetimes = view.spans?.lifetimes ?? []
            let shown = view.visibleIndices(of: lifetimes).count
            tell(.message(text.isEmpty ? "all \(lifetimes.count) effects" : "effects matching \"\(text)\": \(shown) of \(lifetimes.count)".sanitizedForTerminal))
            loadRows(&view)
            return
        }
        view.searchText = text.isEmpty ? nil : text
        find(forward: true, &view, includingCursor: true)
    }

    /// `n` `N` in the view: the next or previous listed effect that matches the search.
    private mutating func find(forward: Bool, _ view: inout EffectsView, includingCursor: Bool = false) {
        guard let text = view.searchText else { return tell(.message("no search yet: press / to search the effects")) }
        let lifetimes = view.spans?.lifetimes ?? []
        let visible = view.visibleIndices(of: lifetimes)
        let cursor = view.cursor
        let candidates = forward
            ? visible.filter { includingCursor ? $0 >= cursor : $0 > cursor }
            : visible.filter { $0 < cursor }.reversed()
        guard let found = candidates.first(where: { EffectsView.matches(lifetimes[$0], text) }) else {
            return tell(.message("no \(forward ? "later" : "earlier") effect matches \"\(text)\"".sanitizedForTerminal))
        }
        move(to: found, &view)
        loadRows(&view)
    }

    /// Moves the cursor; moving pauses following, as in the timeline.
    private mutating func move(to cursor: Int, _ view: inout EffectsView) {
        if cursor != view.cursor { tell(.following(false)) }
        view.cursor = cursor
        view.pendingSync = false
    }

    private mutating func open(_ view: inout EffectsView) {
        let firstTime = view.spans == nil
        read(&view)
        view.isShown = true
        syncCursor(&view, keepingOnSameSelection: !firstTime)
        view.anchor = context.selected
        loadRows(&view)
    }

    private func close(_ view: inout EffectsView) {
        view.isShown = false
        view.anchor = context.selected
        view.pendingSync = false
    }

    /// Puts the cursor on an effect of the selected action, else on the one running at its
    /// time; while the trace is still being read, tries again after each part.
    private func syncCursor(_ view: inout EffectsView, keepingOnSameSelection: Bool) {
        let entry = context.entry
        view.pendingSync = false
        if keepingOnSameSelection, view.anchor == context.selected {
            // Back on the same selection: the cursor stays where the user left it.
        } else if let current = view.selected, Self.isRelated(current, to: entry) {
            // The cursor is on an effect of the selected action already: keep it there.
        } else if let related = Self.relatedEffect(view, entry) {
            view.cursor = view.spans?.lifetimes.firstIndex(of: related) ?? 0
        } else {
            view.cursor = Self.effectRunning(at: entry, view)
            view.pendingSync = view.spans?.isComplete == false
        }
    }

    // MARK: - Reading

    /// Asks the reader to read on the effects of chunks not read yet (a part, then the next
    /// once it answers): the whole trace the first time; then what a growing trace appends.
    mutating func read(_ view: inout EffectsView) {
        let source = context.trace
        // Another session (a live source switched to it): start over.
        if view.spans?.source != source {
            view.spans = nil
            view.parents = [:]
        }
        // The trace's chunks are the reader's to count: until it answers, a first pass has
        // all of them to read.
        var spans = view.spans ?? EffectSpans(source: source, chunksKnown: .max, startNanos: source.header.startMonotonicNanos)
        guard !spans.isReadOffThread else {
            view.readsAgain = true
            return
        }
        spans.isReadOffThread = true
        view.spans = spans
        update.effects.append(.read(.effects(BackgroundReader.EffectsRequest(trace: source, spans: spans))))
    }

    /// Takes in a part of the effects the reader read, when the spans are still where they
    /// were when it was asked (same session, nothing read meanwhile), and asks for the next
    /// part until the trace is read (and once more when records arrived meanwhile). A read
    /// that got no further (the reader could not open the trace) asks no more.
    private mutating func takeIn(_ read: BackgroundReader.EffectsRead, _ view: inout EffectsView) {
        guard var spans = view.spans, spans.isReadOffThread, spans.source == read.request.spans.source,
            spans.chunksRead == read.request.spans.chunksRead else { return }
        let progressed = read.spans.chunksRead > spans.chunksRead
        spans = read.spans
        spans.isReadOffThread = false
        spans.noteMarks()
        view.spans = spans
        // What follows more effects read: the cursor, following, the rows on screen.
        if view.pendingSync { syncCursor(&view, keepingOnSameSelection: false) }
        if view.isShown, context.following, let last = view.spans?.lifetimes.indices.last {
            view.cursor = last
        }
        if view.isShown { loadRows(&view) }
        let again = view.readsAgain
        view.readsAgain = false
        if progressed && !spans.isComplete || again { self.read(&view) }
    }

    /// Loads the effect rows on screen, scrolled so the cursor is on them, and asks the
    /// reader for the parent actions it has not summarized yet.
    private mutating func loadRows(_ view: inout EffectsView) {
        guard let lifetimes = view.spans?.lifetimes else { return }
        let height = context.rows
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
        let parents = view.parents
        view.rows = shown.map { index in
            let lifetime = lifetimes[index]
            return EffectsView.Row(index: index, lifetime: lifetime, parent: lifetime.parentSeq.map { parents[$0] ?? "#\($0) …" })
        }
        let unread = shown.compactMap { lifetimes[$0].parentSeq }.filter { parents[$0] == nil }
        guard !unread.isEmpty else { return }
        let request = BackgroundReader.SummariesRequest(trace: context.trace, seqs: unread)
        guard request != view.parentsAsked else { return }
        view.parentsAsked = request
        update.effects.append(.read(.summaries(request)))
    }

    /// Takes in the parent actions the reader summarized, and shows them in the rows.
    private mutating func takeIn(_ summaries: BackgroundReader.Summaries, _ view: inout EffectsView) {
        if view.parentsAsked == summaries.request { view.parentsAsked = nil }
        guard summaries.request.trace == context.trace else { return }
        view.parents.merge(summaries.texts) { _, new in new }
        if view.isShown { loadRows(&view) }
    }

    // MARK: - Going to actions

    /// Selects the action that started `effect` in the timeline.
    private mutating func goToParent(of effect: EffectLifetime?, _ view: inout EffectsView) {
        guard let effect else { return }
        guard let parent = effect.parentSeq else {
            return tell(.message("effect \(effect.effectID) has no parent action: it was not started by a reducer"))
        }
        show(parent, of: effect, &view)
    }

    /// Selects the next action `effect` emitted after the selected one, from its first again
    /// after its last.
    private mutating func goToNextEmitted(by effect: EffectLifetime?, _ view: inout EffectsView) {
        guard let effect else { return }
        guard !effect.emitted.isEmpty else { return tell(.message("effect \(effect.effectID) emitted no action")) }
        let next = context.selected.flatMap { selected in effect.emitted.firstIndex(of: selected).map { effect.emitted[($0 + 1) % effect.emitted.count] } }
        show(next ?? effect.emitted[0], of: effect, &view)
    }

    /// Selects the action `effect` started after: its parent, or the last action before its
    /// start (``ScreenMove/lastBefore(time:)``), which becomes the anchor once the timeline
    /// lands on it (``EffectsAction/landed(on:)``).
    private mutating func goToStart(of effect: EffectLifetime?, _ view: inout EffectsView) {
        guard let effect else { return }
        if let parent = effect.parentSeq { return show(parent, of: effect, &view) }
        leave(for: effect, &view)
        tell(.move(.lastBefore(time: effect.startNanos &- context.trace.header.startMonotonicNanos)))
        view.anchorsOnAnswer = true
    }

    /// Back to the timeline with `seq` selected; `effect` stays under the effects cursor.
    private mutating func show(_ seq: UInt64, of effect: EffectLifetime, _ view: inout EffectsView) {
        leave(for: effect, &view)
        tell(.select(seq, unreadable: "#\(seq) is not in the readable trace"))
        view.anchor = seq
    }

    /// Closes the view for the timeline, `effect` under its cursor, following stopped.
    private mutating func leave(for effect: EffectLifetime, _ view: inout EffectsView) {
        if let index = view.spans?.lifetimes.firstIndex(of: effect) { view.cursor = index }
        view.isShown = false
        tell(.following(false))
    }
}
