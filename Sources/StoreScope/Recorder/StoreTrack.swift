import TraceFormat

/// The worker's memory of one store: the previous state it diffs against and when it last
/// wrote a keyframe. Only the worker thread touches `previous` and the counters.
@usableFromInline
final class StoreTrack<State: Sendable>: @unchecked Sendable {
    // @unchecked: every stored property but `pinnedEstimate` is used by the worker thread only;
    // `pinnedEstimate` is atomic.
    // The worker-only properties have their exclusivity checks off: no other thread can access
    // them, and the worker never accesses one while another access to it is in progress.
    let name: String
    /// The state after the store's latest recorded action (at first, the initial state).
    @exclusivity(unchecked) var previous: State
    @exclusivity(unchecked) var actionsSinceKeyframe = 0
    @exclusivity(unchecked) var patchBytesSinceKeyframe = 0
    @exclusivity(unchecked) var keyframeBytes = 0
    /// The session's record bytes written when this store's last keyframe was
    /// (``RecorderWorker/recordBytesWritten``).
    @exclusivity(unchecked) var traceBytesAtKeyframe: Int64 = 0
    /// Whether the next action must write a keyframe (set after drops).
    @exclusivity(unchecked) var needsKeyframe = false
    /// The seq of the store's latest recorded action (at first, the seq it registered at).
    @exclusivity(unchecked) var latestSeq: UInt64 = 0
    /// Finds the patches, its buffers kept from one action to the next (made at the first patch:
    /// the worker's capture options are not known before).
    @exclusivity(unchecked) var patcher: StatePatcher?
    /// The collections under the top-level fields the store's latest collection change touched
    /// (`nil` slots: the state cannot be walked), kept while changes touch the same fields: the
    /// ones the worker gives storage of its own at UI pace, also after scalar changes.
    @exclusivity(unchecked) var changedSlots: (fields: [String]?, slots: [StorageUnsharing.CollectionSlot]?)?
    /// The seq of the latest action after which the worker gave ``previous`` storage of its
    /// own (``StoreInbox/noteRecorded(_:)``), and how long its latest claimed state's copy
    /// took (``StoreInbox/claimParkedState(of:sentAt:in:)``).
    @exclusivity(unchecked) var unsharedSeq: UInt64 = 0
    @exclusivity(unchecked) var unshareNanos: UInt64 = 0
    /// Whether the state after the store's latest action was recorded (``StateCoalescing``):
    /// while not, ``previous`` is an earlier action's state, and no keyframe of it is written
    /// as the latest.
    @exclusivity(unchecked) var latestStateRecorded = true
    /// Whether the store was warned that its state holds mutable class instances
    /// (``warnOfMutableInstances(inKeyframe:seq:at:worker:)``).
    @exclusivity(unchecked) var warnedOfMutableInstances = false
    /// Whether a listener paused this store's recording, and its actions not recorded since
    /// (``pause()``).
    @exclusivity(unchecked) var isPaused = false
    @exclusivity(unchecked) var unrecorded: DroppedRun?
    /// The states after the store's recent actions, while it allows jumps (``KeptStates``).
    @exclusivity(unchecked) var keptStates: KeptStates<State>?
    /// When the store was registered (monotonic nanoseconds, read on the app's thread).
    let registeredNanos: UInt64
    /// When the store's previous action was sent (monotonic nanoseconds).
    @exclusivity(unchecked) var lastActionNanos: UInt64 = 0
    /// Actions further apart than this come at UI pace, where unsharing pays off.
    static var uiPaceGapNanos: UInt64 { 200_000 }
    /// The worker's estimate of the memory a queued action of this store pins: a queued state
    /// keeps alive the buffers of the collections the store changes after it, so after
    /// collection changes an action costs those buffers' bytes (the collections the latest
    /// change touched); after scalar changes, the estimate halves with each action.
    @usableFromInline let pinnedEstimate = AtomicValue<Int>(0)

    /// The bytes of collection storage the store's next change may copy: at first all its
    /// collections', then those its latest collection change touched, halving with each
    /// scalar-only change. Whether a late state is worth letting go (``StateCoalescing``):
    /// unlike ``pinnedEstimate``, known before the store's first change.
    @usableFromInline let copyEstimate = AtomicValue<Int>(0)

    /// Updates the estimates, writing only on change: a write invalidates the cache line the
    /// store thread reads on every action.
    /// `changedBytes`: the bytes of the collections an action changed, `nil` after a
    /// scalar-only change (then both halve).
    func updateEstimates(changedBytes: Int?) {
        Self.update(pinnedEstimate, changedBytes: changedBytes)
        Self.update(copyEstimate, changedBytes: changedBytes)
    }

    private static func update(_ estimate: borrowing AtomicValue<Int>, changedBytes: Int?) {
        let old = estimate.load(ordering: .relaxed), new = changedBytes ?? old / 2
        if old != new { estimate.store(new, ordering: .relaxed) }
    }

    init(name: String, initialState: State) {
        self.name = name
        previous = initialState
        registeredNanos = Clock.monotonicNanos()
    }
}
