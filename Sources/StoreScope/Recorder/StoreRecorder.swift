import TraceFormat

/// Records one store of a session. The store calls ``willSend(_:from:fileID:line:)`` before
/// its reducer runs and ``didReduce(_:state:)`` after; both are O(1) on the store's thread:
/// they take timestamps and hand the action and state to the recorder's worker, which does
/// all capture, diffing, encoding and I/O.
///
/// ```swift
/// let pending = recording.willSend(action)
/// reducer(&state, action)
/// recording.didReduce(pending, state: state)
/// ```
public final class StoreRecorder<State: Sendable, Action: Sendable>: Sendable {
    /// The store's name in the trace: the name it was registered with, or `name#2`, `name#3`,
    /// ... when another live store of the session already had that name.
    public let name: String
    /// The session this store records into.
    public let recorder: Recorder
    @usableFromInline let inbox: StoreInbox<State, Action>
    @usableFromInline let token: ActionToken
    @usableFromInline let entryCost: Int
    /// What this thread times actions with (``TickSource``): the worker converts the ticks.
    @usableFromInline let ticks: TickSource
    /// ``RecorderConfiguration/stateCoalescing``, as read on every send: whether late states
    /// are let go at all, and in bursts too. (Booleans: comparing the enum called its `==`
    /// across the module boundary.)
    @usableFromInline let lateStatesGo: Bool
    @usableFromInline let burstStatesGo: Bool
    @usableFromInline let latestSeq = AtomicValue<UInt64>(0)
    /// Dispatches waiting for their action's number (see ``reduced(_:)``).
    @usableFromInline let dispatchFrames = DispatchFrames()
    /// The thunk and middleware effects still running (see ``waitForEffects()``).
    let runningTasks = RunningEffectTasks()
    /// Holds or refuses the app's actions while a listener has locked the store.
    @usableFromInline let lock = ControlLock<Action>()
    /// The store's control, once the app allowed it (``allowControl(_:whileLocked:replaceState:dispatch:)``).
    let controlSlot = LockedValue<(any StoreControlling)?>(nil)

    /// The sequence number of this store's latest action (0 before any): the default parent of
    /// effects started without one.
    public var lastSentSeq: UInt64 { latestSeq.load(ordering: .relaxed) }

    /// - Parameter recordNext: records the inbox's next action (see ``StoreInbox``).
    @usableFromInline
    init(
        name: String, recorder: Recorder, initialState: State,
        recordNext: @escaping @Sendable (StoreInbox<State, Action>, RecorderWorker) -> Int
    ) {
        let name = recorder.claimStoreName(name)
        self.name = name
        self.recorder = recorder
        inbox = StoreInbox(
            track: StoreTrack(name: name, initialState: initialState), recordNext: recordNext)
        token = ActionToken(inbox)
        entryCost = inbox.entryCost
        ticks = recorder.ticks
        lateStatesGo = recorder.configuration.stateCoalescing != .never
        burstStatesGo = recorder.configuration.stateCoalescing == .always
        recorder.queue.enqueueControl(.storeRegistered(inbox, seq: recorder.lastSeq))
    }

    deinit {
        // The worker holds the inbox (and the store's previous state) until told; a session
        // that creates and drops stores (one per screen, say) would otherwise keep them all.
        recorder.queue.enqueueControl(.storeReleased(inbox))
        if controlSlot.withLock({ $0 != nil }) { recorder.controls.remove(name) }
        recorder.releaseStoreName(name)
    }

    /// Takes the action's sequence number and reads the ticks (`TickSource`) before the
    /// reducer runs.
    ///
    /// - Parameters:
    ///   - action: the action being sent.
    ///   - effect: the effect that produced it; defaults to the effect whose task is running
    ///     (``EffectSpan/current``), so actions sent from recorded effects link automatically,
    ///     or to the effect of a ``EffectSpan/linkingFirstAction(_:)`` whose action this is.
    ///   - fileID: where the action was sent from.
    ///   - line: the line it was sent from.
    /// - Returns: the pending action to pass to ``didReduce(_:state:)``.
    @inlinable
    public func willSend(
        _ action: Action, from effect: EffectSpan? = nil, fileID: StaticString? = nil, line: UInt = 0
    ) -> PendingAction<Action> {
        lock.noteReducing()
        let seq = recorder.nextSeq()
        latestSeq.store(seq, ordering: .relaxed)
        dispatchFrames.noteReduced(seq)
        // Reading the task-local costs ~45 ns; skip it while no recorded effect is running.
        let effectID = (effect ?? (recorder.hasRunningEffects ? EffectSpan.linkedToCurrentTask() : nil))?.id
        if let effectID {
            recorder.queue.enqueueRecord(.effectEmitted(EffectEmitted(effectID: effectID, actionSeq: seq, monotonicNanos: Clock.monotonicNanos())))
        }
        // Ticks, not nanoseconds: one instruction where the counter allows, converted by the worker.
        let now = ticks.now()
        // Before the reducer: a state let go no longer shares the storage it is about to change.
        if lateStatesGo, let seq = inbox.stateToLetGo(sentAt: now, gap: ticks.uiPaceGapTicks, always: burstStatesGo) {
            inbox.letStateGo(of: seq, queue: recorder.queue)
        }
        return PendingAction(seq: seq, action: action, sentTicks: now, effectID: effectID, fileID: fileID, line: line)
    }

    /// Hands the action and the state its reducer produced to the recorder. Never blocks: past
    /// the memory budget the action is dropped and counted.
    ///
    /// - Parameters:
    ///   - pending: what ``willSend(_:from:fileID:line:)`` returned.
    ///   - state: the state after the reducer ran.
    @inlinable
    public func didReduce(_ pending: consuming PendingAction<Action>, state: State) {
        let reducerTicks = ticks.now() &- pending.sentTicks
        // A state the store's next send lets go if the worker is late (coalescing always, or at
        // UI pace) pins no copy: the worker gives the one it takes storage of its own. Unless
        // its collections are too small to be let go.
        let pinned = inbox.track.pinnedEstimate.load(ordering: .relaxed)
        let letGoIfLate = burstStatesGo || lateStatesGo && inbox.latestSentAtUIPace.load(ordering: .relaxed)
        let cost = entryCost + (letGoIfLate && pinned >= StateCoalescing.minimumBytes ? 0 : pinned)
        let admission = recorder.queue.enqueueAction(
            pending, state: state, reducerTicks: reducerTicks, cost: cost, into: inbox, from: token)
        if case .afterClose(first: true) = admission { recorder.reportActionAfterClose(store: name) }
    }

    /// Records an action around a reducer call in one step. While a listener has locked the
    /// store, the action is held or refused instead (``admits(_:)``) and nothing runs.
    ///
    /// - Parameters:
    ///   - action: the action.
    ///   - state: the store's state, reduced in place.
    ///   - fileID: where the action was sent from.
    ///   - line: the line it was sent from.
    ///   - reduce: the reducer.
    /// - Returns: the action's sequence number.
    @inlinable @discardableResult
    public func record(
        _ action: Action, reducing state: inout State, fileID: StaticString? = nil, line: UInt = 0,
        _ reduce: (inout State, Action) -> Void
    ) -> UInt64 {
        guard admits(action) else { return lastSentSeq }
        let pending = willSend(action, fileID: fileID, line: line)
        reduce(&state, action)
        didReduce(pending, state: state)
        return pending.seq
    }

    /// Records an action around a reducer call that returns something besides the state, as
    /// OneWay's `reduce(state:action:) -> AnyEffect<Action>` does: call it in the reducer,
    /// around the reducer's body, and return what it returns. While `reduce` runs,
    /// ``lastSentSeq`` is this action's number, the parent of the effects it returns. While a
    /// listener has locked the store (``admits(_:)``), the action is held or refused, `reduce`
    /// does not run, and `whileLocked` is returned instead (for OneWay, `.none`: no effect).
    ///
    /// ```swift
    /// func reduce(state: inout State, action: Action) -> AnyEffect<Action> {
    ///     recording.record(action, reducing: &state, whileLocked: .none) { state, action in
    ///         switch action { ... }
    ///     }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - action: the action.
    ///   - state: the store's state, reduced in place.
    ///   - whileLocked: what to return for an action the lock holds.
    ///   - fileID: where the action was sent from.
    ///   - line: the line it was sent from.
    ///   - reduce: the reducer's body.
    /// - Returns: what `reduce` returned, or `whileLocked`.
    @inlinable
    public func record<Result>(
        _ action: Action, reducing state: inout State, whileLocked: @autoclosure () -> Result, fileID: StaticString? = nil,
        line: UInt = 0, _ reduce: (inout State, Action) -> Result
    ) -> Result {
        guard admits(action) else { return whileLocked() }
        let pending = willSend(action, fileID: fileID, line: line)
        let result = reduce(&state, action)
        didReduce(pending, state: state)
        return result
    }

    /// Starts an effect span whose parent is the action `parentSeq`.
    ///
    /// - Parameters:
    ///   - name: a human name for the effect (`"search"`, `"loadUsers"`).
    ///   - parentSeq: the action whose reduction started it.
    ///   - fileID: the file the effect is made in (a runner of yours passes its caller's on).
    ///   - line: the line the effect is made on.
    /// - Returns: the span; end it with ``EffectSpan/finish()``, ``EffectSpan/cancel()`` or
    ///   ``EffectSpan/fail(_:)``.
    public func startEffect(
        _ name: String, startedBy parentSeq: UInt64?, fileID: StaticString = #fileID, line: UInt = #line
    ) -> EffectSpan {
        startEffect(name, startedBy: parentSeq, at: SourceLocation(file: "\(fileID)", line: UInt32(truncatingIfNeeded: line)))
    }

    /// Starts an effect span whose parent is the action `parentSeq`, made at `location`, or
    /// at no known place when `nil` (an adapter that cannot see where the effect was made).
    ///
    /// - Parameters:
    ///   - name: a human name for the effect.
    ///   - parentSeq: the action whose reduction started it.
    ///   - location: where the effect was made, if known.
    /// - Returns: the span.
    public func startEffect(_ name: String, startedBy parentSeq: UInt64?, at location: SourceLocation?) -> EffectSpan {
        let id = recorder.nextEffectID()
        recorder.queue.enqueueRecord(.effectStarted(EffectStarted(
            effectID: id, name: name, store: self.name, parentSeq: parentSeq, monotonicNanos: Clock.monotonicNanos(),
            location: location)))
        return EffectSpan(id: id, name: name, recorder: recorder)
    }
}
