import Synchronization

/// The worker's memory of one store: the previous state it diffs against and when it last
/// wrote a keyframe. Only the worker thread touches `previous` and the counters.
@usableFromInline
final class StoreTrack<State: Sendable>: @unchecked Sendable {
    // @unchecked: every stored property but `pinnedEstimate` is used by the worker thread only;
    // `pinnedEstimate` is atomic.
    let name: String
    var previous: State?
    var actionsSinceKeyframe = 0
    var patchBytesSinceKeyframe = 0
    var keyframeBytes = 0
    /// Whether the next action must write a keyframe (set after drops).
    var needsKeyframe = false
    /// When the store's previous action was sent (monotonic nanoseconds).
    var lastActionNanos: UInt64 = 0
    /// Actions further apart than this come at UI pace, where unsharing pays off.
    static var uiPaceGapNanos: UInt64 { 200_000 }
    /// The worker's estimate of the memory a queued action of this store pins: a queued state
    /// keeps alive the collections its action changed, so after collection changes an action
    /// costs about one state; after scalar changes, almost nothing.
    @usableFromInline let pinnedEstimate = Atomic<Int>(0)

    /// Updates the estimate, writing only on change: a write invalidates the cache line the
    /// store thread reads on every action.
    func setPinnedEstimate(_ value: Int) {
        if pinnedEstimate.load(ordering: .relaxed) != value { pinnedEstimate.store(value, ordering: .relaxed) }
    }

    init(name: String) {
        self.name = name
    }
}
