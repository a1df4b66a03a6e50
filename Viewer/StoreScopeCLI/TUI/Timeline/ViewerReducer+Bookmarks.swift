/// `m` bookmarks the selected action (again: removes the bookmark); `'` and `"` go to the next
/// and previous bookmark, whatever the filter hides. Bookmarks last for this run of the viewer.
extension ViewerReducer {
    func toggleBookmark(in state: inout ViewerState) {
        guard let selected = state.selected else { return }
        if state.bookmarks.remove(selected) == nil {
            state.bookmarks.insert(selected)
            state.message = "bookmarked #\(selected) (' next, \" previous)"
        } else {
            state.message = "removed the bookmark on #\(selected)"
        }
    }

    func jumpToBookmark(forward: Bool, in state: inout ViewerState) {
        guard !state.bookmarks.isEmpty else { state.message = "no bookmarks: m bookmarks the selected action"; return }
        guard let current = state.selected else { return }
        let target = forward ? state.bookmarks.filter { $0 > current }.min() : state.bookmarks.filter { $0 < current }.max()
        guard let target else {
            state.message = "no bookmark \(forward ? "after" : "before") #\(current)"
            return
        }
        state.following = false
        select(target, in: &state)
    }
}

extension ViewerRender {
    /// The bookmark mark, `*`, in the margin of each bookmarked timeline row.
    static func drawBookmarks(_ state: ViewerState, into grid: inout ScreenGrid) {
        guard !state.bookmarks.isEmpty, grid.width > 1 else { return }
        for (index, row) in state.timeline.rows.prefix(state.layout.timelineRows).enumerated() {
            guard let seq = row.seq, state.bookmarks.contains(seq) else { continue }
            let selected = seq == state.selected
            var style = grid[index + 1, 1].style
            if !selected { style = .colored(.magenta, bold: true) }
            grid.put("*", row: index + 1, column: 1, style: style)
        }
    }
}
