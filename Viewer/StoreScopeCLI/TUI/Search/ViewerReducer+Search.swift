import TraceAnalysis
import TraceFormat

/// Running a ``LongSearch`` on the reader: started by its key, answered a part at a time
/// (``SearchReader``), each answer showing how far it got, cancelled by any key, finished by
/// selecting what it found or saying there is none.
extension ViewerReducer {
    /// Asks the reader for a search from `seq`; its first part is in the key's frame (a match
    /// close by is found at once).
    func startSearch(_ goal: LongSearch.Goal, forward: Bool, from seq: UInt64, in state: inout ViewerState) {
        // A filter keeps the selection when it shows it: its forward pass starts at it.
        let resume = if case .filter = goal { seq - min(seq, 1) } else { seq }
        state.search.started += 1
        let search = LongSearch(goal: goal, forward: forward, origin: seq, resume: resume, number: state.search.started)
        state.search.running = search
        ask(.read(.search(SearchRequest(trace: backgroundTrace, search: search, lastSeq: state.lastSeq))))
    }

    /// Takes in a part of the running search the reader read: its progress, or what it found.
    /// An answer for a search since cancelled or replaced is dropped; one for a session since
    /// replaced drops the search.
    func takeIn(_ answer: SearchAnswer, in state: inout ViewerState) {
        guard state.search.running?.number == answer.search.number else { return }
        guard answer.trace == backgroundTrace else { return stopSearch(&state) }
        switch answer.outcome {
        case .searching:
            state.search.running = answer.search
            state.search.running?.partsRead += 1
        case let .found(entry): finish(answer.search, found: entry, in: &state)
        case .notFound: finish(answer.search, found: nil, in: &state)
        case .unreadable:
            finish(answer.search, found: nil, in: &state)
            state.message = "the search could not read the trace: try again"
        }
    }

    /// Cancels the running search on any key; returns whether the key was only that (`esc`).
    func cancelSearch(on key: Key, in state: inout ViewerState) -> Bool {
        guard let search = state.search.running else { return false }
        stopSearch(&state)
        if search.isFiltering { load(&state) }
        guard key == .escape else { return false }
        state.message = "search cancelled"
        return true
    }

    /// Drops the running search, and tells the reader to read no more of it.
    func stopSearch(_ state: inout ViewerState) {
        guard state.search.running != nil else { return }
        state.search.running = nil
        ask(.read(.stopSearch))
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
