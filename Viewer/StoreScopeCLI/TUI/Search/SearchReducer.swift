import TraceAnalysis

/// The timeline's search of the trace (``LongSearch``): `/` ⏎, `n` `N`, a filter applied,
/// `}` `{` and `)` `(` start one, which the reader reads a part at a time (``SearchRequest``,
/// ``SearchReader``); each answer says how far it got, any key cancels it, and the search ends
/// by asking the viewer to select what it found, or saying there is none. The reducer sees
/// its own state (``TimelineSearch``) and the trace, selection and last seq passed in.
enum SearchReducer {
    typealias Update = FeatureUpdate<SearchAction.Delegate>

    /// Updates the search for `action`, on the viewer as `context` says it is.
    static func reduce(into state: inout TimelineSearch, _ action: SearchAction, _ context: SearchAction.Context) -> Update {
        switch action {
        case let .start(goal, forward, seq):
            return start(goal, forward: forward, from: seq, into: &state, context)
        case let .search(filter):
            state.last = filter.expression == .all ? nil : filter
            return reduce(into: &state, .next(forward: true), context)
        case let .next(forward):
            guard let search = state.last else { return .tell(.message("no search yet: press / to search")) }
            guard let current = context.selected else { return .none }
            return start(.match(search), forward: forward, from: current, into: &state, context)
        case let .answer(answer):
            return takeIn(answer, into: &state, context)
        case let .cancel(key):
            guard let search = state.running else { return .none }
            var update = stop(&state)
            if search.isFiltering { update.delegates.append(.reload) }
            if key == .escape { update.delegates.append(.message("search cancelled")) }
            return update
        case .stop:
            return stop(&state)
        }
    }

    /// Asks the reader for a search from `seq`; its first part is in the key's frame (a match
    /// close by is found at once).
    private static func start(_ goal: LongSearch.Goal, forward: Bool, from seq: UInt64, into state: inout TimelineSearch, _ context: SearchAction.Context) -> Update {
        // A filter keeps the selection when it shows it: its forward pass starts at it.
        let resume = if case .filter = goal { seq - min(seq, 1) } else { seq }
        state.started += 1
        let search = LongSearch(goal: goal, forward: forward, origin: seq, resume: resume, number: state.started)
        state.running = search
        return Update(effects: [.read(.search(SearchRequest(trace: context.trace, search: search, lastSeq: context.lastSeq)))])
    }

    /// Takes in a part of the running search the reader read: its progress, or what it found.
    /// An answer for a search since cancelled or replaced is dropped; one for a session since
    /// replaced drops the search.
    private static func takeIn(_ answer: SearchAnswer, into state: inout TimelineSearch, _ context: SearchAction.Context) -> Update {
        guard state.running?.number == answer.search.number else { return .none }
        guard answer.trace == context.trace else { return stop(&state) }
        switch answer.outcome {
        case .searching:
            state.running = answer.search
            state.running?.partsRead += 1
            return .none
        case let .found(entry): return finish(answer.search, found: entry, into: &state)
        case .notFound: return finish(answer.search, found: nil, into: &state)
        case .unreadable:
            var update = finish(answer.search, found: nil, into: &state)
            update.delegates.append(.message("the search could not read the trace: try again"))
            return update
        }
    }

    /// Drops the running search, and tells the reader to read no more of it.
    private static func stop(_ state: inout TimelineSearch) -> Update {
        guard state.running != nil else { return .none }
        state.running = nil
        return Update(effects: [.read(.stopSearch)])
    }

    private static func finish(_ search: LongSearch, found: ActionEntry?, into state: inout TimelineSearch) -> Update {
        state.running = nil
        switch search.goal {
        case let .match(filter):
            guard let found else {
                return .tell(.message("no \(search.forward ? "later" : "earlier") match for \(filter.description)".sanitizedForTerminal))
            }
            return .tell(.select(found.seq))
        case let .filter(filter):
            let select = SearchAction.Delegate.filter(filter, select: found?.seq ?? search.origin)
            guard found == nil else { return .tell(select) }
            return .tell(.message("no action matches \(filter.description)".sanitizedForTerminal), select)
        case let .change(change):
            return .tell(.changeFound(change, forward: search.forward, found))
        case .appMark:
            return .tell(.markFound(forward: search.forward, found))
        }
    }
}
