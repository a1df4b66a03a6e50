/// A session cut at the actions the app sent itself: each segment is one of them, the actions
/// its effects (and any other effect) sent before the app's next one, and the state of its
/// store once they were reduced. Two runs of one script make the same segments even when
/// their effects finished in another order, which pairing by seq cannot see past.
public struct AppActionSegments: IteratorProtocol, Sequence {
    /// One app action and what followed it.
    public struct Segment: Sendable {
        /// The app's action and the state right after it; `nil` for the effect actions before
        /// the app's first one.
        public var app: ActionSteps.Step?
        /// The actions effects sent after it, before the app's next action, in trace order.
        public var effectActions: [ActionRecord]
        /// The app action's store's state after the last of them (`nil`: unknown).
        public var endState: TraceValue?
        /// The last seq of the segment.
        public var lastSeq: UInt64
        /// What changed states from the previous segment's `endState` up to this one's.
        public var changes: ActionSteps.StateChanges
    }

    private var steps: ActionSteps
    /// What changed states after the last segment's `endState`.
    private var changesAfterEndState = ActionSteps.StateChanges()

    public init(_ steps: ActionSteps) {
        self.steps = steps
    }

    public mutating func next() -> Segment? {
        guard let first = steps.next() else { return nil }
        var segment = Segment(
            app: first.fromEffect ? nil : first, effectActions: first.fromEffect ? [first.action] : [],
            endState: first.fromEffect ? nil : first.state, lastSeq: first.action.seq, changes: changesAfterEndState)
        segment.changes.append(first.changes)
        changesAfterEndState = ActionSteps.StateChanges()
        let store = first.action.store
        // The segment ends before the app's next action, known before that action's patches
        // are applied to the state the segment holds.
        while steps.nextIsFromEffect() == true, let step = steps.next() {
            segment.effectActions.append(step.action)
            segment.lastSeq = step.action.seq
            changesAfterEndState.append(step.changes)
            if step.action.store == store {
                segment.endState = step.state
                segment.changes.append(changesAfterEndState)
                changesAfterEndState = ActionSteps.StateChanges()
            }
        }
        return segment
    }
}
