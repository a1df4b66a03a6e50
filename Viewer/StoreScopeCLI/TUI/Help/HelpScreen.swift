/// The `?` help as a feature of its own: its state (shown, and the first line shown) and its
/// update, which sees nothing else of the viewer. Like less, j/k and the arrows scroll a line,
/// PgDn/PgUp (and space/b) a page, g/G (Home/End) to the ends; any other key closes it.
/// ``ViewerHelp`` draws it.
struct HelpScreen: Sendable, Equatable {
    /// Whether the help covers the screen.
    var isShown = false
    /// Its first line shown (it scrolls in a short window).
    var top = 0

    /// Handles `key` while the help is shown, in a window whose help area is `rows` rows.
    ///
    /// - Returns: whether the help used the key (`false`: the help is not shown).
    mutating func handle(_ key: Key, rows: Int) -> Bool {
        guard isShown else { return false }
        let page = ViewerHelp.Page(top: top, rows: rows)
        let last = ViewerHelp.Page.lastTop(rows: rows)
        switch key {
        case .character("j"), .down: top = min(last, page.first + 1)
        case .character("k"), .up: top = max(0, page.first - 1)
        case .pageDown, .character(" "): top = min(last, page.first + page.count)
        case .pageUp, .character("b"): top = max(0, page.first - page.count)
        case .character("g"), .home: top = 0
        case .character("G"), .end: top = last
        default: self = HelpScreen()
        }
        return true
    }
}
