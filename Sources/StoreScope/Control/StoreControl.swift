import TraceFormat

/// One store's control: the app's closures and the task that calls them, one command at a
/// time, in the order they arrived. Nothing here runs on the store's thread: decoding happens
/// on the control task, and the closures decide where the state is installed and the action
/// sent (the store's own executor).
final class StoreControl<State: Decodable & Sendable, Action: Decodable & Sendable>: StoreControlling {
    let commands: ControlCommands
    /// The store's name, for the records of a lock released without a command.
    private let name: String
    private let whileLocked: LockedActions
    private let replaceState: (@Sendable (State) async throws -> Void)?
    private let dispatch: (@Sendable (Action) async -> Void)?
    private let recorder: Recorder
    private let lock: ControlLock<Action>
    /// Records the installed state (``StoreRecorder/recordInstalled(_:jumpedTo:outcome:)``),
    /// without holding the store's recorder (which holds this control).
    private let recordInstalled: @Sendable (State, UInt64, ControlOutcome) -> Void
    /// The store's own state after a seq, if the worker keeps it (``KeptStates``); worker
    /// thread only.
    private let keptState: @Sendable (UInt64) -> State?
    /// The store's latest action's number (0 before any).
    private let latestSeq: @Sendable () -> UInt64
    /// The store's latest state the worker recorded; worker thread only.
    private let latestState: @Sendable () -> State
    private let work: AsyncStream<@Sendable () async -> Void>.Continuation
    /// Commands waiting for the closures. Those that carry a value (a state, an action) are
    /// bounded across stores too (``PendingValues``).
    private let pending = LockedValue(0)

    init(
        name: String, recorder: Recorder, lock: ControlLock<Action>,
        recordInstalled: @escaping @Sendable (State, UInt64, ControlOutcome) -> Void, keptState: @escaping @Sendable (UInt64) -> State?,
        latestSeq: @escaping @Sendable () -> UInt64, latestState: @escaping @Sendable () -> State, commands: ControlCommands, whileLocked: LockedActions,
        replaceState: (@Sendable (State) async throws -> Void)?, dispatch: (@Sendable (Action) async -> Void)?
    ) {
        self.name = name
        self.recorder = recorder
        self.lock = lock
        self.recordInstalled = recordInstalled
        self.keptState = keptState
        self.latestSeq = latestSeq
        self.latestState = latestState
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

    var note: ControlAllowedNote {
        let allowed: [(ControlCommands, Bool, ControlAllowedNote.Command)] = [
            (.pause, true, .pause), (.lock, true, .lock), (.jump, replaceState != nil, .jump), (.dispatch, dispatch != nil, .dispatch),
        ]
        return ControlAllowedNote(store: name, commands: Set(allowed.filter { commands.contains($0.0) && $0.1 }.map(\.2)))
    }

    func keepsState(after seq: UInt64) -> Bool {
        // States are kept only for a store that installs them (``StoreTrack/keepStates(_:in:)``).
        keptState(seq) != nil
    }

    func perform(_ command: ControlCommand, listener: ControlCommand.Issuer, holdsValue: Bool) {
        let limit = recorder.configuration.control.maximumPendingCommands
        let values = recorder.controls.pendingValues
        let admitted = pending.withLock { pending in
            guard pending < limit else { return false }
            pending += 1
            return true
        }
        guard admitted else {
            if holdsValue { values.release() }
            return report(command, listener, .refused, "busy: \(limit) commands are waiting already")
        }
        // Taken now, on the worker: the kept states are its own, and so is the latest state,
        // which fills what the trace redacted in a state the listener sent.
        var kept: State?, latest: State?
        if case let .jump(seq, _) = command.request {
            kept = keptState(seq)
            if kept == nil { latest = latestState() }
        }
        work.yield { [self, kept, latest] in
            await carryOut(command, listener: listener, kept: kept, latest: latest)
            pending.withLock { $0 -= 1 }
            if holdsValue { values.release() }
        }
    }

    private func carryOut(_ command: ControlCommand, listener: ControlCommand.Issuer, kept: State?, latest: State?) async {
        switch command.request {
        case .lock:
            if let refusal = lockRefusal() { return report(command, listener, .refused, refusal) }
            lock.lock(refusing: whileLocked == .refused)
            report(command, listener, .done, whileLocked == .held ? "the app's actions are held" : "the app's actions are refused")
        case .unlock:
            report(command, listener, .done, await unlock())
        case let .jump(seq, tree):
            guard let replaceState else { return report(command, listener, .refused, "this store installs no states") }
            let state: State
            var detail: String?
            if let kept {
                state = kept
                detail = "the app's own state after #\(seq)"
            } else if var tree {
                if RedactedFill.needed(in: tree), let latest {
                    var fill = RedactedFill()
                    tree = fill.fill(tree, from: captureValue(latest, options: recorder.configuration.capture.revealingEverything))
                    if !fill.blocked.isEmpty {
                        return report(command, listener, .failed, "the state after #\(seq) has redacted values the app's state has no counterpart for: \(Self.list(fill.blocked))")
                    }
                    detail = "redacted values kept from the app's state: \(Self.list(fill.filled))"
                }
                do {
                    state = try TraceValueDecoder().decode(State.self, from: tree)
                } catch {
                    return report(command, listener, .failed, "the state after #\(seq) does not decode as \(State.self): \(TraceValueDecoder.reason(error))")
                }
            } else {
                return report(command, listener, .failed, "no state was sent, and this app does not keep its state after #\(seq)")
            }
            do {
                try await replaceState(state)
            } catch {
                return report(command, listener, .failed, "the app did not install the state after #\(seq): \(error)")
            }
            let outcome = outcome(command, listener, .done, detail)
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

    /// Paths for an outcome: the first five, and how many more.
    private static func list(_ paths: [String]) -> String {
        paths.prefix(5).joined(separator: ", ") + (paths.count > 5 ? " and \(paths.count - 5) more" : "")
    }

    func releaseLock(because reason: String) {
        guard lock.isLocked else { return }
        let release = ControlCommand(id: 0, store: name, issuer: .init(pid: 0, uid: 0), request: .unlock)
        work.yield { [self] in
            report(release, .init(pid: 0, uid: 0), .done, "\(reason): " + (await unlock()))
        }
    }

    /// Why a lock would not hold this store's actions: the store has reduced actions, and
    /// none through a path that asks ``StoreRecorder/admits(_:)``. `nil` when it would, or
    /// when no action shows it yet (the unlock then counts what passed).
    private func lockRefusal() -> String? {
        guard !lock.asksAdmission.load(ordering: .relaxed), latestSeq() != 0 else { return nil }
        return "store \"\(name)\" reduces its actions without asking admits(_:) (it records through willSend "
            + "or an Elm update's reducer(_:state:)), so a lock could not hold them; "
            + "see docs/GUIDE.md, \"Lock the app's actions\""
    }

    /// Opens the lock and sends the held actions in order; says how many went, how many were
    /// refused (past ``ControlLock/mostHeld``, or with `whileLocked: .refused`), and how many
    /// the store reduced anyway (a path that does not ask ``StoreRecorder/admits(_:)``).
    private func unlock() async -> String {
        let (held, refused, passed) = lock.unlock()
        if let dispatch {
            for action in held { await dispatch(action) }
        }
        let sent = dispatch == nil ? 0 : held.count
        var answer = "\(sent) held actions sent, \(refused + held.count - sent) refused while locked"
        if passed > 0 {
            answer += "; \(passed) reduced while locked by a path that does not ask admits(_:), not held"
        }
        return answer
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
        recorder.record(outcome.message, level: outcome.level)
        // Written at once, so the listener can tell whoever asked.
        recorder.queue.enqueueControl(.job(WorkerJob { $0.flushForControl() }))
    }
}
