extension SessionComparison {
    /// Compares two sessions by the actions the app sent itself (``AppActionSegments``): the
    /// app's k-th action in `a` with its k-th in `b`, whatever the seqs, the actions effects sent
    /// before the app's next one as a set (two runs of one script finish their effects in any
    /// order), and the app action's store's state once they were reduced. An app action's seq
    /// is not compared, nor are the states between its effects' actions.
    public static func compareByAppActions(_ a: ActionSteps, _ b: ActionSteps) -> Result {
        var a = AppActionSegments(a), b = AppActionSegments(b)
        var result = Result(divergence: nil, actionsCompared: 0, unknownStates: 0)
        var lastPaired: UInt64?
        var equalStates = EqualStates()
        while true {
            let segmentA = a.next(), segmentB = b.next()
            let index = result.actionsCompared
            switch (segmentA, segmentB) {
            case (nil, nil):
                return result
            case let (nil, extra?), let (extra?, nil):
                guard let action = extra.app?.action ?? extra.effectActions.first else { return result }
                result.divergence = .length(index: index, afterSeq: lastPaired, extra: action, inA: segmentA != nil)
                return result
            case let (x?, y?):
                result.actionsCompared += 1
                lastPaired = x.lastSeq
                equalStates.follow(x.changes, y.changes)
                if let appA = x.app?.action, let appB = y.app?.action, appA.store != appB.store || appA.action != appB.action {
                    result.divergence = .action(index: index, a: appA, b: appB)
                    return result
                }
                let (onlyInA, onlyInB) = Self.unmatched(x.effectActions, y.effectActions)
                if (x.app == nil) != (y.app == nil) || !onlyInA.isEmpty || !onlyInB.isEmpty {
                    result.divergence = .effectActions(index: index, a: x.app?.action, b: y.app?.action, onlyInA: onlyInA, onlyInB: onlyInB)
                    return result
                }
                guard let appA = x.app, let appB = y.app else { continue }
                if let stateA = x.endState, let stateB = y.endState {
                    if !equalStates.equal(appA.action.store, stateA, stateB) {
                        result.divergence = .state(
                            index: index, a: ActionSteps.Step(action: appA.action, state: stateA),
                            b: ActionSteps.Step(action: appB.action, state: stateB))
                        return result
                    }
                } else {
                    equalStates.forget(appA.action.store)
                    result.unknownStates += 1
                }
            }
        }
    }

    /// The actions of `a` that `b` lacks and the other way round, counted as multisets by
    /// store and value.
    private static func unmatched(_ a: [ActionRecord], _ b: [ActionRecord]) -> (onlyInA: [ActionRecord], onlyInB: [ActionRecord]) {
        var remaining = b
        var onlyInA: [ActionRecord] = []
        for action in a {
            if let index = remaining.firstIndex(where: { $0.store == action.store && $0.action == action.action }) {
                remaining.remove(at: index)
            } else {
                onlyInA.append(action)
            }
        }
        return (onlyInA, remaining)
    }
}
