import TraceAnalysis
import TraceFormat

/// Running a ``LongSearch`` a part at a time: started by its key, advanced by ticks,
/// cancelled by any key, finished by selecting what it found or saying there is none.
extension ViewerReducer {
    /// Starts a search from `seq` and reads its first part (a match close by is found at once).
    func startSearch(_ goal: LongSearch.Goal, forward: Bool, from seq: UInt64, in state: inout ViewerState) {
        // A filter keeps the selection when it shows it: its forward pass starts at it.
        let resume = if case .filter = goal { seq - min(seq, 1) } else { seq }
        state.search.running = LongSearch(goal: goal, forward: forward, origin: seq, resume: resume, engine: ObjectIdentifier(session))
        advanceSearch(&state)
    }

    /// Reads one more part of the running search (parts of ``PartBudget/chunks`` chunks until
    /// its time is up), and finishes it when it found an action or read everything.
    func advanceSearch(_ state: inout ViewerState) {
        guard var search = state.search.running else { return }
        guard search.engine == ObjectIdentifier(session) else { state.search.running = nil; return }
        var outcome: PartResult = .searched
        state.search.budget.spend { chunks in
            while true {
                outcome = part(of: &search, chunks: chunks)
                guard case .exhausted = outcome, search.isFiltering, search.forward else { break }
                // A filter found nothing forward: it searches backward from the selection.
                search.forward = false
                search.resume = search.origin
            }
            if case .searched = outcome { return true }
            return false
        }
        switch outcome {
        case let .found(entry): return finish(search, found: entry, in: &state)
        case .exhausted: return finish(search, found: nil, in: &state)
        case .searched: break
        case let .waiting(chunk):
            // The reader reads the large chunks ahead; the ticks go on once they are read.
            askForChunks(from: chunk, forward: search.forward, count: Self.searchChunksAhead, in: &state)
        }
        search.percent = percent(of: search, last: state.lastSeq ?? search.resume)
        state.search.running = search
    }

    /// Cancels the running search on any key; returns whether the key was only that (`esc`).
    func cancelSearch(on key: Key, in state: inout ViewerState) -> Bool {
        guard let search = state.search.running else { return false }
        state.search.running = nil
        if search.isFiltering { load(&state) }
        guard key == .escape else { return false }
        state.message = "search cancelled"
        return true
    }

    /// What a part did: found an action, searched on, read everything, or stopped before a
    /// large chunk not yet read (``TraceSession/deferringChunks(over:_:)``), which the
    /// ``BackgroundReader`` reads before the search goes on.
    private enum PartResult { case found(ActionEntry), searched, exhausted, waiting(chunk: Int) }

    /// How many chunks past a large one a waiting search asks the reader for.
    static let searchChunksAhead = 8

    /// Searches the next `chunks` chunks of holding actions in the search's direction, up to
    /// the first large chunk not yet read: the part then ends there, to go on from where it
    /// started once the reader read it.
    private func part(of search: inout LongSearch, chunks: Int) -> PartResult {
        let resume = search.resume
        let (result, deferred) = readingSmallChunks { partReadingAll(of: &search, chunks: chunks) }
        guard let deferred else { return result }
        if case .found = result { return result }
        search.resume = resume
        return .waiting(chunk: deferred)
    }

    private func partReadingAll(of search: inout LongSearch, chunks: Int) -> PartResult {
        if search.forward {
            guard let end = session.partEnd(after: search.resume, chunks: chunks) else { return .exhausted }
            var found: ActionEntry?
            if case let .change(change) = search.goal, let node = change.node {
                found = nextChange(of: change.path, in: change.store, after: search.resume, through: end, startingAt: node)
            } else if case .appMark = search.goal, let seqs = ClosedRange.seqs(after: search.resume, through: end) {
                session.forEachAction(in: seqs) { item in
                    if case let .action(entry) = item, !Self.appMarks(of: entry).isEmpty { found = entry; return false }
                    return true
                }
            } else if let seqs = ClosedRange.seqs(after: search.resume, through: end) {
                session.forEachAction(in: seqs, matching: filter(of: search.goal)) { item in
                    if case let .action(entry) = item { found = entry; return false }
                    return true
                }
            }
            return accept(found, resumingAt: end, in: &search)
        }
        guard let start = session.partStart(before: search.resume, chunks: chunks) else { return .exhausted }
        if case .appMark = search.goal {
            // No filter term finds marks: the part's actions, nearest first, looked at here.
            let found = session.actions(before: search.resume, after: start - min(start, 1), limit: .max).first { !Self.appMarks(of: $0).isEmpty }
            return accept(found, resumingAt: start, in: &search)
        }
        let found = session.actions(before: search.resume, after: start - min(start, 1), matching: filter(of: search.goal), limit: 1).first
        return accept(found, resumingAt: start, in: &search)
    }

    /// A found action, unless it is another store's that a store glob matched: then the search
    /// goes on from it.
    private func accept(_ found: ActionEntry?, resumingAt next: UInt64, in search: inout LongSearch) -> PartResult {
        if let found {
            guard case let .change(change) = search.goal, found.action.store != change.store else { return .found(found) }
            search.resume = found.seq
            return .searched
        }
        search.resume = next
        return .searched
    }

    private func filter(of goal: LongSearch.Goal) -> Filter {
        switch goal {
        case let .match(filter), let .filter(filter): filter
        case let .change(change): changeFilter(change.path, in: change.store)
        case .appMark: .all
        }
    }

    /// How much of the distance to read was read: to the last action forward, to the first
    /// backward; a filter reads both.
    private func percent(of search: LongSearch, last: UInt64) -> Int {
        let ahead = last > search.origin ? last - search.origin : 0
        let done: UInt64, total: UInt64
        switch (search.isFiltering, search.forward) {
        case (_, true): done = search.resume - min(search.resume, search.origin); total = search.isFiltering ? max(last, 1) : max(ahead, 1)
        case (true, false): done = ahead.addingSaturated(search.origin - min(search.origin, search.resume)); total = max(last, 1)
        case (false, false): done = search.origin - min(search.origin, search.resume); total = max(search.origin, 1)
        }
        // In Double: seqs go up to UInt64.max, where `done * 100` does not fit.
        return Int(min(99, Double(done) / Double(total) * 100))
    }

    private func finish(_ search: LongSearch, found: ActionEntry?, in state: inout ViewerState) {
        state.search.running = nil
        switch search.goal {
        case let .match(filter):
            guard let found else {
                state.message = "no \(search.forward ? "later" : "earlier") match for \(filter.description)".sanitizedForTerminal
                return
            }
            state.following = false
            select(found.seq, in: &state)
        case let .filter(filter):
            state.filter = filter
            if found == nil { state.message = "no action matches \(filter.description)".sanitizedForTerminal }
            select(found?.seq ?? search.origin, in: &state)
        case let .change(change):
            finishChange(change, forward: search.forward, found: found, in: &state)
        case .appMark:
            finishMarkJump(forward: search.forward, found: found, in: &state)
        }
    }
}
