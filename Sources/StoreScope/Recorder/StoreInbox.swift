/// One store's side of the hand-off to the worker: the actions its store sent, typed, in the
/// order they were sent. The queue's event list holds only a token per action (an unowned
/// reference to this inbox), so sending an action allocates nothing: the action and its state
/// are appended, by value, to an array whose capacity is reused batch after batch.
@usableFromInline
final class StoreInbox<State: Sendable, Action: Sendable>: ActionSource, @unchecked Sendable {
    // @unchecked: `arriving` is touched only while holding the queue's mutex; `taken`,
    // `nextTaken` and `initialState` by the worker thread alone.

    /// Actions sent and not yet taken by the worker. App threads append while holding the
    /// queue's mutex; the worker swaps it with its emptied `taken` under the same mutex.
    /// (Exclusivity is guaranteed by that mutex, so the runtime's per-access check is off.)
    @exclusivity(unchecked) @usableFromInline var arriving: [QueuedAction<State, Action>] = []
    /// Actions the worker took, and how many of them it has recorded.
    private var taken: [QueuedAction<State, Action>] = []
    private var nextTaken = 0
    /// The store's state when it registered, until the worker writes it as a keyframe.
    private var initialState: State?
    @usableFromInline let track: StoreTrack<State>
    private let queue: RecordingQueue

    init(track: StoreTrack<State>, initialState: State, queue: RecordingQueue) {
        self.track = track
        self.initialState = initialState
        self.queue = queue
    }

    @usableFromInline
    func register(seq: UInt64, in worker: RecorderWorker) {
        guard let state = initialState.take() else { return }
        track.register(initialState: state, seq: seq, in: worker)
    }

    @usableFromInline
    func recordNextAction(in worker: RecorderWorker) -> Int {
        if nextTaken == taken.count {
            // Every action of this inbox has a token in the queue, appended under the same lock
            // as the action itself, so the arrivals hold at least the action of this token.
            taken.removeAll(keepingCapacity: true)
            nextTaken = 0
            queue.whileLocked { swap(&arriving, &taken) }
        }
        let index = nextTaken
        nextTaken += 1
        // Move the state out, so the worker pins no more than its own previous state.
        let state = taken[index].state.take()
        let cost = taken[index].cost
        if let state { track.record(taken[index].pending, state: state, reducerNanos: taken[index].reducerNanos, in: worker) }
        return cost
    }

    @usableFromInline
    func forceKeyframe() {
        track.needsKeyframe = true
    }
}

/// An action with the state its reducer produced, as queued in a ``StoreInbox``.
@usableFromInline
struct QueuedAction<State: Sendable, Action: Sendable>: @unchecked Sendable {
    // @unchecked: handed from the app's thread to the worker's under the queue's mutex.
    @usableFromInline let pending: PendingAction<Action>
    @usableFromInline var state: State?
    @usableFromInline let reducerNanos: UInt64
    /// The bytes of the queue's budget this action holds until recorded.
    @usableFromInline let cost: Int

    @inlinable
    init(pending: PendingAction<Action>, state: State, reducerNanos: UInt64, cost: Int) {
        self.pending = pending
        self.state = state
        self.reducerNanos = reducerNanos
        self.cost = cost
    }
}
