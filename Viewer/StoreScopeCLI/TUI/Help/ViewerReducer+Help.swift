/// Keys while the `?` help is open: like less, j/k and the arrows scroll a line, PgDn/PgUp
/// (and space/b) a page, g/G (Home/End) to the ends; any other key closes the help.
extension ViewerReducer {
    /// Handles `key` if the help is open.
    ///
    /// - Returns: whether the help used the key (`false`: the help is not open).
    func handleHelpKey(_ key: Key, in state: inout ViewerState) -> Bool {
        guard state.showingHelp else { return false }
        let rows = ViewerLayout(columns: state.columns, rows: state.rows).statusRow
        let page = ViewerHelp.Page(top: state.helpTop, rows: rows)
        let last = ViewerHelp.Page.lastTop(rows: rows)
        switch key {
        case .character("j"), .down: state.helpTop = min(last, page.first + 1)
        case .character("k"), .up: state.helpTop = max(0, page.first - 1)
        case .pageDown, .character(" "): state.helpTop = min(last, page.first + page.count)
        case .pageUp, .character("b"): state.helpTop = max(0, page.first - page.count)
        case .character("g"), .home: state.helpTop = 0
        case .character("G"), .end: state.helpTop = last
        default:
            state.showingHelp = false
            state.helpTop = 0
        }
        return true
    }
}
