import TraceFormat

/// One store's side of the hand-off to the worker: the actions its store sent, typed, in the
/// order they were sent. The queue's event list holds only a token per action (an unowned
/// reference to this inbox), so sending an action allocates nothing: the action and its state
/// are appended, by value, to an array whose capacity is reused batch after batch.
@usableFromInline
final class StoreInbox<State: Sendable, Action: Sendable>: ActionSource, @unchecked Sendable {
    // @unchecked: `arriving0` and `arriving1` are the inbox's side of the queue's two lanes,
    // guarded by the queue's gate exactly as the lanes are (see ``LaneGate``);
    // `taken` and `nextTaken` are touched by the worker thread alone (which is also why their
    // exclusivity checks are off: nothing else can access them).

    /// Actions sent and not yet taken by the worker, in the queue lane their tokens went to.
    /// App threads append to the current lane; the worker swaps the lane it took with its
    /// emptied `taken`. (Exclusivity is guaranteed by the queue's gate, so the runtime's
    /// per-access check is off.)
    @exclusivity(unchecked) @usableFromInline var arriving0: [QueuedAction<State, Action>] = []
    @exclusivity(unchecked) @usableFromInline var arriving1: [QueuedAction<State, Action>] = []
    /// Actions the worker took, and how many of them it has recorded.
    @exclusivity(unchecked) @usableFromInline var taken: [QueuedAction<State, Action>] = []
    @exclusivity(unchecked) @usableFromInline var nextTaken = 0
    /// The time of the latest action the worker recorded, converted from ticks: the next is
    /// never before it (``TickConversion/actionTimes(sentTicks:reducerTicks:notBefore:)``).
    @exclusivity(unchecked) @usableFromInline var lastSentNanos: UInt64 = 0
    @usableFromInline let track: StoreTrack<State>
    /// The seq of the latest action the store handed over (written by the app's thread on
    /// each deposit, read by the worker only after collection changes at UI pace): while the
    /// action the worker records is still the store's latest, the store's live state shares
    /// that action's collections, and the worker gives its copy storage of its own
    /// (``StoreTrack/record(_:seq:monotonicNanos:effectID:location:state:reducerNanos:isLatest:in:)``).
    /// On a cache line of its own, so the app's write never evicts what the worker reads.
    @usableFromInline let latestSeq = AtomicValue<UInt64>(0, ownCacheLine: true)
    /// The budget an action of this store holds at the least (its entry in the inbox and the
    /// queue), so the budget admits at most `budget / entryCost` of them.
    @usableFromInline let entryCost = MemoryLayout<QueuedAction<State, Action>>.stride + MemoryLayout<RecorderEvent>.stride
    /// When the store's latest action was sent (the store thread's ticks, ``TickSource``,
    /// written in ``StoreRecorder/willSend(_:from:fileID:line:)``): whether the next comes at UI
    /// pace (``StateCoalescing``).
    @usableFromInline let lastSentTicks = AtomicValue<UInt64>(0)
    /// Whether the store's latest action came at UI pace (``StateCoalescing/uiPaceGapNanos``
    /// after the one before), so that its state is let go rather than kept if the worker is
    /// late: then it pins no copy of the store's collections.
    @usableFromInline let latestSentAtUIPace = AtomicValue<Bool>(false)
    /// The seq of the latest action whose state the worker holds in storage of its own
    /// (written by the worker): while it is the store's latest, the store's next change is
    /// made in place and no state need be let go (see ``stateToLetGo(sentAt:always:)``).
    @usableFromInline let securedSeq = AtomicValue<UInt64>(0, ownCacheLine: true)
    /// The state of the store's latest action, once the worker has taken its lane and before
    /// it records it: moved here so that the store's next send can still let it go
    /// (``StoreInbox+Coalescing``).
    @usableFromInline let parked = LockedValue<(seq: UInt64, state: State)?>(nil)
    /// ``recordNext(in:)`` as compiled in the app's module for its State and Action (see
    /// ``Recorder/store(_:initialState:actions:)``). Called here, unspecialized, it would look
    /// up the metadata of the queued action type several times per action.
    private let specializedRecordNext: @Sendable (StoreInbox, RecorderWorker) -> Int

    init(
        track: StoreTrack<State>,
        recordNext: @escaping @Sendable (StoreInbox, RecorderWorker) -> Int
    ) {
        self.track = track
        specializedRecordNext = recordNext
    }

    @usableFromInline
    func register(seq: UInt64, in worker: RecorderWorker) {
        track.register(seq: seq, beforeAnyAction: latestSeq.load(ordering: .relaxed) == 0, in: worker)
    }

    @usableFromInline
    func recordNextAction(in worker: RecorderWorker) -> Int {
        specializedRecordNext(self, worker)
    }

    /// Stores an action in the lane its token goes to (app thread, inside the queue's append).
    ///
    /// The queued action is built in the `append` call itself, so it moves into the array's
    /// slot: built by the caller and passed in, it was copied into the slot and the caller's
    /// copy destroyed, some 400 instructions per action on the store thread (callgrind,
    /// `recorder-handoff-profile`).
    @inlinable
    func deposit(_ pending: consuming PendingAction<Action>, state: State, reducerTicks: UInt64, cost: Int, lane: Int) {
        latestSeq.store(pending.seq, ordering: .relaxed)
        if lane == 0 {
            arriving0.append(QueuedAction(pending, state: state, reducerTicks: reducerTicks, cost: cost))
        } else {
            arriving1.append(QueuedAction(pending, state: state, reducerTicks: reducerTicks, cost: cost))
        }
    }

    /// Records the next action of the lane the worker took; returns the budget it held.
    @inlinable
    func recordNext(in worker: RecorderWorker) -> Int {
        if nextTaken == taken.count {
            // Every action of this inbox has a token in the same lane, appended in the same
            // step, so the lane's arrivals hold at least the action of this token; and the
            // tokens of earlier lanes were all handled, so `taken` is used up.
            taken.recycle(mayShrink: worker.mayShrinkBuffers, fullCapacity: worker.queue.budget / entryCost)
            nextTaken = 0
            if worker.batchLane == 0 { swap(&arriving0, &taken) } else { swap(&arriving1, &taken) }
        }
        let index = nextTaken
        nextTaken += 1
        // Move the state out, so the worker pins no more than its own previous state; `nil`
        // when it was let go (``StateCoalescing``).
        var state = taken[index].state.take()
        let queued = taken[index]
        let pending = queued.pending
        let times = worker.ticks.actionTimes(
            sentTicks: pending.sentTicks, reducerTicks: queued.reducerTicks, notBefore: lastSentNanos)
        lastSentNanos = times.sent
        if queued.stateParked { state = claimParkedState(of: pending.seq, sentAt: times.sent, in: worker) }
        track.record(
            pending.action, seq: pending.seq, monotonicNanos: times.sent, effectID: pending.effectID,
            location: SourceLocation(fileID: pending.fileID, line: pending.line), state: state,
            reducerNanos: times.reducerNanos, isLatest: { self.latestSeq.load(ordering: .relaxed) == pending.seq },
            in: worker)
        noteRecorded(pending.seq)
        return queued.cost
    }

    @usableFromInline
    func forceKeyframe() {
        track.needsKeyframe = true
    }

    @usableFromInline
    func writeKeyframeNow(in worker: RecorderWorker) {
        // A paused store's state is ahead of the trace: resume writes its keyframe.
        guard !track.isAheadOfTrace else { return }
        track.writeLatestKeyframe(in: worker)
    }

    @usableFromInline var name: String { track.name }

    @usableFromInline var isPaused: Bool { track.isPaused }

    @usableFromInline
    func pause() {
        track.pause()
    }

    @usableFromInline
    func resume(in worker: RecorderWorker) -> DroppedRun? {
        track.resume(in: worker)
    }

    @usableFromInline
    func writePausedKeyframe(in worker: RecorderWorker) {
        track.writePausedKeyframe(in: worker)
    }

    @usableFromInline
    func writeKeyframeIfFarBehind(in worker: RecorderWorker) {
        track.writeKeyframeIfFarBehind(in: worker)
    }
}

/// An action with the state its reducer produced, as queued in a ``StoreInbox``.
@usableFromInline
struct QueuedAction<State: Sendable, Action: Sendable>: @unchecked Sendable {
    // @unchecked: handed from the app's thread to the worker's through the queue's gate (``LaneGate``).
    /// What ``StoreRecorder/willSend(_:from:fileID:line:)`` took, moved here whole: copying
    /// its fields out would copy the action (a retain of its payload, and a release when the
    /// pending action ends).
    @usableFromInline let pending: PendingAction<Action>
    /// The reducer's duration in the store thread's ticks.
    @usableFromInline let reducerTicks: UInt64
    /// The bytes of the queue's budget this action holds until recorded.
    @usableFromInline let cost: Int
    /// The state, until the worker records it; `nil` once let go (``StateCoalescing``) or
    /// parked.
    @usableFromInline var state: State?
    /// Whether the state was moved to the inbox's ``StoreInbox/parked`` slot.
    @usableFromInline var stateParked = false

    @inlinable
    init(_ pending: consuming PendingAction<Action>, state: State, reducerTicks: UInt64, cost: Int) {
        self.pending = pending
        self.reducerTicks = reducerTicks
        self.cost = cost
        self.state = state
    }
}

extension SourceLocation {
    /// A location from the compiler's `#fileID` and `#line`, turned into a `String` on the
    /// worker; `nil` without a file.
    @usableFromInline
    init?(fileID: StaticString?, line: UInt) {
        guard let fileID else { return nil }
        self.init(file: "\(fileID)", line: UInt32(truncatingIfNeeded: line))
    }
}
