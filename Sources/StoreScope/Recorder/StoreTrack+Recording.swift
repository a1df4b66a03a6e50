import TraceFormat

/// How the worker records one store's actions: the action record, then a patch against the
/// previous state or, every so often, a keyframe.
extension StoreTrack {
    /// Writes the store's initial state as its first keyframe.
    ///
    /// - Parameter beforeAnyAction: whether the store has sent no action yet: its live state
    ///   then still shares every collection with the initial state kept here, which the worker
    ///   gives storage of its own, so that the store's first change is made in place.
    func register(seq: UInt64, beforeAnyAction: Bool, in worker: RecorderWorker) {
        latestSeq = seq
        if worker.configuration.unsharesChangedCollections, beforeAnyAction {
            StorageUnsharing.unshare(&previous, fields: nil)
        }
        // Until a change says which, any collection may be the one the store changes.
        if let slots = StorageUnsharing.slots(in: State.self, fields: nil) {
            changedSlots = (nil, slots)
            copyEstimate.store(StorageUnsharing.bufferBytes(of: &previous, at: slots), ordering: .relaxed)
        }
        writeKeyframe(previous, seq: seq, at: registeredNanos, worker: worker)
    }

    /// Writes a keyframe of the state after the store's latest recorded action; when that
    /// state was not recorded (``StateCoalescing``), the store's next recorded action writes one.
    func writeLatestKeyframe(in worker: RecorderWorker) {
        guard latestStateRecorded else {
            needsKeyframe = true
            return
        }
        writeKeyframe(previous, seq: latestSeq, at: max(lastActionNanos, registeredNanos), worker: worker)
    }

    /// Writes a keyframe of the store's latest state when the session has written
    /// ``RecorderConfiguration/keyframeEveryTraceBytes`` (and 16 keyframes' worth) since its
    /// last one, so that a reader rebuilding it never goes further back than that, however few
    /// of the session's actions are the store's.
    ///
    /// Not while drops are pending (``needsKeyframe``): the state after the store's last
    /// recorded action is known, but a keyframe of it, written after the `dropped` record,
    /// would hide from a reader that the actions dropped since may have changed it. The
    /// store's next action writes a keyframe then.
    func writeKeyframeIfFarBehind(in worker: RecorderWorker) {
        guard !needsKeyframe, !isAheadOfTrace, latestStateRecorded, worker.canWrite else { return }
        let since = worker.recordBytesWritten - traceBytesAtKeyframe
        guard worker.configuration.keyframeIsFarBehind(traceBytesSince: since, keyframeBytes: Int64(keyframeBytes)) else { return }
        writeKeyframe(previous, seq: latestSeq, at: max(lastActionNanos, registeredNanos), worker: worker)
    }

    /// Records an action and the state after it; `state` is `nil` when it was let go
    /// (``StateCoalescing``): the action is recorded, and its state marked not recorded.
    @usableFromInline
    func record<Action>(
        _ action: Action, seq: UInt64, monotonicNanos: UInt64, effectID: UInt64?, location: SourceLocation?,
        state: State?, reducerNanos: UInt64, isLatest: () -> Bool, in worker: RecorderWorker
    ) {
        guard worker.canWrite else {
            worker.discardAction()
            return
        }
        if isPaused {
            // Not recorded: inside the `dropped` record written before the trace's next action
            // (``RecorderWorker/endPausedRun()``). The state is kept, for the keyframe at resume.
            notePaused(seq, in: worker)
            if let state { previous = state }
            latestStateRecorded = state != nil
            latestSeq = seq
            return
        }
        let options = worker.configuration.capture
        let written = worker.appendAction(ActionRecord(
            seq: seq, store: name, monotonicNanos: monotonicNanos, wallNanos: worker.wallNanos(atMonotonic: monotonicNanos),
            reducerNanos: reducerNanos, action: captureValue(action, options: options), effectID: effectID,
            location: location))
        guard written else {
            // Not in the trace (the sink failed, or the format cannot hold the action): lost,
            // counted so by the worker, and its state change reaches the trace in the next keyframe.
            needsKeyframe = true
            return
        }
        latestSeq = seq
        // Whether the action came at UI pace after the store's previous one.
        let paced = monotonicNanos &- lastActionNanos >= Self.uiPaceGapNanos
        lastActionNanos = monotonicNanos
        guard let state else {
            // The next recorded state is diffed against `previous`, the last one recorded.
            latestStateRecorded = false
            worker.append(.stateNotRecorded(StateNotRecorded(seq: seq, store: name)))
            return
        }
        latestStateRecorded = true

        let configuration = worker.configuration
        if needsKeyframe || actionsSinceKeyframe + 1 >= configuration.keyframeEveryActions
            || patchBytesSinceKeyframe >= max(configuration.keyframeEveryPatchBytes, keyframeBytes)
        {
            // A keyframe says nothing of what the action changed: the estimate stands, and the
            // collections the store changed last are the ones given storage of their own.
            previous = state
            unshareChangedCollections(paced: paced, isLatest: isLatest, configuration: configuration)
            writeKeyframe(previous, seq: seq, at: monotonicNanos, worker: worker)
            keep(previous, after: seq, bytes: keyframeBytes, in: worker)
            return
        }
        if patcher == nil { patcher = StatePatcher(options: options) }
        let found = patcher!.find(from: previous, to: state)
        actionsSinceKeyframe += 1
        let changed: ChangedCollections
        switch found {
        case let .operations(operations): changed = ChangedCollections(operations)
        // Root scalars: no collection is changed.
        case .rootScalars: changed = ChangedCollections([])
        }
        previous = state
        let slots = changed.touchesCollections ? changedCollectionSlots(changed.topLevelFields) : nil
        // What the next queued states pin when the store changes these collections again:
        // their buffers (or, for a state the worker cannot walk, the whole state's size).
        let changedBytes = changed.touchesCollections ? slots.map { StorageUnsharing.bufferBytes(of: &previous, at: $0) } ?? keyframeBytes : nil
        updateEstimates(changedBytes: changedBytes)
        unshareChangedCollections(paced: paced, isLatest: isLatest, configuration: configuration)
        let size: Int?
        switch found {
        case let .operations(operations) where !operations.isEmpty:
            let references = worker.referenceValuesWritten
            size = worker.append(.patch(StatePatch(seq: seq, store: name, operations: operations)))
            // Only a patch whose encoding met a reference is walked for the warning.
            if size != nil, worker.referenceValuesWritten != references {
                warnOfMutableInstances(inPatch: operations, seq: seq, at: monotonicNanos, worker: worker)
            }
        case let .rootScalars(patch) where !patch.isEmpty:
            // Written straight from the state, its operations never built (a scalar leaf holds
            // no reference to warn of).
            let name = name
            size = worker.appendRecord { (writer) throws(TraceError) in try patch.append(of: state, seq: seq, store: name, to: writer) }
        default:
            size = 0
        }
        if let size {
            patchBytesSinceKeyframe += size
        } else {
            // The change is not in the trace: the next action's keyframe carries it.
            needsKeyframe = true
        }
        // Kept once unshared: the store's own buffers stay its own.
        keep(previous, after: seq, bytes: changedBytes ?? MemoryLayout<State>.size, in: worker)
    }

    /// At UI pace, while ``previous`` is still the store's latest state, the store's live state
    /// shares every collection with it: the ones the store changes (``changedSlots``, those its
    /// latest collection change touched, also after a scalar change or at a keyframe), copied
    /// here before the action's records are encoded and written, are the worker's own, and the
    /// store's next change to them is made in place. Whatever else the worker has queued
    /// (effects' events, other stores' actions) waits. Not in a burst: there the store's next
    /// action has most likely changed them already (copying them on the app's thread, as the
    /// queued state shared them), and a copy here would be a second one.
    private func unshareChangedCollections(paced: Bool, isLatest: () -> Bool, configuration: RecorderConfiguration) {
        guard configuration.unsharesChangedCollections, paced, let slots = changedSlots?.slots, isLatest() else { return }
        StorageUnsharing.unshare(&previous, at: slots)
        unsharedSeq = latestSeq
    }

    /// Gives a state the worker claimed while it is the store's latest (action `seq`'s) storage
    /// of its own for the collections the store changes, before it is diffed, and times it
    /// (``StoreInbox/claimParkedState(of:sentAt:in:)``).
    func unshareClaimed(_ state: inout State, seq: UInt64, in worker: RecorderWorker) {
        guard worker.configuration.unsharesChangedCollections, let slots = changedSlots?.slots else { return }
        let start = Clock.monotonicNanos()
        StorageUnsharing.unshare(&state, at: slots)
        unshareNanos = Clock.monotonicNanos() &- start
        unsharedSeq = seq
    }

    /// The collections under `fields`, found once while changes touch the same fields.
    private func changedCollectionSlots(_ fields: [String]?) -> [StorageUnsharing.CollectionSlot]? {
        if let changedSlots, ChangedCollections.sameFields(changedSlots.fields, fields) { return changedSlots.slots }
        let slots = StorageUnsharing.slots(in: State.self, fields: fields.map(Set.init))
        changedSlots = (fields, slots)
        return slots
    }

    /// Writes a keyframe of `state`, the state after action `seq`, sent at `nanos` (monotonic).
    func writeKeyframe(_ state: State, seq: UInt64, at nanos: UInt64, worker: RecorderWorker) {
        let tree = captureValue(state, options: worker.configuration.capture)
        keyframeBytes = worker.append(.keyframe(Keyframe(seq: seq, store: name, state: tree))) ?? keyframeBytes
        warnOfMutableInstances(inKeyframe: tree, seq: seq, at: nanos, worker: worker)
        traceBytesAtKeyframe = worker.recordBytesWritten
        actionsSinceKeyframe = 0
        patchBytesSinceKeyframe = 0
        needsKeyframe = false
    }
}
