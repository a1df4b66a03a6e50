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
    }

    private let items: AnyIterator<SourceItem>
    private var replay = StateReplay()
    private var pending: ActionRecord?
    /// Seqs an `effect emitted` record named, not yet stepped over.
    private var emitted = Set<UInt64>()

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
        while let item = items.next() {
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
                if case let .effectEmitted(event) = record { emitted.insert(event.actionSeq) }
                replay.apply(record)
            }
        }
        guard let last = pending else { return nil }
        pending = nil
        return step(last)
    }

    private mutating func step(_ action: ActionRecord) -> Step {
        Step(action: action, state: replay.state(of: action.store), fromEffect: emitted.remove(action.seq) != nil)
    }
}
