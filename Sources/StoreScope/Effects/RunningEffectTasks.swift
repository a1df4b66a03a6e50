import TraceFormat

/// The effect tasks a store's thunk and middleware adapters started and that have not ended,
/// so that an app (or its test) can wait for them: ``StoreRecorder/waitForEffects()``.
final class RunningEffectTasks: Sendable {
    private struct State {
        var running = 0
        var waiters: [CheckedContinuation<Void, Never>] = []
    }

    private let state = LockedValue(State())

    /// Counts an effect whose task is about to start.
    func started() {
        state.withLock { $0.running += 1 }
    }

    /// Counts an effect that ended (its span is ended); wakes the waiters when none is left.
    func ended() {
        let ready: [CheckedContinuation<Void, Never>] = state.withLock { state in
            state.running -= 1
            guard state.running == 0 else { return [] }
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in ready { waiter.resume() }
    }

    /// Returns once no effect is running.
    nonisolated(nonsending) func wait() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let now: Bool = state.withLock { state in
                guard state.running > 0 else { return true }
                state.waiters.append(continuation)
                return false
            }
            if now { continuation.resume() }
        }
    }
}
