import Dispatch
import Synchronization

/// The hand-off between app threads and the recorder's worker: a mutex-protected array with a
/// byte budget. Enqueueing never blocks on the worker; past the budget, actions are dropped and
/// counted, and the run of drops is reported once the backlog has halved.
@usableFromInline
final class RecordingQueue: Sendable {
    /// What the mutex protects.
    struct Contents: ~Copyable {
        var events: [RecorderEvent] = []
        var pendingBytes = 0
        var pendingActions = 0
        var workerSleeping = false
        /// The drops not yet reported, while the budget is exceeded.
        var dropping: DroppedRun?
        var actionsDropped: UInt64 = 0
        var eventsDropped: UInt64 = 0
    }

    let budget: Int
    /// Queued actions past which the store thread wakes a sleeping worker.
    static let wakeBacklogActions = 256
    /// The budget an effect or log record holds while queued.
    static let recordCost = 64
    private let contents = Mutex(Contents())
    private let wakeup = DispatchSemaphore(value: 0)

    init(budget: Int) {
        self.budget = budget
    }

    /// Adds an action costing `cost` bytes, or drops it when the budget would be exceeded.
    ///
    /// - Returns: whether the action was accepted.
    @usableFromInline
    func enqueueAction(_ work: any ActionWork, seq: UInt64, cost: Int) -> Bool {
        let wake: Bool? = contents.withLock { queue in
            if queue.dropping != nil || queue.pendingBytes + cost > budget {
                // Keep dropping until the backlog halves, so recovery is not one action at a time.
                if queue.dropping == nil || queue.pendingBytes + cost > budget / 2 {
                    if var run = queue.dropping {
                        run.count += 1
                        run.lastSeq = seq
                        queue.dropping = run
                    } else {
                        queue.dropping = DroppedRun(count: 1, firstSeq: seq, lastSeq: seq)
                    }
                    queue.actionsDropped += 1
                    return nil
                }
                if let run = queue.dropping {
                    queue.events.append(.dropped(run))
                    queue.dropping = nil
                }
            }
            queue.events.append(.action(work))
            queue.pendingBytes += cost
            queue.pendingActions += 1
            // The worker polls while actions arrive; wake it early only when a backlog builds,
            // so a steady stream of actions costs no system call on the store thread.
            guard queue.pendingActions >= Self.wakeBacklogActions || queue.pendingBytes >= budget / 8 else { return false }
            return queue.takeSleepingWorker()
        }
        guard let wake else { return false }
        if wake { wakeup.signal() }
        return true
    }

    /// Adds a small event (an effect or log record); dropped only when the budget is exceeded.
    @usableFromInline
    func enqueueRecord(_ record: Record) {
        let cost = Self.recordCost
        let wake: Bool = contents.withLock { queue in
            guard queue.pendingBytes + cost <= budget else {
                queue.eventsDropped += 1
                return false
            }
            queue.events.append(.record(record))
            queue.pendingBytes += cost
            return false
        }
        if wake { wakeup.signal() }
    }

    /// Adds a control event, which is never dropped.
    func enqueueControl(_ event: RecorderEvent) {
        let wake = contents.withLock { queue in
            queue.events.append(event)
            return queue.takeSleepingWorker()
        }
        if wake { wakeup.signal() }
    }

    /// Asks the worker to close, after reporting any drops still in progress.
    func enqueueClose(_ completion: Completion) {
        let wake = contents.withLock { queue in
            if let run = queue.dropping {
                queue.events.append(.dropped(run))
                queue.dropping = nil
            }
            queue.events.append(.close(completion))
            return queue.takeSleepingWorker()
        }
        if wake { wakeup.signal() }
    }

    /// Takes every queued event (worker side) by swapping the queue's array with `spare`, an
    /// empty array that keeps its capacity: the store thread then appends without growing a
    /// fresh array after every batch. The budget the events hold is given back with
    /// ``release(bytes:actions:)`` as the worker goes.
    func takeAll(into spare: inout [RecorderEvent]) {
        contents.withLock { queue in swap(&queue.events, &spare) }
    }

    /// Returns budget taken by processed events.
    func release(bytes: Int, actions: Int) {
        contents.withLock { queue in
            queue.pendingBytes -= bytes
            queue.pendingActions -= actions
        }
    }

    /// Whether no event waits (worker side).
    var isEmpty: Bool { contents.withLock { $0.events.isEmpty } }

    /// Sleeps until an event arrives or `timeout` passes (worker side).
    func waitForEvents(timeout: Duration) {
        let hasEvents = contents.withLock { queue in
            if queue.events.isEmpty { queue.workerSleeping = true }
            return !queue.events.isEmpty
        }
        guard !hasEvents else { return }
        let nanos = Int(timeout.components.seconds * 1_000_000_000 + timeout.components.attoseconds / 1_000_000_000)
        _ = wakeup.wait(timeout: .now() + .nanoseconds(nanos))
        contents.withLock { $0.workerSleeping = false }
    }

    /// Counters for ``RecorderStatus``.
    func counters() -> (pendingActions: Int, actionsDropped: UInt64, eventsDropped: UInt64) {
        contents.withLock { ($0.pendingActions, $0.actionsDropped, $0.eventsDropped) }
    }
}

extension RecordingQueue.Contents {
    /// Whether the worker sleeps and must be woken; clears the flag so it is woken once.
    mutating func takeSleepingWorker() -> Bool {
        guard workerSleeping else { return false }
        workerSleeping = false
        return true
    }
}
