import TraceFormat

/// The worker's side of control (FORMAT.md §17): it takes the commands the live stream read,
/// answers pause and resume itself (they concern the store's recording, see
/// ``StoreTrack/pause()``), and hands the others to the store's control, which runs the app's
/// closures on its own task. Nothing here waits.
extension RecorderWorker {
    /// How long the worker sleeps while the app is quiet: the chunk flush interval, or, while
    /// a store allows control and a listener may send commands, ``controlPoll``, so that a
    /// command waits no longer than that for the worker to read it.
    var idleInterval: Duration {
        guard liveOutput != nil, controls?.isEmpty == false, configuration.control.isEnabled else { return configuration.chunking.flushInterval }
        return min(configuration.chunking.flushInterval, Self.controlPoll)
    }
    static let controlPoll = Duration.milliseconds(10)

    /// Tells listeners that a store allows control (``ControlAllowedNote``), when commands
    /// can reach it: on a live stream, with control on. It goes with the open chunk, at the
    /// next flush, as the store's other records do. ``serviceLiveOutput(closing:)`` tells each
    /// listener met later again (``noteControlAllowedStores()``).
    func noteControlAllowed(_ note: ControlAllowedNote) {
        guard liveOutput != nil, configuration.control.isEnabled else { return }
        append(note.record(at: Clock.monotonicNanos(), seq: latestSeq))
    }

    /// What every store that allows control allows, once more: for a listener that did not
    /// see the notes (the stream resumed after a loss, or reached another listener).
    func noteControlAllowedStores() {
        for note in controls?.notes ?? [] { noteControlAllowed(note) }
    }

    /// Handles the commands that arrived since the last turn.
    func handleControlCommands() {
        guard let liveOutput else { return }
        endHoldIfItsListenerIsGone(liveOutput)
        let received = liveOutput.takeCommands()
        // The answers reach the listener now, not at the next flush interval.
        defer { if !received.isEmpty { flushForControl() } }
        // The values inflated this turn: each within one value's limit, all together too.
        var valueBytes = 0
        for received in received {
            switch received {
            case let .unreadable(reason, listener):
                refuseUnreadable(reason, listener: listener)
            case let .body(body, listener):
                // Whether the command's value took a place among the values the app holds
                // (``PendingValues``), or found none.
                var holdsValue = false, busy = false
                do throws(TraceError) {
                    var inflated = 0
                    // A command the app will refuse is answered before its value is inflated:
                    // with control off, a store that did not opt in, or as many values held
                    // as the app holds for all its stores, a listener's values cost nothing.
                    let command = try ControlCommand.decode(
                        body, maximumValueBytes: configuration.control.maximumValueBytes - valueBytes, valueBytes: &inflated,
                        keepsState: { [controls] store, seq in controls?.control(of: store)?.keepsState(after: seq) ?? false },
                        readsValue: { command in
                            guard refusal(of: command) == nil, let controls else { return false }
                            holdsValue = controls.pendingValues.reserve()
                            busy = !holdsValue
                            return holdsValue
                        })
                    valueBytes += inflated
                    if holdsValue, !Self.carriesValue(command) {
                        // A jump with an empty value block: nothing to hold.
                        controls?.pendingValues.release()
                        holdsValue = false
                    }
                    handle(command, listener: listener, holdsValue: holdsValue, busy: busy)
                } catch {
                    if holdsValue { controls?.pendingValues.release() }
                    guard case let .malformed(reason) = error else {
                        refuseUnreadable("\(error)", listener: listener)
                        continue
                    }
                    refuseUnreadable(reason, listener: listener)
                }
            }
        }
    }

    private func refuseUnreadable(_ reason: String, listener: ControlCommand.Issuer) {
        let outcome = ControlOutcome(
            id: 0, command: "unreadable command", result: .refused, detail: reason, store: "",
            issuer: .init(pid: 0, uid: 0), listener: listener)
        record(outcome)
    }

    /// Writes what became of a command, as the trace keeps it: a log record (``ControlOutcome``).
    private func record(_ outcome: ControlOutcome) {
        append(.log(LogRecord(level: outcome.level, message: outcome.message, monotonicNanos: Clock.monotonicNanos(), seq: latestSeq)))
    }

    /// Whether `command` came with a value the app read (a state to install, an action).
    private static func carriesValue(_ command: ControlCommand) -> Bool {
        switch command.request {
        case let .jump(_, state): state != nil
        case .dispatch: true
        default: false
        }
    }

    /// Carries out `command`, or answers why not. `holdsValue`: its value holds a place among
    /// ``ControlRegistry/pendingValues``; `busy`: it found none, and its value was not read.
    private func handle(_ command: ControlCommand, listener: ControlCommand.Issuer, holdsValue: Bool, busy: Bool) {
        func answer(_ result: ControlOutcome.Result, _ detail: String?) {
            if holdsValue { controls?.pendingValues.release() }
            let outcome = ControlOutcome(
                id: command.id, command: command.name, result: result, detail: detail, store: command.store,
                issuer: command.issuer, listener: listener)
            record(outcome)
        }
        if let reason = refusal(of: command) { return answer(.refused, reason) }
        if busy {
            return answer(.refused, "busy: \(PendingValues.limit) jumps or dispatches are waiting already, for this app's stores together")
        }
        guard let control = controls?.control(of: command.store) else { return answer(.failed, "store \"\(command.store)\" is gone") }
        switch command.request {
        case .pause, .resume:
            // The store registers with the worker before it can allow control.
            guard let source = sources.first(where: { $0.name == command.store }) else {
                return answer(.failed, "store \"\(command.store)\" is not recording")
            }
            if case .resume = command.request {
                guard source.isPaused else { return answer(.done, "not paused") }
                return answer(.done, Self.resumed(source.resume(in: self)))
            }
            guard !source.isPaused else { return answer(.done, "already paused") }
            source.pause()
            startHolding()
            answer(.done, "actions are not recorded until resumed; other stores' are")
        case .lock:
            startHolding()
            control.perform(command, listener: listener, holdsValue: holdsValue)
        default:
            control.perform(command, listener: listener, holdsValue: holdsValue)
        }
    }

    /// What a resume's outcome says of the store's actions not recorded while paused.
    private static func resumed(_ run: DroppedRun?) -> String {
        run.map { "\($0.count) actions (#\($0.firstSeq)…#\($0.lastSeq)) were not recorded while paused" } ?? "no action was sent while paused"
    }

    /// Writes the paused stores' actions not recorded since the trace's last action record as
    /// one `dropped` record, then a keyframe of every other store, so that a reader knows
    /// their states again at once (see ``StoreTrack/writePausedKeyframe(in:)``).
    /// Called before the next action record, before any other `dropped` record, and at close:
    /// so the record sits where the paused actions were, and covers none of the recorded ones.
    /// `nanos`: when recording goes on (the next recorded action's time, so that times read
    /// in order).
    func endPausedRun(at nanos: UInt64 = Clock.monotonicNanos()) {
        guard let run = pausedRun else { return }
        pausedRun = nil
        append(.dropped(DroppedRecords(count: run.count, firstSeq: run.firstSeq, lastSeq: run.lastSeq, monotonicNanos: nanos)))
        for source in sources { source.writePausedKeyframe(in: self) }
    }

    /// Notes a lock or pause command: the bound runs from the latest.
    private func startHolding() {
        if let liveOutput { holdingSince = (Clock.monotonicNanos(), liveOutput.connectionsEnded) }
    }

    /// A lock or a pause belongs to the connection that set it: when that connection ends (the
    /// listener or the viewer went away), or after ``ControlSettings/maximumHold``, it ends as
    /// an unlock or a resume would, each with an outcome record saying why; held actions are
    /// sent in order. Without this, an app whose listener was killed mid-lock held its actions,
    /// then refused them, for the rest of the process.
    private func endHoldIfItsListenerIsGone(_ liveOutput: any LiveOutput) {
        guard let since = holdingSince else { return }
        let reason: String
        if liveOutput.connectionsEnded != since.connectionsEnded {
            reason = "released: the listener that set it went away"
        } else if Clock.monotonicNanos() &- since.nanos >= UInt64(max(0, configuration.control.maximumHold.nanoseconds)) {
            reason = "released: held for \(configuration.control.maximumHold), RecorderConfiguration.control.maximumHold"
        } else {
            return
        }
        holdingSince = nil
        for source in sources where source.isPaused {
            record(ControlOutcome(
                id: 0, command: "resume", result: .done, detail: "\(reason): " + Self.resumed(source.resume(in: self)), store: source.name,
                issuer: .init(pid: 0, uid: 0), listener: .init(pid: 0, uid: 0)))
            flushForControl()
        }
        for control in controls?.all ?? [] { control.releaseLock(because: reason) }
    }

    /// Why the app refuses `command`, or `nil` when it carries it out: asked before the
    /// command's value is read, and again before it is handled.
    private func refusal(of command: ControlCommand) -> String? {
        guard ControlSettings.isCompiledIn, configuration.control.isEnabled else {
            return "control is off in this build (RecorderConfiguration.control)"
        }
        if case let .unknown(kind) = command.request { return "this app does not know command kind \(kind)" }
        guard let control = controls?.control(of: command.store) else { return "store \"\(command.store)\" does not allow control" }
        let needed: ControlCommands = switch command.request {
        case .pause, .resume: .pause
        case .lock, .unlock: .lock
        case .jump: .jump
        case .dispatch: .dispatch
        case .unknown: []
        }
        guard control.commands.contains(needed) else {
            return "this store allows only \(control.commands.names.isEmpty ? "nothing" : control.commands.names)"
        }
        return nil
    }

    /// Counts an action of a paused store, for the `dropped` record before the next action
    /// record (``endPausedRun()``).
    func notePaused(_ seq: UInt64) {
        latestSeq = max(latestSeq, seq)
        actionsPaused.add(1, ordering: .relaxed)
        pausedRun = DroppedRun.adding(seq, to: pausedRun)
    }
}
