extension ViewerRender {
    /// The bookmark mark, `*`, in the margin of each bookmarked row of the timeline's `rows`
    /// on screen, over the selected row's style.
    static func drawBookmarks(_ marks: MarksState, rows: ArraySlice<ViewerState.TimelineRow>, selected: UInt64?, into grid: inout ScreenGrid) {
        guard !marks.bookmarks.isEmpty, grid.width > 1 else { return }
        for (index, row) in rows.enumerated() {
            guard let seq = row.seq, marks.bookmarks.contains(seq) else { continue }
            var style = grid[index + 1, 1].style
            if seq != selected { style = .colored(.magenta, bold: true) }
            grid.put("*", row: index + 1, column: 1, style: style)
        }
    }
}
