/// What the prompt does (``PromptReducer``): open a line, take a key typed into it.
package enum PromptAction: Sendable, Equatable {
    /// Opens `line`: an empty prompt of a kind, or a line the viewer refused again, with why.
    case open(ViewerState.Prompt)
    /// A key typed while the line is open.
    case key(Key)

    /// What the prompt asks of the viewer.
    enum Delegate: Sendable, Equatable {
        /// `enter` submitted `line`, now closed: the viewer acts on it (a jump, a filter, a
        /// search, an action for the live app), and opens it again with an error if it refuses it.
        case submitted(ViewerState.Prompt)
    }
}
