/// One store's action and the state it produced, on its way to the worker.
@usableFromInline
final class ActionEntry<State: Sendable, Action: Sendable>: ActionWork, @unchecked Sendable {
    // @unchecked: the entry is built on the app's thread, handed over through the queue's
    // mutex, and from then on read and cleared by the worker alone.
    @usableFromInline let track: StoreTrack<State>
    @usableFromInline let pending: PendingAction<Action>?
    @usableFromInline let reducerNanos: UInt64
    @usableFromInline let cost: Int
    /// For a registration (no `pending` action): the session's last sequence number then.
    @usableFromInline let registrationSeq: UInt64
    @usableFromInline var state: State?

    @inlinable
    init(
        track: StoreTrack<State>, pending: PendingAction<Action>?, state: State, reducerNanos: UInt64, cost: Int,
        registrationSeq: UInt64 = 0
    ) {
        self.track = track
        self.pending = pending
        self.registrationSeq = registrationSeq
        self.state = state
        self.reducerNanos = reducerNanos
        self.cost = cost
    }

    @usableFromInline
    func process(in worker: RecorderWorker) {
        guard let state = state.take() else { return }
        let options = worker.configuration.capture
        guard let pending else {
            // Registration: the initial state becomes the store's first keyframe.
            worker.registeredStores.insert(track.name)
            writeKeyframe(state, seq: registrationSeq, worker: worker)
            track.previous = state
            return
        }
        guard worker.canWrite else {
            worker.discardAction()
            return
        }
        worker.append(.action(ActionRecord(
            seq: pending.seq, store: track.name, monotonicNanos: pending.monotonicNanos, wallNanos: pending.wallNanos,
            reducerNanos: reducerNanos, action: captureValue(pending.action, options: options),
            effectID: pending.effectID, location: pending.location)))
        worker.noteRecorded()

        let configuration = worker.configuration
        let forced = worker.takeKeyframeRequest(for: track.name) || track.previous == nil
        if forced || track.actionsSinceKeyframe + 1 >= configuration.keyframeEveryActions
            || track.patchBytesSinceKeyframe >= max(configuration.keyframeEveryPatchBytes, track.keyframeBytes)
        {
            writeKeyframe(state, seq: pending.seq, worker: worker)
            track.setPinnedEstimate(track.keyframeBytes)
        } else if let previous = track.previous {
            let operations = capturePatch(from: previous, to: state, options: options)
            track.actionsSinceKeyframe += 1
            if !operations.isEmpty {
                let size = worker.append(.patch(StatePatch(seq: pending.seq, store: track.name, operations: operations))) ?? 0
                track.patchBytesSinceKeyframe += size
            }
            let changed = ChangedCollections(operations)
            track.setPinnedEstimate(changed.touchesCollections ? track.keyframeBytes : track.pinnedEstimate.load(ordering: .relaxed) / 2)
            track.previous = state
            // Only at UI pace: in a burst the next queued state already shares the storage, so
            // the store copies anyway and unsharing here would copy twice.
            let paced = pending.monotonicNanos &- track.lastActionNanos >= StoreTrack<State>.uiPaceGapNanos
            track.lastActionNanos = pending.monotonicNanos
            if configuration.unsharesChangedCollections && changed.touchesCollections && paced && worker.isIdle {
                StorageUnsharing.unshare(&track.previous!, fields: changed.topLevelFields)
            }
            return
        }
        track.previous = state
    }

    private func writeKeyframe(_ state: State, seq: UInt64, worker: RecorderWorker) {
        let tree = captureValue(state, options: worker.configuration.capture)
        track.keyframeBytes = worker.append(.keyframe(Keyframe(seq: seq, store: track.name, state: tree))) ?? track.keyframeBytes
        track.actionsSinceKeyframe = 0
        track.patchBytesSinceKeyframe = 0
    }
}

/// Which parts of the state a patch changed inside collections.
struct ChangedCollections {
    /// Whether any operation reaches into, or replaces, an array, dictionary or set.
    var touchesCollections = false
    /// The first path step of such operations (`nil` means the whole state).
    var topLevelFields: Set<String>? = []

    init(_ operations: [PatchOperation]) {
        for operation in operations {
            let path = operation.path
            let intoCollection: Bool
            switch operation {
            case .insert, .remove, .move: intoCollection = true
            case let .set(_, value):
                intoCollection = path.contains { if case .field = $0 { false } else { true } } || value.isCollection
            }
            guard intoCollection else { continue }
            touchesCollections = true
            if case let .field(name)? = path.first {
                topLevelFields?.insert(name)
            } else {
                topLevelFields = nil
            }
        }
    }
}

extension TraceValue {
    var isCollection: Bool {
        switch self {
        case .array, .dictionary, .set: true
        default: false
        }
    }
}
