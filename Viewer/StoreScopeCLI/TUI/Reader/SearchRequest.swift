import TraceAnalysis

/// A timeline search asked of the reader (``ViewerEffect/read(_:)``): `/` ⏎, `n`, `N`, a
/// filter applied, `}` `{`, `)` `(`. The reader works it out on its session a part at a time
/// (``SearchReader``) and answers after each part (``SearchAnswer``), so the prompt line shows
/// how far it got; between parts it answers a screen or a detail asked meanwhile.
package struct SearchRequest: Sendable, Equatable {
    var trace: BackgroundReader.Trace
    /// The search, from where its next part starts.
    var search: LongSearch
    /// The last action's seq when the search started: how far a forward search has to go, for
    /// its percent.
    var lastSeq: UInt64?

    /// The request for the part after `answer`'s, the answer to this one (`nil`: the search
    /// ended there).
    func next(after answer: SearchAnswer) -> SearchRequest? {
        guard answer.outcome == .searching else { return nil }
        var next = self
        next.search = answer.search
        return next
    }
}

/// The reader's answer after a part of a ``SearchRequest``: the search read on to there, and
/// what it found.
package struct SearchAnswer: Sendable, Equatable {
    var trace: BackgroundReader.Trace
    /// The search after the part: where the next one starts, and its percent.
    var search: LongSearch
    var outcome: Outcome

    enum Outcome: Sendable, Equatable {
        /// Read on, nothing found yet: the reader reads the next part.
        case searching
        /// The action the search is for.
        case found(ActionEntry)
        /// None: the search read everything in its direction (a filter, in both).
        case notFound
        /// The reader could not open the trace.
        case unreadable
    }
}
