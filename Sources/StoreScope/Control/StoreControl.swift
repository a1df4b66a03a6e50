/// One store's control: the app's closures and the task that calls them, one command at a
/// time, in the order they arrived. Nothing here runs on the store's thread: decoding happens
/// on the control task, and the closures decide where the state is installed and the action
/// sent (the store's own executor).
final class StoreControl<State: Decodable & Sendable, Action: Decodable & Sendable>: StoreControlling {
    let commands: ControlCommands
    /// The store's name, for the records of a lock released without a command.
    private let name: String
    private let whileLocked: LockedActions
    private let replaceState: (@Sendable (State) async -> Void)?
    private let dispatch: (@Sendable (Action) async -> Void)?
    private let recorder: Recorder
    private let lock: ControlLock<Action>
    /// Records the installed state (``StoreRecorder/recordInstalled(_:jumpedTo:outcome:)``),
    /// without holding the store's recorder (which holds this control).
    private let recordInstalled: @Sendable (State, UInt64, ControlOutcome) -> Void
    /// The store's own state after a seq, if the worker keeps it (``KeptStates``); worker
    /// thread only.
    private let keptState: @Sendable (UInt64) -> State?
    private let work: AsyncStream<@Sendable () async -> Void>.Continuation
    private let pending = LockedValue(Pending())
    /// Commands waiting for the closures, and how many of them carry a value (a state, an
    /// action): at most two of those, so what a listener makes the app hold stays within a
    /// few values' limit (``ControlSettings/maximumValueBytes``).
    private struct Pending {
        var commands = 0
        var values = 0
    }
    static var mostPendingValues: Int { 2 }

    init(
        name: String, recorder: Recorder, lock: ControlLock<Action>,
        recordInstalled: @escaping @Sendable (State, UInt64, ControlOutcome) -> Void, keptState: @escaping @Sendable (UInt64) -> State?,
        commands: ControlCommands, whileLocked: LockedActions,
        replaceState: (@Sendable (State) async -> Void)?, dispatch: (@Sendable (Action) async -> Void)?
    ) {
        self.name = name
        self.recorder = recorder
        self.lock = lock
        self.recordInstalled = recordInstalled
        self.keptState = keptState
        self.commands = commands
        self.whileLocked = whileLocked
        self.replaceState = replaceState
        self.dispatch = dispatch
        let (stream, continuation) = AsyncStream<@Sendable () async -> Void>.makeStream()
        work = continuation
        Task.detached {
            for await job in stream { await job() }
        }
    }

    deinit {
        // The task ends once the jobs already queued ran.
        work.finish()
    }

    func keepsState(after seq: UInt64) -> Bool {
        // States are kept only for a store that installs them (``StoreTrack/keepStates(_:in:)``).
        keptState(seq) != nil
    }

    func perform(_ command: ControlCommand, listener: ControlCommand.Issuer) {
        let limit = recorder.configuration.control.maximumPendingCommands
        let carriesValue: Bool = switch command.request {
        case .jump, .dispatch: true
        default: false
        }
        let refusal: String? = pending.withLock { pending in
            if pending.commands >= limit { return "busy: \(limit) commands are waiting already" }
            if carriesValue, pending.values >= Self.mostPendingValues { return "busy: \(Self.mostPendingValues) jumps or dispatches are waiting already" }
            pending.commands += 1
            if carriesValue { pending.values += 1 }
            return nil
        }
        if let refusal { return report(command, listener, .refused, refusal) }
        // Taken now, on the worker: the kept states are its own.
        let kept: State? = if case let .jump(seq, _) = command.request { keptState(seq) } else { nil }
        work.yield { [self] in
            await carryOut(command, listener: listener, kept: kept)
            pending.withLock { pending in
                pending.commands -= 1
                if carriesValue { pending.values -= 1 }
            }
        }
    }

    private func carryOut(_ command: ControlCommand, listener: ControlCommand.Issuer, kept: State?) async {
        switch command.request {
        case .lock:
            lock.lock(refusing: whileLocked == .refused)
            report(command, listener, .done, whileLocked == .held ? "the app's actions are held" : "the app's actions are refused")
        case .unlock:
            report(command, listener, .done, await unlock())
        case let .jump(seq, tree):
            guard let replaceState else { return report(command, listener, .refused, "this store installs no states") }
            let state: State
            if let kept {
                state = kept
            } else if let tree {
                do {
                    state = try TraceValueDecoder().decode(State.self, from: tree)
                } catch {
                    return report(command, listener, .failed, "the state after #\(seq) does not decode as \(State.self): \(TraceValueDecoder.reason(error))")
                }
            } else {
                return report(command, listener, .failed, "no state was sent, and this app does not keep its state after #\(seq)")
            }
            await replaceState(state)
            let outcome = outcome(command, listener, .done, kept == nil ? nil : "the app's own state after #\(seq)")
            recordInstalled(state, seq, outcome)
        case let .dispatch(tree):
            guard let dispatch else { return report(command, listener, .refused, "this store takes no actions from listeners") }
            let action: Action
            do {
                action = try TraceValueDecoder().decode(Action.self, from: tree)
            } catch {
                return report(command, listener, .failed, "the action does not decode as \(Action.self): \(TraceValueDecoder.reason(error))")
            }
            await ControlDispatch.$sending.withValue(true) { await dispatch(action) }
            report(command, listener, .done, nil)
        case .pause, .resume, .unknown:
            // The worker answers these itself.
            report(command, listener, .refused, "not a store command")
        }
    }

    func releaseLock(because reason: String) {
        guard lock.isLocked else { return }
        let release = ControlCommand(id: 0, store: name, issuer: .init(pid: 0, uid: 0), request: .unlock)
        work.yield { [self] in
            report(release, .init(pid: 0, uid: 0), .done, "\(reason): " + (await unlock()))
        }
    }

    /// Opens the lock and sends the held actions in order; says how many went and how many
    /// were refused (past ``ControlLock/mostHeld``, or with `whileLocked: .refused`).
    private func unlock() async -> String {
        let (held, refused) = lock.unlock()
        if let dispatch {
            for action in held { await dispatch(action) }
        }
        let sent = dispatch == nil ? 0 : held.count
        return "\(sent) held actions sent, \(refused + held.count - sent) refused while locked"
    }

    private func outcome(
        _ command: ControlCommand, _ listener: ControlCommand.Issuer, _ result: ControlOutcome.Result, _ detail: String?
    ) -> ControlOutcome {
        ControlOutcome(
            id: command.id, command: command.name, result: result, detail: detail, store: command.store,
            issuer: command.issuer, listener: listener)
    }

    private func report(
        _ command: ControlCommand, _ listener: ControlCommand.Issuer, _ result: ControlOutcome.Result, _ detail: String?
    ) {
        let outcome = outcome(command, listener, result, detail)
        recorder.log(outcome.message, level: outcome.level)
        // Written at once, so the listener can tell whoever asked.
        recorder.queue.enqueueControl(.job(WorkerJob { $0.flushForControl() }))
    }
}
