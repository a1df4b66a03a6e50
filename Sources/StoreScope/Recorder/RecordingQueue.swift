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
        /// Set when ``enqueueClose(_:)`` queues the close: nothing is queued after it.
        var closed = false
        var actionsAfterClose: UInt64 = 0
        var eventsAfterClose: UInt64 = 0
    }

    /// What became of an action handed to ``enqueueAction(seq:cost:from:_:)``.
    @usableFromInline
    enum Admission {
        /// Queued for the worker.
        case accepted
        /// Dropped to stay within the budget (counted, and marked in the trace).
        case dropped
        /// Sent after ``Recorder/close(timeout:)``: not kept, only counted. `first` is true
        /// for the first such action, which the recorder reports.
        case afterClose(first: Bool)
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
    /// - Returns: whether the action was accepted, dropped, or came after the close.
    @inlinable
    func enqueueAction(seq: UInt64, cost: Int, from source: ActionToken, _ deposit: () -> Void) -> Admission {
        var wake = false
        let admission: Admission = contents.withLock { queue in
            if let afterClose = queue.countIfClosed() { return afterClose }
            guard queue.admitAction(seq: seq, cost: cost, budget: budget) else { return .dropped }
            deposit()
            wake = queue.appendAction(source, cost: cost, budget: budget)
            return .accepted
        }
        if wake { wakeup.signal() }
        return admission
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
            guard !queue.closed else {
                // Kept, it would never be written: the worker has stopped.
                queue.eventsAfterClose += 1
                return
            }
            guard queue.pendingBytes + cost <= budget else {
                queue.eventsDropped += 1
                return
            }
            queue.events.append(.record(record))
            queue.pendingBytes += cost
        }
    }

    /// Adds a control event, which is never dropped while the session is open. After the close
    /// the worker has stopped: the event is not kept, and a flush's waiter is released at once.
    func enqueueControl(_ event: RecorderEvent) {
        let wake: Bool? = contents.withLock { queue in
            guard !queue.closed else { return nil }
            queue.events.append(event)
            return queue.takeSleepingWorker()
        }
        switch wake {
        case true?: wakeup.signal()
        case false?: break
        case nil: if case let .flush(completion) = event { completion.signal() }
        }
    }

    /// Asks the worker to close, after reporting any drops still in progress. Nothing is queued
    /// after the close: later actions and events are counted and let go.
    func enqueueClose(_ completion: Completion) {
        let wake = contents.withLock { queue in
            queue.closed = true
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
    func counters() -> Counters {
        contents.withLock { queue in
            Counters(
                pendingActions: queue.pendingActions, actionsDropped: queue.actionsDropped,
                eventsDropped: queue.eventsDropped, actionsAfterClose: queue.actionsAfterClose,
                eventsAfterClose: queue.eventsAfterClose)
        }
    }

    /// The queue's part of ``RecorderStatus``.
    struct Counters {
        var pendingActions: Int
        var actionsDropped: UInt64
        var eventsDropped: UInt64
        var actionsAfterClose: UInt64
        var eventsAfterClose: UInt64
    }
}

extension RecordingQueue.Contents {
    /// After the close, counts an action that will not be kept.
    @usableFromInline
    mutating func countIfClosed() -> RecordingQueue.Admission? {
        guard closed else { return nil }
        actionsAfterClose += 1
        return .afterClose(first: actionsAfterClose == 1)
    }

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
