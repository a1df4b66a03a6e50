import TraceAnalysis
import TraceFormat

/// The timeline's screen worked out on the reader's session (``BackgroundReader``): the moves
/// of a ``ScreenRequest`` in order, each as the key that made it moves (scrolling the window so
/// the selection is on it), then the rows, the selected action and the totals. It runs on the
/// reader's queue only, so a chunk of any size is read here as any other: one holding a
/// keyframe of a million entries only makes the answer later.
struct TimelineReader {
    let session: TraceSession
    let filter: Filter
    let height: Int
    var selected: UInt64?
    var top: UInt64
    /// Whether a move went elsewhere than the last action: following stops.
    var stopsFollowing = false
    var rows: [ViewerState.TimelineRow] = []
    var entry: ActionEntry?
    var message: String?
    /// What a step of playing passed.
    var played: ScreenAnswer.Played?
    /// The rows from ``top`` as last read, kept by the reader between requests: a key that moves
    /// within the window reads no chunk again (on a trace whose every chunk holds a keyframe of
    /// a million entries, listing ten rows decoded ten of them, 1-3 s).
    var read: ViewerState.ReadTimeline?
    /// Whether a move loaded the screen (one that only says something leaves it to the end).
    private var loaded = false
    /// What the status line counts, and the session's main store: worked out by the reader once
    /// per change of the trace (``totals(of:)``, ``mainStore(of:)``), not once per answer.
    let totals: ScreenAnswer.Totals
    let mainStore: String

    /// A state with more nodes than this is large: a timeline row leaves such a keyframe out
    /// (its detail decodes it). Typical app states are far smaller.
    static let largeState = 250_000

    init(session: TraceSession, request: ScreenRequest, read: ViewerState.ReadTimeline?, totals: ScreenAnswer.Totals, mainStore: String) {
        self.session = session
        self.totals = totals
        self.mainStore = mainStore
        filter = request.filter
        height = request.height
        selected = request.selected
        top = request.top
        self.read = read
    }

    /// The screen after `request`'s moves.
    mutating func answer(_ request: ScreenRequest) -> ScreenAnswer {
        for move in request.moves { apply(move, lastSeq: totals.lastSeq) }
        if !loaded { load() }
        return ScreenAnswer(
            request: request, selected: selected, top: top, stopsFollowing: stopsFollowing, rows: rows, entry: entry, message: message,
            totals: totals, mainStore: mainStore, played: played)
    }

    private mutating func apply(_ move: ScreenMove, lastSeq: UInt64?) {
        switch move {
        case .reload: load()
        case .fill:
            load()
            fillWindow()
        case let .select(seq, unreadable):
            select(seq)
            if let unreadable, entry?.seq != seq { message = unreadable }
        case let .step(count): step(count)
        case let .jump(point): jump(to: session.seq(at: point), named: point.description)
        case let .travel(forward): travel(forward: forward)
        case .first:
            let first = session.action(after: 0, matching: filter)?.seq
            if first != selected { stopsFollowing = true }
            // The window starts at the trace's start, `#0` above the first action, as when it opened.
            top = 0
            select(first)
        case .last: select(session.lastAction(matching: filter)?.seq)
        case let .opening(following):
            let seq = following ? session.lastAction(matching: filter)?.seq : session.action(after: 0, matching: filter)?.seq
            select(seq ?? lastSeq)
        case let .lastBefore(time):
            let before = session.seq(atTime: time)
            stopsFollowing = true
            select(before > 0 ? before : session.seqRange?.lowerBound)
        case .rewindAtEnd:
            guard let current = selected, session.action(after: current) == nil else { return load() }
            select(session.seqRange?.lowerBound)
        case let .play(until, limit): play(until: until, limit: limit)
        }
    }

    // MARK: - Moves

    /// Selects `seq` (keeping the selection when `nil`) and loads the screen.
    private mutating func select(_ seq: UInt64?) {
        if let seq { selected = seq }
        load()
    }

    private mutating func step(_ count: Int) {
        guard let current = selected else { return }
        // One engine pass for the whole move, not one query per matching action.
        var seq = current
        let shown = currentRows?.actionSeqs ?? []
        if let here = shown.firstIndex(of: current), shown.indices.contains(here + count) {
            // Within the rows read last: no engine pass.
            seq = shown[here + count]
        } else if count > 0, let after = ClosedRange.seqs(after: current) {
            var left = count
            session.forEachAction(in: after, matching: filter) { item in
                guard case let .action(entry) = item else { return true }
                seq = entry.seq
                left -= 1
                return left > 0
            }
        } else if count < 0, current > 0 {
            let wanted = Int(count.magnitude)
            let above = session.actions(before: current, after: 0, matching: filter, limit: wanted)
            seq = above.last?.seq ?? current
            // Above the first action: the initial state, #0.
            if above.count < wanted, hasInitialState { seq = 0 }
        }
        if seq != current { stopsFollowing = true }
        select(seq)
    }

    /// `:N`: the first action from `seq` on. `start`, `0` (or a time before the first action):
    /// the initial state, #0, as `storescope state --at start` answers.
    private mutating func jump(to seq: UInt64, named name: String) {
        let found = seq == 0 && hasInitialState ? nil : session.action(after: seq - min(seq, 1))
        guard let target = seq == 0 && hasInitialState ? 0 : found?.seq else {
            message = "\(name) is past the last action"
            return
        }
        stopsFollowing = true
        select(target)
    }

    /// A step of playing: passes the actions after the selection recorded by `target`, at most
    /// `limit`, and notes the first one after them.
    private mutating func play(until target: UInt64, limit: Int) {
        guard let current = selected else { return load() }
        var passed = 0, reached: ActionEntry?, next: ActionEntry?
        if let after = ClosedRange.seqs(after: current) {
            session.forEachAction(in: after) { item in
                guard case let .action(action) = item else { return true }
                guard passed < limit, action.sinceStart <= target else {
                    next = action
                    return false
                }
                reached = action
                passed += 1
                return true
            }
        }
        played = .init(passed: passed, reached: reached, next: next?.sinceStart)
        select(reached?.seq)
    }

    /// The next or previous state: one action, whatever the filter hides.
    private mutating func travel(forward: Bool) {
        guard let current = selected else { return }
        let found = forward ? session.action(after: current) : session.action(before: current)
        let next = forward ? found?.seq : found?.seq ?? (current > 0 && hasInitialState ? 0 : nil)
        guard let next else {
            message = forward ? "at the last action" : current == 0 ? "at the initial state" : "at the first action"
            return
        }
        stopsFollowing = true
        select(next)
    }

    /// After the window grew: when the timeline ends before the window does while actions lie
    /// above its first row, it scrolls back so that every row it has is used (a window made
    /// small, which scrolled down to keep the selection, then made large again).
    private mutating func fillWindow() {
        let free = height - rows.count
        guard free > 0, top > 0 else { return }
        let above = session.actions(before: top, after: 0, matching: filter, limit: free)
        // Fewer than the free rows: back to the start, where #0 may take one.
        let filled = above.count < free ? 0 : above.last?.seq ?? top
        guard filled != top else { return }
        top = filled
        load()
    }

    // MARK: - The screen

    /// Loads the window (scrolled so the selection is on it), the rows and the selected action.
    private mutating func load() {
        loaded = true
        if let selected {
            if selected < top {
                top = selected
            } else if currentRows?.actionSeqs.contains(selected) != true {
                // Scroll down when the selection is below the window: a full window of
                // matching actions after the top above it (none in a window of one row, whose
                // row is the selection's).
                let above = session.actions(before: selected, after: top, matching: filter, limit: height - 1)
                if above.count == height - 1 { top = above.last?.seq ?? selected }
            }
        }
        rows = timelineRows()
        // `!! records lost` rows take lines too: scroll on while the selection is below them.
        for _ in 0..<height {
            guard let selected, rows.count == height, let last = rows.last(where: { $0.seq != nil })?.seq, last < selected,
                let next = session.action(after: top, matching: filter)?.seq, next <= selected else { break }
            top = next
            rows = timelineRows()
        }
        entry = selectedEntry()
        showInitialState()
    }

    /// The rows from ``top`` as last read, when nothing they depend on changed since.
    private var currentRows: ViewerState.ReadTimeline? {
        guard let read, read.top == top, read.count == height, read.filter == filter, read.session == session.opening,
            read.chunks == session.chunks.count else { return nil }
        return read
    }

    private mutating func timelineRows() -> [ViewerState.TimelineRow] {
        if let read = currentRows { return read.rows }
        var rows: [ViewerState.TimelineRow] = []
        if height > 0 {
            session.forEachAction(in: top...UInt64.max, matching: filter) { item in
                switch item {
                case let .action(entry):
                    // A large keyframe stays out of the row: the detail reads it from the session.
                    let row = entry.keyframe?.hasMoreNodes(than: Self.largeState) == true ? entry.leavingOutKeyframe() : entry
                    rows.append(.action(row, changedPaths: changedPaths(of: row)))
                    if rows.count < height, let reconnect = ReconnectNote.summary(after: entry) { rows.append(.reconnect(reconnect)) }
                case let .damage(damage):
                    rows.append(.damage(damage.description))
                }
                return rows.count < height
            }
        }
        read = ViewerState.ReadTimeline(top: top, count: height, filter: filter, session: session.opening, chunks: session.chunks.count, rows: rows)
        return rows
    }

    /// The selected action: on the rows, else read (`#0`'s is ``showInitialState()``'s).
    private func selectedEntry() -> ActionEntry? {
        guard let seq = selected, !(seq == 0 && hasInitialState) else { return nil }
        let shown = rows.lazy.compactMap { if case let .action(entry, _) = $0, entry.seq == seq { entry } else { nil } }.first
        guard let entry = shown ?? session.action(after: seq - min(seq, 1)), entry.seq == seq else { return nil }
        return entry
    }

    /// The paths `entry` changed. A keyframe's changes are a comparison with the state before
    /// (a replay): for a large state (a row leaves its keyframe out) worked out only once its
    /// detail was read. When the filter asks about paths and the action changed some of them
    /// and more, those come first and a count stands for the others (`.unreadCount +4`), as
    /// `storescope log` scopes its changes. After actions whose states the recorder let go, the
    /// patch holds their changes too: `#3…:` first says since which action, as `log` does.
    private func changedPaths(of entry: ActionEntry) -> ViewerState.ChangedPaths {
        guard entry.stateRecorded else { return .notRecorded }
        if entry.keyframeLeftOut, !session.knowsChanges(of: entry) { return .notYetRead }
        guard let operations = session.changes(of: entry) else { return .unknown }
        // Case names need the state after the action: not read for a row whose keyframe (of a
        // large state) was left out.
        let state = entry.keyframeLeftOut ? nil : session.caseNamedPaths.state(for: entry, operations)
        let inScope = filter.askedPaths.operations(overlapping: operations)
        let shown = inScope.isEmpty ? operations : inScope
        var paths = entry.statesNotRecordedSince.map { ["#\($0)…:"] } ?? []
        for operation in shown {
            let path = renderPath(operation.path, in: state)
            if paths.last != path { paths.append(path.isEmpty ? "state" : path) }
        }
        if shown.count < operations.count { paths.append("+\(operations.count - shown.count)") }
        return .known(paths)
    }

    // MARK: - The initial state, #0

    /// Whether there is an initial state row: the trace has an action.
    private var hasInitialState: Bool { session.seqRange != nil }

    /// The session's main store (``SessionStores``), from the keyframes alone: the reader does
    /// not read a damaged trace's every action for it.
    static func mainStore(of session: TraceSession) -> String { session.stores(readingActions: false).main ?? session.header.storeName }

    /// `#0`, the initial state (DevTools' `@@INIT`): the first row of the timeline, above the
    /// first action, when the trace has actions and no filter hides actions; selected, its
    /// detail is the main store's state before any action.
    private mutating func showInitialState() {
        guard hasInitialState else { return }
        if selected == 0 {
            entry = ActionEntry(
                action: ActionRecord(
                    seq: 0, store: mainStore, monotonicNanos: session.header.startMonotonicNanos,
                    wallNanos: session.header.startWallNanos, reducerNanos: 0, action: .enumeration(type: "", caseName: "@@INIT", payload: [])),
                sinceStart: 0)
        }
        // Under a filter the timeline lists the matching actions only (`:start` still
        // selects #0, hidden by the filter like any state `[` travels to).
        guard top == 0, filter.expression == .all else { return }
        let withInitial = [ViewerState.TimelineRow.initial(store: mainStore)] + rows
        // The row must not push the selection off the window (damage rows take lines too):
        // then the window starts at the first action instead.
        if let selected, selected != 0, rows.prefix(height).contains(where: { $0.seq == selected }),
            !withInitial.prefix(height).contains(where: { $0.seq == selected }) {
            top = session.action(after: 0, matching: filter)?.seq ?? 0
            return
        }
        rows = Array(withInitial.prefix(height))
    }

    // MARK: - Totals

    /// What the status line counts, from the last action and the session's drops and damage.
    static func totals(of session: TraceSession) -> ScreenAnswer.Totals {
        let last = session.lastAction()
        let closed = last?.events.contains { if case .sessionEnded = $0 { true } else { false } } ?? false
        return .init(
            lastSeq: last?.seq, span: last?.sinceStart ?? 0, closed: closed, complete: session.reader.isComplete, dropped: session.droppedActions().count,
            damaged: session.damage.count)
    }
}
