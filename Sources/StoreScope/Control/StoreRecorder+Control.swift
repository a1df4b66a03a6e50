import TraceFormat

extension StoreRecorder where State: Decodable, Action: Decodable {
    /// Lets a listener act on this store (FORMAT.md §17, docs/GUIDE.md "Control the app from
    /// the viewer"): pause and resume this store's recording, lock the app's actions, install a
    /// recorded state, send actions. Nothing is controllable until this is called, and only
    /// while ``RecorderConfiguration/control`` is enabled (debug builds by default). Every
    /// command and its outcome is recorded in the trace, and so is what the store allows, on
    /// the live stream (`ControlAllowedNote`: `storescope mcp --allow-control` offers its
    /// control tools from it).
    ///
    /// The closures run on a task of the recorder's, one command at a time, never on the
    /// store's thread: hop to the store's executor in them (`await MainActor.run { ... }`,
    /// `await store.send(...)`). `replaceState` must have installed the state when it returns:
    /// the trace records a keyframe of it then. If it cannot, it throws: the jump then fails
    /// with the error's description, and nothing is recorded as installed.
    ///
    /// ```swift
    /// recording.allowControl(
    ///     replaceState: { state in await MainActor.run { store.state = state } },
    ///     dispatch: { action in await MainActor.run { store.send(action) } })
    /// ```
    ///
    /// - Parameters:
    ///   - commands: the commands allowed; others are refused (and recorded as such).
    ///   - whileLocked: whether the app's actions wait while locked, or are refused.
    ///   - replaceState: installs a state, or throws saying why it could not; `nil` refuses jumps.
    ///   - dispatch: sends an action as the app would; `nil` refuses dispatches (and held
    ///     actions are then refused at unlock).
    public func allowControl(
        _ commands: ControlCommands = .all, whileLocked: LockedActions = .held,
        replaceState: (@Sendable (State) async throws -> Void)?, dispatch: (@Sendable (Action) async -> Void)?
    ) {
        guard ControlSettings.isCompiledIn else { return }
        let inbox = self.inbox
        let recorder = self.recorder
        let control = StoreControl<State, Action>(
            name: name, recorder: recorder, lock: lock,
            recordInstalled: { state, seq, outcome in
                recorder.queue.enqueueControl(.job(WorkerJob { worker in
                    inbox.track.install(state, jumpedTo: seq, outcome: outcome, in: worker)
                }))
            },
            keptState: { seq in inbox.track.keptStates?.state(after: seq) },
            latestSeq: { [weak self] in self?.lastSentSeq ?? 0 },
            latestState: { inbox.track.previous },
            commands: commands, whileLocked: whileLocked, replaceState: replaceState, dispatch: dispatch)
        if replaceState != nil, commands.contains(.jump) {
            let settings = recorder.configuration.control
            // Only where commands can arrive: a recording to a file alone keeps nothing.
            recorder.queue.enqueueControl(.job(WorkerJob { worker in
                if worker.liveOutput != nil { inbox.track.keepStates(settings, in: worker) }
            }))
        }
        controlSlot.withLock { $0 = control }
        recorder.controls.register(control, as: name)
        let note = control.note
        recorder.queue.enqueueControl(.job(WorkerJob { worker in worker.noteControlAllowed(note) }))
    }
}

extension StoreRecorder {
    /// Whether the store may reduce `action` now: `false` while a listener has locked the store
    /// (the action is then held or refused, as ``allowControl(_:whileLocked:replaceState:dispatch:)``
    /// chose). The reducer wrappers and ``record(_:reducing:fileID:line:_:)`` ask it; a store
    /// with its own send path asks it before reducing. One relaxed atomic load when unlocked.
    @inlinable
    public func admits(_ action: Action) -> Bool {
        lock.admits(action)
    }
}

/// Work for the recorder's worker thread, queued in order with the store's actions.
struct WorkerJob: Sendable {
    let run: @Sendable (RecorderWorker) -> Void
}

extension StoreTrack {
    /// Records a state a listener installed: a mark `⤺ jumped to #N`, the command's outcome,
    /// and a keyframe of the installed state at the store's latest action, so the states after
    /// it are rebuilt from it exactly.
    func install(_ state: State, jumpedTo seq: UInt64, outcome: ControlOutcome, in worker: RecorderWorker) {
        previous = state
        // Known again, after a state not recorded too (``StateCoalescing``).
        latestStateRecorded = true
        worker.append(.log(LogRecord(level: outcome.level, message: outcome.message, monotonicNanos: Clock.monotonicNanos(), seq: latestSeq)))
        worker.append(JumpMark.record(jumpedTo: seq, at: Clock.monotonicNanos(), latestSeq: latestSeq))
        defer { worker.flushForControl() }
        guard worker.canWrite, !isAheadOfTrace, !needsKeyframe else {
            // The trace's state after the latest action stays the one before the jump, and so
            // does the kept one. A paused store's keyframe at resume holds the installed state.
            if !isAheadOfTrace { needsKeyframe = true }
            return
        }
        // The outcome reaches the listener at once, ahead of the keyframe's capture: whoever
        // asked is told the state is installed while the keyframe follows.
        worker.flushForControl()
        writeLatestKeyframe(in: worker)
        // A reader takes the later keyframe of one seq: the state after it is now this one.
        keep(state, after: latestSeq, bytes: keyframeBytes, in: worker)
    }

    /// Keeps `state` for jumps (``KeptStates``) while a listener is connected; drops what is
    /// kept once none is: a listener connecting later jumps to what it records from then on.
    func keep(_ state: State, after seq: UInt64, bytes: Int, in worker: RecorderWorker) {
        guard keptStates != nil else { return }
        if worker.liveOutput?.isConnected == true {
            keptStates?.keep(state, after: seq, bytes: bytes)
        } else if keptStates?.count != 0 {
            keptStates?.removeAll()
        }
    }

    /// Starts keeping the store's recent states (``KeptStates``), from its latest one.
    func keepStates(_ settings: ControlSettings, in worker: RecorderWorker) {
        guard keptStates == nil, settings.keptStates > 0 else { return }
        keptStates = KeptStates<State>(limit: settings.keptStates, byteLimit: settings.keptStateBytes)
        if !needsKeyframe { keep(previous, after: latestSeq, bytes: keyframeBytes, in: worker) }
    }
}
