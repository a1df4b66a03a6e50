extension ViewerEffectRunner {
    /// One turn of the viewer's loop, the one piece ``ViewerApp``, the benchmarks' screen and
    /// the tests' harness all run: reduces `actions`, which arrived together (a key, the
    /// reader's answers, a poll), in order, and then, while playing, the loop's `clock`; runs
    /// what they asked around the frame (``run(_:around:)``): the reads start, the reader's
    /// answers the screen waits for are reduced as they finish until `deadline`
    /// (``awaitReads(into:reducer:until:while:)``), and `draw` is called once, when the state
    /// changed, before copies and control requests leave.
    ///
    /// - Parameters:
    ///   - asked: effects asked before the turn, run with the actions' (the first frame's).
    ///   - deadline: how long the frame waits for the reader (`nil`: however long it takes).
    ///   - waits: what the frame waits for (the loop's: ``ViewerState/waitsWithinFrame``).
    ///   - drawsUnchanged: whether `draw` is called even when the state did not change (the
    ///     first frame, a screen restored after Ctrl-Z).
    /// - Returns: every effect the turn asked for, the answers' included, in order.
    @discardableResult
    package func turn(
        _ actions: [ViewerAction], after asked: [ViewerEffect] = [], state: inout ViewerState, reducer: ViewerReducer, clock: UInt64? = nil,
        until deadline: ContinuousClock.Instant?, while waits: (ViewerState) -> Bool = \.waitsWithinFrame, drawsUnchanged: Bool = false,
        draw: (ViewerState) -> Void = { _ in }
    ) -> [ViewerEffect] {
        let before = state
        var effects = asked
        for action in actions { effects += reducer.reduce(&state, action) }
        if let clock, state.isPlaying { effects += reducer.reduce(&state, .clock(nanos: clock)) }
        var answered: [ViewerEffect] = []
        run(effects) {
            answered = awaitReads(into: &state, reducer: reducer, until: deadline, while: waits)
            if drawsUnchanged || state != before { draw(state) }
        }
        return effects + answered
    }
}

extension ViewerState {
    /// Whether the loop's frame waits for the reader before drawing: the timeline's rows, the
    /// selected action's detail, a search's first part, the sessions' poll.
    package var waitsWithinFrame: Bool {
        isReadingRows || isLoadingDetail || search.running?.partsRead == 0 || sessions.asked != nil
    }
}
