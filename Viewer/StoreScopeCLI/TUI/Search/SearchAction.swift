import TraceAnalysis

/// What the timeline's search does (``SearchReducer``): start a search of the trace, repeat the
/// last one, take in the reader's parts, stop.
package enum SearchAction: Sendable, Equatable {
    /// Look for `goal` from action `seq`, `forward` or backward: a filter applied, `}` `{`'s
    /// path, `)` `(`'s mark.
    case start(LongSearch.Goal, forward: Bool, from: UInt64)
    /// `/` submitted `filter`: the search `n` and `N` repeat (the empty filter forgets it),
    /// looked for forward at once.
    case search(Filter)
    /// `n` (`forward`) or `N`: the next or previous match of the last search.
    case next(forward: Bool)
    /// A part of the running search, as the reader read it (``SearchReader``).
    case answer(SearchAnswer)
    /// `key` was pressed while a search runs: it cancels it (`esc` says so).
    case cancel(by: Key)
    /// Drop the running search, if any (another session is shown).
    case stop

    /// What the search asks of the viewer.
    enum Delegate: Sendable, Equatable {
        /// A line for the message line.
        case message(String)
        /// Select action `seq` (a match found), whatever the filter hides, and stop following.
        case select(UInt64)
        /// Show the timeline through `filter`, with action `seq` selected.
        case filter(Filter, select: UInt64)
        /// The timeline again, as it is (a filter being applied was cancelled).
        case reload
        /// `}` `{`'s search ended on `found` (`nil`: no such change).
        case changeFound(PathChange, forward: Bool, ActionEntry?)
        /// `)` `(`'s search ended on `found` (`nil`: no mark that way).
        case markFound(forward: Bool, ActionEntry?)
    }

    /// What the search reads of the viewer, read-only.
    struct Context: Sendable, Equatable {
        /// The trace shown, as the reader opens it: what the search asks the reader to read.
        var trace: BackgroundReader.Trace
        /// The selected action's seq (`nil`: none).
        var selected: UInt64?
        /// The trace's last action's seq, which a backward pass starts from.
        var lastSeq: UInt64?
    }
}
