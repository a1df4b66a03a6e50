import TraceAnalysis

/// What the sessions do (``SessionsReducer``): sessions starting, ending and reconnecting, the
/// reader asked to read on in each and its answer, and the keys that switch between them
/// (`<` `>`, the `S` list).
package enum SessionsAction: Sendable, Equatable {
    /// The viewer opened: the sessions known now (none yet: the screen waits for
    /// `waitingFor`, with `hint` under it).
    case start(waitingFor: String?, hint: String?)
    /// Source `index` of ``ViewerSources`` arrived.
    case started(index: Int)
    /// The app of source `index` reconnected and continues its session: the source reads the
    /// same session again, with the records of the new connection after a reconnect row.
    case resumed(index: Int)
    /// Source `index` will receive nothing more.
    case ended(index: Int)
    /// The poll interval passed: the reader reads on in every source's trace (``SessionsRequest``).
    case poll
    /// What the reader read of every source.
    case answer(SessionsAnswer)
    /// `<` `>` `S`, a key in the `S` list, or a key on the screen waiting for the first session
    /// (``SessionsReducer/takes(_:in:)``).
    case key(Key)

    /// What the sessions ask of the viewer.
    enum Delegate: Sendable, Equatable {
        /// A line for the message line.
        case message(String)
        /// Show source `index`, at `position` (where the user left it, or where a session
        /// opens): what was read from the session shown before does not apply to it.
        case show(Int, at: SessionsState.Position)
        /// The session shown ended: its timeline again, as it is now.
        case reload
        /// The app of the session shown reconnected: what was read of it is read again, where
        /// the user is.
        case resume
        /// Drop the running search (the session shown starts over).
        case stopSearch
        /// The reader reads source `index` as `trace` from now on (the same one read on, or a
        /// new session that took its path).
        case trace(BackgroundReader.Trace, of: Int)
        /// Records arrived in the session shown.
        case recordsArrived
        /// `q` (and Ctrl-C while waiting): the viewer quits.
        case quit
        /// `?`: the help.
        case openHelp
    }

    /// What the sessions read of the viewer, read-only.
    struct Context: Sendable, Equatable {
        /// One source as the viewer has it (``ViewerSources/all``).
        struct Source: Sendable, Equatable {
            /// The session's tag or file name, and its app from the session header.
            var name: String
            var app: String
            /// Whether it will receive nothing more (``TraceSource/hasEnded``).
            var hasEnded: Bool
            /// Its trace, as the reader opens it.
            var trace: BackgroundReader.Trace
        }

        /// Every source so far, in the order they arrived.
        var sources: [Source]
        /// Where the user is in the session shown (kept when another one is shown).
        var position: SessionsState.Position
        /// Whether a session never shown opens following (live sessions and `tail`).
        var followsAtStart: Bool
    }
}
