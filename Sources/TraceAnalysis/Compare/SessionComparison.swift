/// Compares two sessions action by action, for regression checks: the n-th actions must be
/// equal (same store, same value) and leave equal states. Sequence numbers, times and reducer
/// durations are ignored: they differ between any two runs.
public enum SessionComparison {
    /// Where two sessions first differ.
    public enum Divergence: Sendable {
        /// The actions at `index` (0-based) differ.
        case action(index: Int, a: ActionRecord, b: ActionRecord)
        /// The actions at `index` are equal but left different states.
        case state(index: Int, a: ActionSteps.Step, b: ActionSteps.Step)
        /// One session ends after `index` actions; `extra` is the other's next action.
        case length(index: Int, extra: ActionRecord, inA: Bool)
    }

    /// The outcome of a comparison.
    public struct Result: Sendable {
        /// The first difference, or `nil` when the sessions are equal.
        public var divergence: Divergence?
        /// Actions compared (up to and including the divergence).
        public var actionsCompared: Int
        /// Steps where a state was unknown on either side (not compared).
        public var unknownStates: Int
    }

    /// Compares the steps of `a` and `b`.
    public static func compare(_ a: ActionSteps, _ b: ActionSteps) -> Result {
        var a = a
        var b = b
        var index = 0
        var unknown = 0
        while true {
            let stepA = a.next()
            let stepB = b.next()
            switch (stepA, stepB) {
            case (nil, nil):
                return Result(divergence: nil, actionsCompared: index, unknownStates: unknown)
            case let (nil, extra?):
                return Result(divergence: .length(index: index, extra: extra.action, inA: false), actionsCompared: index, unknownStates: unknown)
            case let (extra?, nil):
                return Result(divergence: .length(index: index, extra: extra.action, inA: true), actionsCompared: index, unknownStates: unknown)
            case let (stepA?, stepB?):
                if stepA.action.store != stepB.action.store || stepA.action.action != stepB.action.action {
                    return Result(divergence: .action(index: index, a: stepA.action, b: stepB.action), actionsCompared: index + 1, unknownStates: unknown)
                }
                if let stateA = stepA.state, let stateB = stepB.state {
                    if stateA != stateB {
                        return Result(
                            divergence: .state(index: index, a: stepA, b: stepB), actionsCompared: index + 1,
                            unknownStates: unknown)
                    }
                } else {
                    unknown += 1
                }
                index += 1
            }
        }
    }
}
