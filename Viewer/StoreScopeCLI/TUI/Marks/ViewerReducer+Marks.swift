import TraceAnalysis

/// The viewer's side of the marks: hands them their actions with the selection, selects what
/// they found, and runs the search for an app's mark they ask for.
extension ViewerReducer {
    func reduce(_ action: MarksAction, in state: inout ViewerState) {
        take(MarksReducer.reduce(into: &state.marks, action, selected: state.selected)) { delegate in
            switch delegate {
            case let .message(text):
                state.message = text
            case let .select(seq):
                goTo(found: seq, in: &state)
            case let .searchForMark(forward, seq):
                startSearch(.appMark, forward: forward, from: seq, in: &state)
            }
        }
    }

    /// The names of the marks the app placed right after `entry`.
    static func appMarks(of entry: ActionEntry) -> [String] {
        entry.events.compactMap { record in
            if case let .log(log) = record, log.level == .mark { log.message } else { nil }
        }
    }
}
