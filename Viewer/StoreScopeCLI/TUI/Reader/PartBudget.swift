/// How much one part of a long read of the trace may take, so keys are answered in between:
/// steps of `chunks` chunks each, again until `time` has passed (`nil`: one step). A search
/// (``LongSearch``) and the effects view (``EffectsView``) both read in parts under one; tests
/// give them no time, to count parts in chunks instead of milliseconds.
struct PartBudget: Sendable, Equatable {
    var chunks = 4
    var time: Duration? = .milliseconds(28)

    /// Runs `step` with ``chunks`` until it returns `false` (nothing more to read, or it found
    /// what it read for) or the time is up; always at least once.
    ///
    /// - Parameter step: reads `chunks` chunks; returns whether to read on.
    func spend(_ step: (_ chunks: Int) -> Bool) {
        let clock = ContinuousClock()
        let deadline = time.map { clock.now + $0 }
        while step(chunks) {
            guard let deadline, clock.now < deadline else { return }
        }
    }
}
