/// What the release benchmark (`StoreScopeBenchmarks viewer`) needs to drive the viewer as its
/// loop does, where the declaration cannot simply be `package`: `GridDiff`'s initializer is the
/// implicit memberwise one.
extension GridDiff {
    /// A differ that uses colors when `colors` is set.
    package static func terminal(colors: Bool) -> GridDiff {
        GridDiff(colors: colors)
    }
}

extension ViewerState {
    /// Whether a search is reading the trace (on the reader, a part per answer), or a tree (a
    /// part per tick): the benchmark ticks and takes the reader's answers until done.
    package var isSearching: Bool { search.running != nil || treeSearchRun != nil }
    /// The last action's seq as the reader last said it: what a poll that brought records moves.
    package var lastActionSeq: UInt64? { lastSeq }
    /// Whether the timeline waits for the ``BackgroundReader``: the screen asked for.
    package var isReadingRows: Bool { timeline.asked != nil }
    /// Whether `space` is playing the trace (the benchmark passes the clock until it ends).
    package var isPlaying: Bool { playback.isPlaying }
    /// Whether the detail of a large state is still being read (``BackgroundReader``).
    package var isLoadingDetail: Bool { detail?.isLoading == true }
    /// Whether the ``BackgroundReader`` reads something the screen waits for: the timeline's
    /// large chunks, the detail, a search, or effects (the timeline's fx marks, the effects view,
    /// the effect rows' parent actions).
    package var waitsForBackgroundReader: Bool {
        isReadingRows || isLoadingDetail || search.running != nil || effects.spans?.isReadOffThread == true || effects.parentsAsked != nil
            || sessions.asked != nil
    }
}
