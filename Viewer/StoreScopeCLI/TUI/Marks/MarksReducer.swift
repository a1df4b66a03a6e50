import TraceAnalysis

/// Bookmarks and the app's marks. `m` bookmarks the selected action (again: removes the
/// bookmark); `'` and `"` go to the next and previous bookmark, whatever the filter hides.
/// Bookmarks last for this run of the viewer. The marks an app places with
/// `Recorder.mark(_:)`, "to find a moment again in the viewer", show in the timeline on the
/// action they follow (`M` in the fx column, the name in the changes column); `)` and `(` go
/// to the next and previous action with a mark, whatever the filter hides, found by a search
/// of the trace a part at a time (a ``LongSearch``), so a mark far away is found without
/// freezing the screen.
enum MarksReducer {
    /// Updates the bookmarks for `action`, with the selected action's seq passed in (`nil`:
    /// none).
    static func reduce(into state: inout MarksState, _ action: MarksAction, selected: UInt64?) -> FeatureUpdate<MarksAction.Delegate> {
        switch action {
        case .toggleBookmark:
            guard let selected else { return .none }
            guard state.bookmarks.remove(selected) == nil else { return .tell(.message("removed the bookmark on #\(selected)")) }
            state.bookmarks.insert(selected)
            return .tell(.message("bookmarked #\(selected) (' next, \" previous)"))
        case let .nextBookmark(forward):
            guard !state.bookmarks.isEmpty else { return .tell(.message("no bookmarks: m bookmarks the selected action")) }
            guard let current = selected else { return .none }
            let target = forward ? state.bookmarks.filter { $0 > current }.min() : state.bookmarks.filter { $0 < current }.max()
            guard let target else { return .tell(.message("no bookmark \(forward ? "after" : "before") #\(current)")) }
            return .tell(.select(target))
        case let .nextMark(forward):
            guard let current = selected else { return .none }
            return .tell(.searchForMark(forward: forward, from: current))
        case let .markFound(forward, found):
            guard let found else {
                return .tell(.message("no mark \(forward ? "after" : "before") #\(selected ?? 0) (the app places marks with Recorder.mark)"))
            }
            let names = ViewerReducer.appMarks(of: found).map { "\"\($0)\"" }.joined(separator: ", ")
            let again = forward ? ") again for the next" : "( again for the previous"
            return .tell(.select(found.seq), .message("#\(found.seq) mark \(names) (\(again))".sanitizedForTerminal))
        }
    }
}
