import TraceAnalysis

/// The viewer's side of the timeline's search: hands it its actions with the trace, the
/// selection and the last seq, and does what it asks: select what it found, apply a filter,
/// show the timeline again, hand `}` `{` and `)` `(` what their searches found.
extension ViewerReducer {
    func reduce(_ action: SearchAction, in state: inout ViewerState) {
        let context = SearchAction.Context(trace: backgroundTrace, selected: state.selected, lastSeq: state.lastSeq)
        take(SearchReducer.reduce(into: &state.search, action, context)) { delegate in
            switch delegate {
            case let .message(text):
                state.message = text
            case let .select(seq):
                goTo(found: seq, in: &state)
            case let .filter(filter, seq):
                state.filter = filter
                select(seq, in: &state)
            case .reload:
                load(&state)
            case let .changeFound(change, forward, found):
                finishChange(change, forward: forward, found: found, in: &state)
            case let .markFound(forward, found):
                reduce(MarksAction.markFound(forward: forward, found), in: &state)
            }
        }
    }

    /// Starts a search for `goal` from action `seq` (``SearchAction/start(_:forward:from:)``).
    func startSearch(_ goal: LongSearch.Goal, forward: Bool, from seq: UInt64, in state: inout ViewerState) {
        reduce(SearchAction.start(goal, forward: forward, from: seq), in: &state)
    }

    /// Cancels the running search on any key; returns whether the key was only that (`esc`).
    func cancelSearch(on key: Key, in state: inout ViewerState) -> Bool {
        guard state.search.running != nil else { return false }
        reduce(SearchAction.cancel(by: key), in: &state)
        return key == .escape
    }

    /// Drops the running search, and tells the reader to read no more of it.
    func stopSearch(_ state: inout ViewerState) {
        reduce(SearchAction.stop, in: &state)
    }
}
