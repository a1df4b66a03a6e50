/// A session as a sequence of steps: each action with its store's state right after it
/// (rebuilt from keyframes and patches by ``StateReplay``), pulled one at a time.
public struct ActionSteps: IteratorProtocol, Sequence {
    /// One action and the state it left.
    public struct Step: Sendable {
        /// The action record.
        public var action: ActionRecord
        /// Its store's state after it, or `nil` when unknown (after a drop or a damaged part,
        /// until the next keyframe).
        public var state: TraceValue?
        /// Whether an effect sent it (an `effect emitted` record names it), rather than the app.
        public var fromEffect = false
        /// What changed states since the previous step.
        public var changes = StateChanges()
    }

    /// The records that changed states between two steps: after the previous step's action,
    /// up to this step's state (its action's own patch among them). Two sessions that applied
    /// the same ones to equal states hold equal states (``SessionComparison``).
    public struct StateChanges: Sendable {
        /// Patches, keyframes, drops and states not recorded, in trace order. Where records
        /// were lost (a damaged part) no state is known until its store's next keyframe, which
        /// is among them.
        public var records: [Record] = []

        /// These changes followed by `later`.
        mutating func append(_ later: StateChanges) {
            records += later.records
        }
    }

    private let items: AnyIterator<SourceItem>
    private var replay = StateReplay()
    private var pending: ActionRecord?
    /// Seqs an `effect emitted` record named, not yet stepped over.
    private var emitted = Set<UInt64>()
    /// What changed states since the last step was taken.
    private var changes = StateChanges()
    /// Items read by ``nextIsFromEffect()`` and not yet stepped over, from `readAheadStart`.
    private var readAhead: [SourceItem] = []
    private var readAheadStart = 0

    /// Steps over a session's items; after a gap every state is unknown until its store's
    /// next keyframe.
    public init(_ items: AnyIterator<SourceItem>) {
        self.items = items
    }

    /// Steps over records read whole (a ``TraceFormat/TraceReader``'s `allRecords()`, or a
    /// test's own), with no damaged part among them:
    ///
    /// ```swift
    /// let states = try ActionSteps(records: reader.allRecords()).map { step in
    ///     try TraceValueDecoder().decode(AppState.self, from: try #require(step.state))
    /// }
    /// ```
    public init(records: [Record]) {
        self.init(AnyIterator(records.lazy.map(SourceItem.record).makeIterator()))
    }

    /// The next action and the state after it, or `nil` at the end.
    public mutating func next() -> Step? {
        while let item = nextItem() {
            guard case let .record(record) = item else {
                // Records are missing: no state can be trusted until a keyframe.
                replay = StateReplay()
                continue
            }
            if case let .action(action) = record {
                let previous = pending
                pending = action
                if let previous { return step(previous) }
            } else {
                switch record {
                case let .effectEmitted(event): emitted.insert(event.actionSeq)
                case .patch, .keyframe, .stateNotRecorded, .dropped: changes.records.append(record)
                default: break
                }
                replay.apply(record)
            }
        }
        guard let last = pending else { return nil }
        pending = nil
        return step(last)
    }

    /// Whether the next step's action was sent by an effect, or `nil` when there is no next
    /// step, found by reading up to the action after it without applying what it read: a
    /// caller still holding the last step's state can learn whether to take the next step
    /// before the replay changes the state it holds (which would make it copy the state).
    mutating func nextIsFromEffect() -> Bool? {
        guard let pending else { return nil }
        var fromEffect = emitted.contains(pending.seq)
        func sees(_ item: SourceItem) -> Bool {
            if case let .record(.effectEmitted(event)) = item, event.actionSeq == pending.seq { fromEffect = true }
            if case .record(.action) = item { return true }
            return false
        }
        // Up to the next action: the effect that sent this one is named before it.
        if readAhead[readAheadStart...].contains(where: sees) { return fromEffect }
        // What was stepped over goes first: the buffer holds at most the items up to the
        // action after the next, never the session read so far.
        if readAheadStart > 0 {
            readAhead.removeFirst(readAheadStart)
            readAheadStart = 0
        }
        while let item = items.next() {
            readAhead.append(item)
            if sees(item) { break }
        }
        return fromEffect
    }

    /// The next item: those read ahead first.
    private mutating func nextItem() -> SourceItem? {
        if readAheadStart < readAhead.count {
            defer { readAheadStart += 1 }
            return readAhead[readAheadStart]
        }
        if !readAhead.isEmpty {
            readAhead.removeAll(keepingCapacity: true)
            readAheadStart = 0
        }
        return items.next()
    }

    /// The items the read-ahead of ``nextIsFromEffect()`` holds, stepped over or not.
    var itemsHeldForReadAhead: Int { readAhead.count }

    private mutating func step(_ action: ActionRecord) -> Step {
        defer { changes = StateChanges() }
        return Step(
            action: action, state: replay.state(of: action.store), fromEffect: emitted.remove(action.seq) != nil,
            changes: changes)
    }
}
