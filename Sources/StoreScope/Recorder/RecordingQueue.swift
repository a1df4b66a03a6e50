import Foundation
import TraceFormat

/// The hand-off between app threads and the recorder's worker, built so that an app thread
/// never waits for the worker.
///
/// Events go into one of two lanes. App threads append to the *current* lane; the worker
/// takes the other lane whole after making it no longer current. Both meet on one atomic word
/// (``LaneGate``): an app thread enters it with one compare-and-exchange, which also excludes
/// other app threads (so that several may send at once) and tells it the lane; the worker
/// flips the lane with its own compare-and-exchange, which succeeds only while no app thread is
/// inside, and then owns the lane it left. The worker only ever waits for an app thread, never
/// the reverse: it never holds the word, so a worker preempted in the middle of its work holds
/// nothing an app thread needs. (With one mutex shared by both, a worker preempted while
/// holding it stalled the store thread for a scheduler quantum, up to 4 ms under overload:
/// docs/BENCHMARKS.md, "Recorder".) A send pays one locked instruction for all of it, where
/// a pthread mutex among app threads and a busy flag per lane for the worker cost three and
/// two calls into libc ("Locks and the hand-off").
///
/// Counters are split by who writes them, so that the store thread updates no shared counter
/// with a read-modify-write: app threads keep what they queued (bytes, actions, events) as
/// plain totals under their own lock, the worker publishes what it released, and what is
/// pending is the difference. Each atomic sits on a cache line of its own, so the worker's
/// per-batch writes do not evict the lines app threads write on every action.
///
/// An action's event is a token naming its store's ``StoreInbox``, which holds the action
/// itself in the same lane, appended in the same step. Past the byte budget, actions are
/// dropped and counted, and the run of drops is reported once the backlog has halved.
@usableFromInline
final class RecordingQueue: Sendable {
    /// What app threads share with each other (never with the worker): what they queued, the
    /// drops, the close.
    @usableFromInline
    struct AppSide {
        /// Totals queued since the start: the budget's bytes, actions, events. What the worker
        /// has given back is subtracted to get what is pending.
        @usableFromInline var bytesQueued = 0
        @usableFromInline var actionsQueued = 0
        @usableFromInline var eventsQueued = 0
        /// The drops not yet reported, while the budget is exceeded.
        @usableFromInline var dropping: DroppedRun?
        var actionsDropped: UInt64 = 0
        var eventsDropped: UInt64 = 0
        /// Set when ``enqueueClose(_:)`` queues the close: nothing is queued after it.
        var closed = false
        var actionsAfterClose: UInt64 = 0
        var eventsAfterClose: UInt64 = 0
    }

    /// What became of an action handed to ``enqueueAction(_:state:reducerTicks:cost:into:from:)``.
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
    /// Queued actions past which an app thread wakes a sleeping worker.
    @usableFromInline static let wakeBacklogActions = 256
    /// The budget an effect or log record holds while queued.
    @usableFromInline static let recordCost = 64
    /// The current lane, and what app threads share, behind the word they enter.
    @usableFromInline let gate = LaneGate(AppSide())
    @usableFromInline let lanes = EventLanes()
    @usableFromInline let wakeup = DispatchSemaphore(value: 0)

    // The atomics, each on a cache line of its own (`ownCacheLine`): the worker's per-batch
    // writes never evict the lines app threads write on every action, nor the reverse.
    /// ``AppSide/eventsQueued``, published for the worker (written by app threads).
    @usableFromInline let eventsQueued = AtomicValue<Int>(0, ownCacheLine: true)
    /// Totals the worker has given back: bytes of the budget, actions (written by the worker).
    @usableFromInline let bytesReleased = AtomicValue<Int>(0, ownCacheLine: true)
    @usableFromInline let actionsReleased = AtomicValue<Int>(0, ownCacheLine: true)
    /// Events the worker has taken from the lanes (written by the worker, read by it alone).
    @usableFromInline let eventsTaken = AtomicValue<Int>(0, ownCacheLine: true)
    @usableFromInline let workerSleeping = AtomicValue<Bool>(false, ownCacheLine: true)

    init(budget: Int) {
        self.budget = budget
    }

    // MARK: - App threads

    /// Runs `body` inside the gate, with the current lane and the app side; `body` appends to
    /// that lane (through ``push(_:to:_:)``).
    @inlinable
    func appending<Result>(_ body: (_ lane: Int, inout AppSide) -> Result) -> Result {
        gate.withEntered { lane, app in
            let result = body(lane, &app)
            // Before leaving, so that a worker that flips counts its events.
            eventsQueued.store(app.eventsQueued, ordering: .releasing)
            return result
        }
    }

    /// Appends an event to the current lane (app thread, inside ``appending(_:)``).
    func push(_ event: RecorderEvent, to lane: Int, _ app: inout AppSide) {
        lanes.append(event, to: lane)
        app.eventsQueued += 1
    }

    /// Adds an action costing `cost` bytes to `inbox`, or drops it when the budget would be
    /// exceeded.
    ///
    /// Written without a closure, unlike ``appending(_:)``: the action and its state move into
    /// the inbox, while a closure could only copy them from its captures (two copies of the
    /// pending action and one of the action, about 400 of the store thread's 1,000 instructions
    /// per send; callgrind, `recorder-handoff-profile`).
    ///
    /// - Returns: whether the action was accepted, dropped, or came after the close.
    @inlinable
    func enqueueAction<State, Action>(
        _ pending: consuming PendingAction<Action>, state: State, reducerTicks: UInt64, cost: Int,
        into inbox: StoreInbox<State, Action>, from source: ActionToken
    ) -> Admission {
        let lane = gate.enter()
        let app = gate.value
        let admission: Admission
        var wake = false
        if let afterClose = app.pointee.countIfClosed() {
            admission = afterClose
        } else {
            let released = bytesReleased.load(ordering: .relaxed)
            if admit(seq: pending.seq, cost: cost, pending: app.pointee.bytesQueued - released, app: &app.pointee, lane: lane) {
                inbox.deposit(pending, state: state, reducerTicks: reducerTicks, cost: cost, lane: lane)
                wake = accept(source, cost: cost, released: released, app: &app.pointee, lane: lane)
                admission = .accepted
            } else {
                admission = .dropped
            }
        }
        // Before leaving, so that a worker that flips counts its events.
        eventsQueued.store(app.pointee.eventsQueued, ordering: .releasing)
        gate.leave(lane)
        if wake { wakeSleepingWorker() }
        return admission
    }

    /// Whether an action costing `cost` fits the budget, `pending` bytes of which are held;
    /// counts it as dropped when not. Once the budget is exceeded, drops go on until the
    /// backlog halves, so recovery is not one action at a time; the first action accepted after
    /// a run of drops reports the run.
    @inlinable
    func admit(seq: UInt64, cost: Int, pending: Int, app: inout AppSide, lane: Int) -> Bool {
        guard app.dropping != nil || pending + cost > budget else { return true }
        return admitPastBudget(seq: seq, cost: cost, pending: pending, app: &app, lane: lane)
    }

    /// ``admit(seq:cost:pending:app:lane:)`` while the budget is exceeded or drops go on (out
    /// of line: the store thread's usual send never comes here).
    @usableFromInline
    func admitPastBudget(seq: UInt64, cost: Int, pending: Int, app: inout AppSide, lane: Int) -> Bool {
        if app.dropping == nil || pending + cost > budget / 2 {
            app.countDropped(seq: seq)
            return false
        }
        if let run = app.dropping {
            push(.dropped(run), to: lane, &app)
            app.dropping = nil
        }
        return true
    }

    /// Queues the token of an admitted action; returns whether to wake the worker. The worker
    /// polls while actions arrive, so it is woken early only when a backlog builds, and a
    /// steady stream of actions costs no system call on the store thread.
    ///
    /// - Parameter released: the bytes the worker had given back when the action was admitted.
    @inlinable
    func accept(_ source: ActionToken, cost: Int, released: Int, app: inout AppSide, lane: Int) -> Bool {
        lanes.appendAction(source, to: lane)
        app.eventsQueued += 1
        app.bytesQueued += cost
        app.actionsQueued += 1
        let backlog = app.actionsQueued - actionsReleased.load(ordering: .relaxed)
        return backlog >= Self.wakeBacklogActions || app.bytesQueued - released >= budget / 8
    }

    /// Adds a small event (an effect or log record); dropped only when the budget is exceeded.
    /// Never wakes the worker: it polls while the app is active, and a record can wait for the
    /// next poll.
    @usableFromInline
    func enqueueRecord(_ record: Record) {
        let cost = Self.recordCost
        appending { lane, app in
            guard !app.closed else {
                // Kept, it would never be written: the worker has stopped.
                app.eventsAfterClose += 1
                return
            }
            guard app.bytesQueued - bytesReleased.load(ordering: .relaxed) + cost <= budget else {
                app.eventsDropped += 1
                return
            }
            push(.record(record), to: lane, &app)
            app.bytesQueued += cost
        }
    }

    /// Adds a control event, which is never dropped while the session is open. After the close
    /// the worker has stopped: the event is not kept, and a flush's waiter is released at once.
    func enqueueControl(_ event: RecorderEvent) {
        let queued = appending { lane, app in
            guard !app.closed else { return false }
            push(event, to: lane, &app)
            return true
        }
        if queued {
            wakeSleepingWorker()
        } else if case let .flush(completion) = event {
            completion.signal()
        }
    }

    /// Asks the worker to close, after reporting any drops still in progress. Nothing is queued
    /// after the close: later actions and events are counted and let go.
    func enqueueClose(_ completion: Completion) {
        appending { lane, app in
            app.closed = true
            if let run = app.dropping {
                push(.dropped(run), to: lane, &app)
                app.dropping = nil
            }
            push(.close(completion), to: lane, &app)
        }
        wakeSleepingWorker()
    }

    /// Wakes the worker if it sleeps (once: the flag is cleared by whoever wakes it).
    ///
    /// The fence orders this thread's publication of ``eventsQueued`` (in ``appending(_:)``)
    /// before its load of ``workerSleeping``, against the worker's sequentially consistent
    /// store of the flag and load of the count in ``waitForEvents(timeout:)``: either the worker
    /// sees the new events and does not sleep, or this thread sees it asleep and wakes it.
    @usableFromInline
    func wakeSleepingWorker() {
        sequentiallyConsistentFence()
        if workerSleeping.load(ordering: .relaxed) && workerSleeping.exchange(false, ordering: .sequentiallyConsistent) {
            wakeup.signal()
        }
    }

    /// Counters for ``RecorderStatus``.
    func counters() -> Counters {
        gate.withEntered { _, app in
            Counters(
                pendingActions: app.actionsQueued - actionsReleased.load(ordering: .relaxed),
                actionsDropped: app.actionsDropped, eventsDropped: app.eventsDropped,
                actionsAfterClose: app.actionsAfterClose, eventsAfterClose: app.eventsAfterClose)
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
