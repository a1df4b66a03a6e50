/// What the control keys do (``ControlReducer``).
package enum ControlAction: Sendable, Equatable {
    /// One of the control keys (``ControlReducer/keys``) was pressed.
    case key(Key)
    /// The `D` prompt submitted an action to send to the app, in the literal syntax the
    /// viewer prints.
    case dispatch(ViewerState.Prompt)

    /// What the control keys ask of the viewer.
    enum Delegate: Sendable, Equatable {
        /// A line for the message line: what was sent, or why nothing was.
        case message(String)
        /// Opens `line` at the prompt: `D`'s empty one, or a typed action refused, with why.
        case prompt(ViewerState.Prompt)
    }

    /// What the control keys read of the viewer, read-only.
    struct Context: Sendable, Equatable {
        /// The live session shown (`nil`: the viewer shows a trace file, not a live app).
        var app: App?
        /// The selected action's seq (`nil`: none).
        var selected: UInt64?
        /// The store the keys act on: the selected action's, else the session's main store.
        var store: String

        /// A live session the keys act on.
        struct App: Sendable, Equatable {
            /// Its tag, which the listener routes requests by.
            var session: String
            /// Whether it ended: there is no app to act on.
            var hasEnded: Bool
        }
    }
}
