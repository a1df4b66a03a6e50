import Dispatch

/// What the app hands the recorder's worker. Building one is O(1): no capture, diff or I/O.
enum RecorderEvent: Sendable {
    /// A reduced action with the state it produced.
    case action(any ActionWork)
    /// A store joined the session with its initial state.
    case storeRegistered(any ActionWork)
    /// A fully formed record (effect lifetimes, logs): small and written as is.
    case record(Record)
    /// Actions were dropped before this point.
    case dropped(DroppedRun)
    /// Write everything so far, then signal.
    case flush(Completion)
    /// Write everything, end the session, close the sink, stop the worker, then signal.
    case close(Completion)
    /// The worker's placeholder for an event it has handled (releasing what the event held).
    case handled
}

/// Work the worker does for one action of one store; generic over the store's types.
@usableFromInline
protocol ActionWork: AnyObject, Sendable {
    /// The bytes of the queue's budget this work holds until processed.
    var cost: Int { get }
    func process(in worker: RecorderWorker)
}

/// A range of consecutive dropped actions.
struct DroppedRun: Sendable, Hashable {
    var count: UInt64
    var firstSeq: UInt64
    var lastSeq: UInt64
}

/// Lets a caller wait until the worker has handled its event.
final class Completion: Sendable {
    private let semaphore = DispatchSemaphore(value: 0)

    func signal() { semaphore.signal() }

    /// Waits at most `timeout`; returns whether the worker answered in time.
    func wait(timeout: Duration) -> Bool {
        let nanos = Int(min(timeout.components.seconds, 3600) * 1_000_000_000)
        return semaphore.wait(timeout: .now() + .nanoseconds(nanos)) == .success
    }
}
