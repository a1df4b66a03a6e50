import Dispatch
import TraceFormat

/// Lets a caller wait until the worker has handled its event.
final class Completion: Sendable {
    private let semaphore = DispatchSemaphore(value: 0)
    /// Set (releasing) before the semaphore is signalled and read (acquiring) after the wait:
    /// what the worker did before signalling is then visible to the waiter in a way
    /// ThreadSanitizer sees (it does not see through libdispatch's semaphore).
    private let done = AtomicValue<Bool>(false)

    func signal() {
        done.store(true, ordering: .releasing)
        semaphore.signal()
    }

    /// Waits at most `timeout`; returns whether the worker answered in time.
    func wait(timeout: Duration) -> Bool {
        let nanos = Int(min(timeout.components.seconds, 3600) * 1_000_000_000)
        guard semaphore.wait(timeout: .now() + .nanoseconds(nanos)) == .success else { return false }
        return done.load(ordering: .acquiring)
    }
}
