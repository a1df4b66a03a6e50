/// The `?` help's part of ``ViewerState``: whether it is shown, and its first line shown.
/// ``HelpReducer`` updates it, ``ViewerHelp`` draws it.
struct HelpState: Sendable, Equatable {
    /// Whether the help covers the screen.
    var isShown = false
    /// Its first line shown (it scrolls in a short window).
    var top = 0

    /// Hands `key` to the help while it is shown (the viewer's keys, and the screen waiting
    /// for the first session), in a window whose help area is `rows` rows.
    ///
    /// - Returns: whether the help took the key (`false`: the help is not shown).
    mutating func handle(_ key: Key, rows: Int) -> Bool {
        guard isShown else { return false }
        _ = HelpReducer.reduce(into: &self, .key(key), rows: rows)
        return true
    }
}
