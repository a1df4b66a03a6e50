extension ViewerRender {
    /// The timeline while a filter is being applied: how far the search for its first action
    /// got, in place of the rows.
    ///
    /// - Returns: whether a filter is being applied (the rows are not drawn then).
    static func drawFilterProgress(_ search: TimelineSearch, into grid: inout ScreenGrid) -> Bool {
        guard let running = search.running, running.isFiltering else { return false }
        grid.put("  searching… \(running.percent)%", row: 1, column: 0, style: .dim)
        return true
    }

    /// The prompt line while a search runs: how far it got, and that `esc` cancels it.
    ///
    /// - Returns: whether a search runs (the line holds nothing else then).
    static func drawSearchProgress(_ search: TimelineSearch, row: Int, into grid: inout ScreenGrid) -> Bool {
        guard let running = search.running else { return false }
        grid.put("searching… \(running.percent)% (esc cancels)", row: row, column: 0, style: .colored(.yellow))
        return true
    }
}
