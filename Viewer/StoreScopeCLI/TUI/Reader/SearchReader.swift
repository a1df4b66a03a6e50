import TraceAnalysis
import TraceFormat

/// A timeline search worked out on the reader's session (``BackgroundReader``), a part of
/// ``partChunks`` chunks at a time: it runs on the reader's thread only, so a large chunk is
/// read there as any other and only makes its part slower. The reader answers after each part
/// (``SearchAnswer``) and reads the next one once it has answered the screens and details
/// asked meanwhile.
struct SearchReader {
    let session: TraceSession

    /// Chunks one part reads (in the search's direction).
    static let partChunks = 4

    /// The next part of `request`'s search.
    func part(_ request: SearchRequest) -> SearchAnswer {
        var search = request.search
        var found: PartResult
        while true {
            found = part(of: &search)
            guard case .exhausted = found, search.isFiltering, search.forward else { break }
            // A filter found nothing forward: it searches backward from the selection.
            search.forward = false
            search.resume = search.origin
        }
        search.percent = percent(of: search, last: request.lastSeq ?? search.resume)
        let outcome: SearchAnswer.Outcome = switch found {
        case let .found(entry): .found(entry)
        case .exhausted: .notFound
        case .searched: .searching
        }
        return SearchAnswer(trace: request.trace, search: search, outcome: outcome)
    }

    /// What a part did: found an action, searched on, or read everything.
    private enum PartResult { case found(ActionEntry), searched, exhausted }

    /// Searches the next ``partChunks`` chunks of holding actions in the search's direction.
    private func part(of search: inout LongSearch) -> PartResult {
        if search.forward {
            guard let end = session.partEnd(after: search.resume, chunks: Self.partChunks) else { return .exhausted }
            var found: ActionEntry?
            if case let .change(change) = search.goal, let node = change.node {
                found = nextChange(of: change.path, in: change.store, after: search.resume, through: end, startingAt: node)
            } else if case .appMark = search.goal, let seqs = ClosedRange.seqs(after: search.resume, through: end) {
                session.forEachAction(in: seqs) { item in
                    if case let .action(entry) = item, !ViewerReducer.appMarks(of: entry).isEmpty { found = entry; return false }
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
        guard let start = session.partStart(before: search.resume, chunks: Self.partChunks) else { return .exhausted }
        if case .appMark = search.goal {
            // No filter term finds marks: the part's actions, nearest first, looked at here.
            let found = session.actions(before: search.resume, after: start - min(start, 1), limit: .max).first { !ViewerReducer.appMarks(of: $0).isEmpty }
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
        case let .change(change): ViewerReducer.changeFilter(change.path, in: change.store)
        case .appMark: .all
        }
    }

    /// The first action of `store` after `seq` (up to `end`) whose changes touch `path`, where
    /// `node` is the value at `path` after `seq` (`nil`: no such node). A patch touches the
    /// path when one of its operations overlaps it; a keyframe, when its node differs from the
    /// one carried along (no operation touched it since).
    private func nextChange(of path: [PathComponent], in store: String, after seq: UInt64, through end: UInt64, startingAt node: TraceValue?) -> ActionEntry? {
        let pattern = ViewerReducer.pattern(path)
        var found: ActionEntry?
        guard let seqs = ClosedRange.seqs(after: seq, through: end) else { return nil }
        session.forEachAction(in: seqs) { item in
            guard case let .action(entry) = item, entry.action.store == store else { return true }
            if let keyframe = entry.keyframe {
                guard pattern.node(in: keyframe) == node else { found = entry; return false }
            } else if entry.operations.contains(where: { pattern.overlaps($0) }) {
                found = entry
                return false
            }
            return true
        }
        return found
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
}
