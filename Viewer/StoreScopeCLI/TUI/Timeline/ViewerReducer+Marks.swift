import TraceAnalysis
import TraceFormat

/// The marks an app places with `Recorder.mark(_:)`, "to find a moment again in the viewer":
/// each shows in the timeline on the action it follows (`M` in the fx column, its name in the
/// changes column), and `)` and `(` go to the next and previous action with a mark, whatever
/// the filter hides (like bookmarks, `'` and `"`). The search reads the trace a part at a time
/// (a ``LongSearch``), so a mark far away is found without freezing the screen.
extension ViewerReducer {
    func jumpToMark(forward: Bool, in state: inout ViewerState) {
        guard let current = state.selected else { return }
        startSearch(.appMark, forward: forward, from: current, in: &state)
    }

    /// Selects the action the search found after a mark, or says there is none.
    func finishMarkJump(forward: Bool, found: ActionEntry?, in state: inout ViewerState) {
        guard let found else {
            state.message = "no mark \(forward ? "after" : "before") #\(state.selected ?? 0) (the app places marks with Recorder.mark)"
            return
        }
        state.following = false
        select(found.seq, in: &state)
        let names = Self.appMarks(of: found).map { "\"\($0)\"" }.joined(separator: ", ")
        state.message = "#\(found.seq) mark \(names) (\(forward ? ")" : "(") again for the \(forward ? "next" : "previous"))".sanitizedForTerminal
    }

    /// The names of the marks the app placed right after `entry`.
    static func appMarks(of entry: ActionEntry) -> [String] {
        entry.events.compactMap { record in
            if case let .log(log) = record, log.level == .mark { log.message } else { nil }
        }
    }
}
