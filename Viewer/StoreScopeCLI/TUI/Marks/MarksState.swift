/// The marks' part of ``ViewerState``: the actions bookmarked with `m`, for this run of the
/// viewer (the app's own marks are in the trace).
struct MarksState: Sendable, Equatable {
    /// The bookmarked actions' seqs.
    var bookmarks: Set<UInt64> = []
}
