import Synchronization

/// The worker's memory of one store: the previous state it diffs against and when it last
/// wrote a keyframe. Only the worker thread touches `previous` and the counters.
final class StoreTrack<State: Sendable>: @unchecked Sendable {
    // @unchecked: every stored property but `pinnedEstimate` is used by the worker thread only;
    // `pinnedEstimate` is atomic.
    let name: String
    var previous: State?
    var actionsSinceKeyframe = 0
    var patchBytesSinceKeyframe = 0
    var keyframeBytes = 0
    /// The worker's estimate of the memory a queued action of this store pins: a queued state
    /// keeps alive the collections its action changed, so after collection changes an action
    /// costs about one state; after scalar changes, almost nothing.
    let pinnedEstimate = Atomic<Int>(0)

    init(name: String) {
        self.name = name
    }
}
