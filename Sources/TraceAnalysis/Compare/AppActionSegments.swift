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
    }

    private var steps: ActionSteps
    private var lookahead: ActionSteps.Step?
    private var started = false

    public init(_ steps: ActionSteps) {
        self.steps = steps
    }

    public mutating func next() -> Segment? {
        if !started {
            started = true
            lookahead = steps.next()
        }
        guard let first = lookahead else { return nil }
        var segment = Segment(
            app: first.fromEffect ? nil : first, effectActions: first.fromEffect ? [first.action] : [],
            endState: first.fromEffect ? nil : first.state, lastSeq: first.action.seq)
        let store = first.action.store
        while let step = steps.next() {
            guard step.fromEffect else {
                lookahead = step
                return segment
            }
            segment.effectActions.append(step.action)
            segment.lastSeq = step.action.seq
            if step.action.store == store { segment.endState = step.state }
        }
        lookahead = nil
        return segment
    }
}
