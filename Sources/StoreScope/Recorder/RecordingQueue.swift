import Dispatch

/// The hand-off between app threads and the recorder's worker: a mutex-protected list of events
/// with a byte budget. An action's event is a token naming its store's ``StoreInbox``, which
/// holds the action itself and is appended to under the same mutex. Enqueueing never blocks on
/// the worker; past the budget, actions are dropped and counted, and the run of drops is
/// reported once the backlog has halved.
@usableFromInline
final class RecordingQueue: Sendable {
    /// What the mutex protects.
    @usableFromInline
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

    @usableFromInline let budget: Int
    /// Queued actions past which the store thread wakes a sleeping worker.
    static let wakeBacklogActions = 256
    /// The budget an effect or log record holds while queued.
    static let recordCost = 64
    @usableFromInline let contents = LockedValue(Contents())
    @usableFromInline let wakeup = DispatchSemaphore(value: 0)

    init(budget: Int) {
        self.budget = budget
    }

    /// Adds an action costing `cost` bytes, or drops it when the budget would be exceeded.
    ///
    /// - Parameters:
    ///   - deposit: stores the action in `source`'s inbox; called with the queue locked, only
    ///     when the action is accepted.
    /// - Returns: whether the action was accepted.
    @inlinable
    func enqueueAction(seq: UInt64, cost: Int, from source: ActionToken, _ deposit: () -> Void) -> Bool {
        let wake: Bool? = contents.withLock { queue in
            guard queue.admitAction(seq: seq, cost: cost, budget: budget) else { return nil }
            deposit()
            return queue.appendAction(source, cost: cost, budget: budget)
        }
        guard let wake else { return false }
        if wake { wakeup.signal() }
        return true
    }

    /// Runs `body` with the queue locked: the worker takes a store's arrivals this way.
    @usableFromInline
    func whileLocked(_ body: () -> Void) {
        contents.withLock { _ in body() }
    }

    /// Adds a small event (an effect or log record); dropped only when the budget is exceeded.
    @usableFromInline
    func enqueueRecord(_ record: Record) {
        let cost = Self.recordCost
        // Never wakes the worker: it polls while the app is active, and a record can wait
        // for the next poll.
        contents.withLock { queue in
            guard queue.pendingBytes + cost <= budget else {
                queue.eventsDropped += 1
                return
            }
            queue.events.append(.record(record))
            queue.pendingBytes += cost
        }
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
    /// Whether an action costing `cost` fits the budget; counts it as dropped when not. Once
    /// the budget is exceeded, drops go on until the backlog halves, so recovery is not one
    /// action at a time; the first action accepted after a run of drops reports the run.
    @usableFromInline
    mutating func admitAction(seq: UInt64, cost: Int, budget: Int) -> Bool {
        guard dropping != nil || pendingBytes + cost > budget else { return true }
        if dropping == nil || pendingBytes + cost > budget / 2 {
            if var run = dropping {
                run.count += 1
                run.lastSeq = seq
                dropping = run
            } else {
                dropping = DroppedRun(count: 1, firstSeq: seq, lastSeq: seq)
            }
            actionsDropped += 1
            return false
        }
        if let run = dropping {
            events.append(.dropped(run))
            dropping = nil
        }
        return true
    }

    /// Queues the token of an admitted action; returns whether to wake the worker. The worker
    /// polls while actions arrive, so it is woken early only when a backlog builds, and a
    /// steady stream of actions costs no system call on the store thread.
    @usableFromInline
    mutating func appendAction(_ source: ActionToken, cost: Int, budget: Int) -> Bool {
        events.append(.action(source))
        pendingBytes += cost
        pendingActions += 1
        guard pendingActions >= RecordingQueue.wakeBacklogActions || pendingBytes >= budget / 8 else { return false }
        return takeSleepingWorker()
    }

    /// Whether the worker sleeps and must be woken; clears the flag so it is woken once.
    mutating func takeSleepingWorker() -> Bool {
        guard workerSleeping else { return false }
        workerSleeping = false
        return true
    }
}
