/// Compares two sessions action by action, for regression checks: the actions with the same
/// sequence number must be equal (same store, same value) and leave equal states. Times and
/// reducer durations are ignored: they differ between any two runs.
///
/// Actions are paired by seq, not by position, so records lost on one side (a damaged part,
/// actions the recorder dropped) are a gap, reported as such, and the rest still pairs up:
/// one damaged chunk in B does not turn every later action into a divergence.
///
/// A store's two states are compared whole once, then followed by their records
/// (``EqualStates``): while both sides apply the same patches, they stay equal uncompared.
public enum SessionComparison {
    /// Where two sessions first differ.
    public enum Divergence: Sendable {
        /// The actions with the same seq differ; `index` (0-based) counts the pairs before.
        case action(index: Int, a: ActionRecord, b: ActionRecord)
        /// The actions with the same seq are equal but left different states.
        case state(index: Int, a: ActionSteps.Step, b: ActionSteps.Step)
        /// One session ends after `index` pairs (the last of them at `afterSeq`); `extra` is
        /// the other's next action.
        case length(index: Int, afterSeq: UInt64?, extra: ActionRecord, inA: Bool)
        /// Compared by the app's own actions (``compareByAppActions(_:_:)``): the app actions
        /// `a` and `b` are equal, but their effects sent different actions before the app's
        /// next one (compared as a set: their order may differ); those only one side sent.
        case effectActions(index: Int, a: ActionRecord?, b: ActionRecord?, onlyInA: [ActionRecord], onlyInB: [ActionRecord])
    }

    /// Actions of one session whose seqs the other session does not have: its records there
    /// were lost (a damaged part) or dropped by its recorder. They are not compared.
    public struct Gap: Sendable, Hashable {
        /// Whether the actions are missing from A (else from B).
        public var missingInA: Bool
        /// The seqs of the other session's actions left without a counterpart.
        public var seqs: ClosedRange<UInt64>
        /// How many of those actions there were.
        public var count: Int
    }

    /// The outcome of a comparison.
    public struct Result: Sendable {
        /// The first difference, or `nil` when the sessions are equal where both have actions.
        public var divergence: Divergence?
        /// Action pairs compared (up to and including the divergence).
        public var actionsCompared: Int
        /// Pairs where a state was unknown on either side (not compared).
        public var unknownStates: Int
        /// Runs of actions with no counterpart, up to the divergence, in seq order.
        public var gaps: [Gap] = []
    }

    /// Compares the steps of `a` and `b`.
    public static func compare(_ a: ActionSteps, _ b: ActionSteps) -> Result {
        var a = a
        var b = b
        var result = Result(divergence: nil, actionsCompared: 0, unknownStates: 0)
        var lastPaired: UInt64?
        var equalStates = EqualStates()
        var stepA = a.next()
        var stepB = b.next()
        func skip(_ seq: UInt64, missingInA: Bool) {
            // One side applied this action's records alone.
            equalStates.forgetAll()
            if let last = result.gaps.last, last.missingInA == missingInA, lastPaired.map({ $0 < last.seqs.lowerBound }) ?? true {
                result.gaps[result.gaps.count - 1].seqs = last.seqs.lowerBound...seq
                result.gaps[result.gaps.count - 1].count += 1
            } else {
                result.gaps.append(Gap(missingInA: missingInA, seqs: seq...seq, count: 1))
            }
        }
        while true {
            // Which sides step on. The steps compared are taken out and let go before the next
            // are read: a state still held would make the replay copy it to apply a patch.
            var next: (a: Bool, b: Bool) = (true, true)
            switch (stepA.take(), stepB.take()) {
            case (nil, nil):
                return result
            case let (nil, extra?):
                result.divergence = .length(index: result.actionsCompared, afterSeq: lastPaired, extra: extra.action, inA: false)
                return result
            case let (extra?, nil):
                result.divergence = .length(index: result.actionsCompared, afterSeq: lastPaired, extra: extra.action, inA: true)
                return result
            case let (x?, y?) where x.action.seq < y.action.seq:
                skip(x.action.seq, missingInA: false)
                (next.b, stepB) = (false, y)
            case let (x?, y?) where y.action.seq < x.action.seq:
                skip(y.action.seq, missingInA: true)
                (next.a, stepA) = (false, x)
            case let (x?, y?):
                let index = result.actionsCompared
                result.actionsCompared += 1
                lastPaired = x.action.seq
                equalStates.follow(x.changes, y.changes)
                if x.action.store != y.action.store || x.action.action != y.action.action {
                    result.divergence = .action(index: index, a: x.action, b: y.action)
                    return result
                }
                if let stateA = x.state, let stateB = y.state {
                    if !equalStates.equal(x.action.store, stateA, stateB) {
                        result.divergence = .state(index: index, a: x, b: y)
                        return result
                    }
                } else {
                    equalStates.forget(x.action.store)
                    result.unknownStates += 1
                }
            }
            if next.a { stepA = a.next() }
            if next.b { stepB = b.next() }
        }
    }
}
