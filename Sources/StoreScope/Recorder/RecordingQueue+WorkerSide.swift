import Foundation
import TraceFormat

/// The worker's side of the queue: it takes every lane's events, gives back what it wrote,
/// and sleeps until the app wakes it.
extension RecordingQueue {
    // MARK: - Worker

    /// Takes every queued event (worker side): flips the current lane once no app thread is
    /// appending (``LaneGate/flip()``) and swaps the lane it left with `spare`, an empty array
    /// that keeps its capacity. The budget the events hold is given back with
    /// ``release(bytes:actions:)`` as the worker goes.
    ///
    /// - Returns: the lane taken; the inboxes hold the actions of its tokens in the same lane.
    func takeAll(into spare: inout [RecorderEvent]) -> Int {
        let lane = gate.flip()
        lanes.swap(lane, with: &spare)
        if !spare.isEmpty { eventsTaken.add(spare.count, ordering: .relaxed) }
        return lane
    }

    /// Returns budget taken by processed events (worker side, once per batch).
    func release(bytes: Int, actions: Int) {
        bytesReleased.add(bytes, ordering: .relaxed)
        actionsReleased.add(actions, ordering: .relaxed)
    }

    /// Whether no event waits (worker side).
    var isEmpty: Bool { eventsQueued.load(ordering: .relaxed) == eventsTaken.load(ordering: .relaxed) }

    /// Sleeps until an event arrives or `timeout` passes (worker side).
    func waitForEvents(timeout: Duration) {
        workerSleeping.store(true, ordering: .sequentiallyConsistent)
        // Sequentially consistent against the fence in ``wakeSleepingWorker()``.
        guard eventsQueued.load(ordering: .sequentiallyConsistent) == eventsTaken.load(ordering: .relaxed) else {
            workerSleeping.store(false, ordering: .relaxed)
            return
        }
        let nanos = Int(timeout.components.seconds * 1_000_000_000 + timeout.components.attoseconds / 1_000_000_000)
        _ = wakeup.wait(timeout: .now() + .nanoseconds(nanos))
        workerSleeping.store(false, ordering: .relaxed)
    }
}
