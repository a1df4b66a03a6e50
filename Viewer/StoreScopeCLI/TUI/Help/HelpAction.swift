/// What the `?` help does (``HelpReducer``).
package enum HelpAction: Sendable, Equatable {
    /// `?`: show the help from its first line.
    case open
    /// A key pressed while the help is shown.
    case key(Key)
}
