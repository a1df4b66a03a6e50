import Dispatch
import Synchronization

/// What the app hands the recorder's worker. Building one is O(1) and allocates nothing for
/// an action: no capture, diff or I/O.
enum RecorderEvent: Sendable {
    /// The next action of a store, waiting in that store's inbox.
    case action(ActionToken)
    /// A store joined the session with its initial state.
    case storeRegistered(any ActionSource, seq: UInt64)
    /// A store's recorder was released: after its queued actions, the worker forgets it.
    case storeReleased(any ActionSource)
    /// A fully formed record (effect lifetimes, logs), written as is. Boxed, so that the
    /// events array stays small for the common case, actions.
    indirect case record(Record)
    /// Actions were dropped before this point.
    case dropped(DroppedRun)
    /// Write everything so far, then signal.
    case flush(Completion)
    /// Write everything, end the session, close the sink, stop the worker, then signal.
    case close(Completion)
}

/// A store's inbox as the worker sees it, whatever the store's State and Action types.
@usableFromInline
protocol ActionSource: AnyObject, Sendable {
    /// Writes the store's initial state as its first keyframe; `seq` is the session's last
    /// sequence number when the store registered.
    func register(seq: UInt64, in worker: RecorderWorker)
    /// Records the store's next queued action; returns the budget it held.
    func recordNextAction(in worker: RecorderWorker) -> Int
    /// Makes the store's next action write a keyframe (after drops).
    func forceKeyframe()
    /// Writes a keyframe of the store's latest recorded state now (a live stream resumed).
    func writeKeyframeNow(in worker: RecorderWorker)
    /// Writes a keyframe of the store's latest state if the trace has gone far since its last
    /// (see ``StoreTrack/writeKeyframeIfFarBehind(in:)``).
    func writeKeyframeIfFarBehind(in worker: RecorderWorker)
}

/// Names the inbox holding an action without retaining it: a retain and release per action
/// would bounce the inbox's reference count between the app's thread and the worker's. Sound
/// because the worker holds every registered inbox strongly from its registration, which the
/// queue delivers before any of its actions, until its release, which comes after them.
@usableFromInline
struct ActionToken: Sendable {
    @usableFromInline unowned(unsafe) let source: any ActionSource

    @inlinable
    init(_ source: any ActionSource) {
        self.source = source
    }
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
    /// Set (releasing) before the semaphore is signalled and read (acquiring) after the wait:
    /// what the worker did before signalling is then visible to the waiter in a way
    /// ThreadSanitizer sees (it does not see through libdispatch's semaphore).
    private let done = Atomic<Bool>(false)

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
