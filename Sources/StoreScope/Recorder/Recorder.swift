import TraceFormat
import Foundation

/// A recording session: one trace, any number of stores, one background worker.
///
/// ```swift
/// let recorder = try Recorder(sink: .file(), configuration: .init(appName: "Counter"))  // the app's caches
/// let recording = recorder.store("counter", initialState: state, actions: CounterAction.self)
/// // in the store: willSend / didReduce, or one of the adapters
/// recorder.close()
/// ```
///
/// The first store the app registers is the session's main store, the one `storescope`
/// commands and the viewer show and act on when the user names none (`--store NAME` names
/// another); `mainStore:` names a different one.
///
/// A recorder is closed when its last reference goes away, as if ``close(timeout:)`` were
/// called then: a recorder kept in a local of `main` or of a setup function still leaves a
/// complete trace, stops its worker thread and releases the trace file's lock. The thread that
/// drops the last reference waits for the worker to write what it holds (at most 3 s). Each
/// ``StoreRecorder`` and running ``EffectSpan`` holds its recorder, so a store still recording
/// keeps the recorder open.
///
/// A recorder still open when the process exits normally (`exit()`, returning from `main`)
/// is closed then, on the exiting thread, so its trace is complete. A crash or a fatal signal
/// runs no code: the trace then ends at the last chunk written (at most about 100 ms of
/// records are lost: the `flushInterval` of ``RecorderConfiguration/chunking``) and has no
/// footer index; readers recover it by scanning.
///
/// Nothing the recorder does can block or crash the app: hand-offs are O(1), the memory it
/// holds is bounded, and a failing sink (a full disk) only stops the recording,
/// reported in ``status`` and once through ``RecorderConfiguration/diagnostics``.
public final class Recorder: Sendable {
    /// The configuration in force.
    public let configuration: RecorderConfiguration
    /// The trace header (session id, app name, start time).
    package let header: SessionHeader
    /// The path of the trace file the session is recorded into, or `nil` for a live stream
    /// alone: where ``RecordingSink/file(exclusive:)`` put it when the app named no path.
    public let traceFile: String?
    @usableFromInline let queue: RecordingQueue
    /// What the stores' threads time actions with (chosen and calibrated here, at the start).
    @usableFromInline let ticks: TickSource
    private let worker: RecorderWorker
    @usableFromInline let seqCounter = AtomicValue<UInt64>(0)
    private let effectCounter = AtomicValue<UInt64>(0)
    @usableFromInline let closed = AtomicValue<Bool>(false)
    @usableFromInline let runningEffects = AtomicValue<Int>(0)
    /// The names of the session's live stores.
    private let storeNames = LockedValue<Set<String>>([])
    /// The stores that allowed control, for the worker to hand commands to.
    let controls = ControlRegistry()

    /// Starts a session on `sink`: writes the trace header and starts the worker thread.
    ///
    /// - Parameters:
    ///   - sink: where the trace goes.
    ///   - mainStore: the name of the store readers take for the session's main one, written
    ///     in the header; `nil` (the default): the first store the app registers.
    ///   - schema: types whose names fingerprint the session (usually State and Action).
    ///   - configuration: limits, chunking, redaction; its capture depth is capped at
    ///     ``RecorderConfiguration/maximumCaptureDepth``.
    /// - Throws: `TraceError` when the sink cannot be opened (a missing directory). A sink
    ///   that opens but fails to write does not throw: the recorder reports it in ``status``
    ///   and the app goes on unrecorded. A live socket never throws: it connects when a
    ///   listener appears (see ``RecordingSink/socket(_:)``).
    public init(
        sink: RecordingSink, mainStore: String? = nil, schema: [Any.Type] = [],
        configuration: RecorderConfiguration = .init()
    ) throws(TraceError) {
        var configuration = configuration
        configuration.capture.maximumDepth = min(configuration.capture.maximumDepth, RecorderConfiguration.maximumCaptureDepth)
        self.configuration = configuration
        var id = SystemRandomNumberGenerator()
        // Only the live stream holds the secret, and sends it only to a listener that asks for
        // it on a connection already checked both ways; the header carries its SHA-256.
        let continuation = SessionProof.newSecret()
        header = SessionHeader(
            sessionID: (0..<16).map { _ in UInt8.random(in: 0...255, using: &id) }, appName: configuration.appName,
            storeName: mainStore ?? "", startWallNanos: Clock.wallNanos(), startMonotonicNanos: Clock.monotonicNanos(),
            schemaFingerprint: SchemaFingerprint.of(schema),
            incompatibleFeatures: configuration.stateCoalescing == .never ? 0 : IncompatibleFeatures.unrecordedStates,
            continuationCommitment: continuation.commitment)
        // A live stream's buffer is a quarter of the memory budget; the queue gets the rest.
        let output = try sink.open(.init(
            bufferLimit: configuration.maximumPendingBytes / 4, diagnostics: configuration.diagnostics, control: configuration.control,
            header: header, sessionSecret: continuation.secret))
        let live = output as? any LiveOutput
        traceFile = (output as? LockedTraceFile)?.path ?? (output as? TeeOutput)?.path
        queue = RecordingQueue(budget: configuration.maximumPendingBytes - (live?.bufferLimit ?? 0))
        let ticks = TickSource.forThisMachine()
        self.ticks = ticks
        do throws(TraceError) {
            let writer = try TraceWriter(output: output, header: header, options: configuration.chunking)
            worker = RecorderWorker(writer: writer, header: header, configuration: configuration, queue: queue, ticks: ticks)
            worker.controls = controls
            worker.liveOutput = live
            worker.sinkCounters = live?.counters ?? []
            if let file = output as? LockedTraceFile { worker.destination = "file \(file.path)" }
        } catch {
            // The sink opened but cannot take bytes (a full disk): the app goes on unrecorded.
            output.close()
            worker = RecorderWorker(failedWith: error, header: header, configuration: configuration, queue: queue, ticks: ticks)
        }
        worker.start()
        LiveRecorders.add(self)
    }

    /// Registers a store and records its initial state as the store's first keyframe.
    ///
    /// - Parameters:
    ///   - name: the store's name in the trace. Each live store needs its own: the patches of
    ///     two stores under one name would interleave into a history neither store had. A name
    ///     already in use is reported through ``RecorderConfiguration/diagnostics`` and the new
    ///     store is recorded as `name#2` (`#3`, ...; see ``StoreRecorder/name``). A store's name
    ///     is free again once its ``StoreRecorder`` is released.
    ///   - initialState: the state before any action.
    ///   - actions: the store's action type.
    /// - Returns: the handle the store calls around its reducer.
    @inlinable
    public func store<State: Sendable, Action: Sendable>(
        _ name: String, initialState: State, actions: Action.Type = Action.self
    ) -> StoreRecorder<State, Action> {
        // Inlinable so that the closure below is compiled in the app's module for its own State
        // and Action: the worker then records each action through specialized code.
        StoreRecorder(name: name, recorder: self, initialState: initialState) { inbox, worker in
            inbox.recordNext(in: worker)
        }
    }

    /// Writes a log line into the trace.
    ///
    /// A message that reads as a control command's outcome (`control #7 jump #42 → done (store
    /// …)`) or as the note that a store allows control (`ControlAllowedNote`) is written with
    /// `app: ` before it: only the recorder's own lines read as such, so a listener never takes
    /// an app's line for the answer to a command or for a store's consent.
    public func log(_ message: String, level: LogLevel = .info) {
        let isControlLine = ControlOutcome(message: message) != nil || ControlAllowedNote(message: message) != nil
        record(isControlLine ? "app: " + message : message, level: level)
    }

    /// Writes a log record as it is: the app's lines through ``log(_:level:)``, the outcomes of
    /// control commands from the recorder's own code.
    func record(_ message: String, level: LogRecord.Level) {
        queue.enqueueRecord(.log(LogRecord(level: level, message: message, monotonicNanos: Clock.monotonicNanos(), seq: lastSeq)))
    }

    /// Places a named mark in the trace, after the last action recorded, to find a moment again:
    /// the viewer shows it on that action's row (`)` and `(` jump between marks) and the
    /// `mark:NAME` filter finds it.
    public func mark(_ name: String) {
        log(name, level: .mark)
    }

    /// What the recorder has done so far.
    public var status: RecorderStatus { worker.status() }

    /// Waits until everything recorded so far is written to the sink (at most `timeout`).
    ///
    /// - Returns: whether the worker finished in time.
    @discardableResult
    public func flush(timeout: Duration = .seconds(5)) -> Bool {
        guard !closed.load(ordering: .acquiring) else { return true }
        let completion = Completion()
        queue.enqueueControl(.flush(completion))
        return completion.wait(timeout: timeout)
    }

    /// Writes everything, ends the session with its footer index and closes the sink.
    /// Idempotent. Actions and events sent afterwards are not recorded: they are counted in
    /// ``RecorderStatus/actionsAfterClose`` and ``RecorderStatus/eventsAfterClose``, and the
    /// first such action is reported through ``RecorderConfiguration/diagnostics``.
    ///
    /// - Returns: whether the worker finished within `timeout`.
    @discardableResult
    public func close(timeout: Duration = .seconds(10)) -> Bool {
        guard !closed.exchange(true, ordering: .acquiringAndReleasing) else { return true }
        LiveRecorders.remove(ObjectIdentifier(self))
        let completion = Completion()
        queue.enqueueClose(completion)
        return completion.wait(timeout: timeout)
    }

    deinit {
        // Released without close(): without this the worker thread would run on, holding the
        // trace file's lock, and the records it holds would never be written (an app that keeps
        // the recorder in a local of `main` would leave a trace without records or footer). The
        // worker holds only the queue, never the recorder, so it is still there to answer.
        guard !closed.exchange(true, ordering: .acquiringAndReleasing) else { return }
        LiveRecorders.remove(ObjectIdentifier(self))
        let completion = Completion()
        queue.enqueueClose(completion)
        // The worker cannot wait for itself; it handles the close after the event it is on.
        if !worker.isCurrentThread { _ = completion.wait(timeout: LiveRecorders.exitTimeout) }
    }

    /// Says once that the app records after ``close(timeout:)``: a bug in the app, and actions
    /// it will not find in the trace (counted in ``RecorderStatus/actionsAfterClose``).
    @usableFromInline
    func reportActionAfterClose(store: String) {
        configuration.diagnostics("store \"\(store)\" sent an action after the recorder was closed: it is not recorded (later ones are counted in status.actionsAfterClose)")
    }

    /// Reserves `name` for a new store; returns it, or when a live store already has it, the
    /// first free `name#2`, `name#3`, ..., and says so.
    func claimStoreName(_ name: String) -> String {
        let claimed: String = storeNames.withLock { names in
            var candidate = name
            var number = 1
            while names.contains(candidate) {
                number += 1
                candidate = "\(name)#\(number)"
            }
            names.insert(candidate)
            return candidate
        }
        if claimed != name {
            configuration.diagnostics("a store named \"\(name)\" is already recording in this session; the new one is recorded as \"\(claimed)\" (give each store its own name)")
        }
        return claimed
    }

    /// Frees a released store's name.
    func releaseStoreName(_ name: String) {
        _ = storeNames.withLock { $0.remove(name) }
    }

    /// Whether any recorded effect's work is running (and may send actions to link).
    @inlinable var hasRunningEffects: Bool { runningEffects.load(ordering: .relaxed) > 0 }

    /// Brackets a recorded effect's work, so ``hasRunningEffects`` knows to look for it.
    func effectWorkStarted() { runningEffects.add(1, ordering: .relaxed) }
    func effectWorkEnded() { runningEffects.subtract(1, ordering: .relaxed) }

    /// Whether the caller runs on this recorder's worker thread.
    var isWorkerThread: Bool { worker.isCurrentThread }

    /// Whether ``close(timeout:)`` was called.
    @inlinable public var isClosed: Bool { closed.load(ordering: .relaxed) }

    /// The most recent sequence number handed out (0 before any action).
    var lastSeq: UInt64 { seqCounter.load(ordering: .relaxed) }

    @inlinable
    func nextSeq() -> UInt64 {
        seqCounter.add(1, ordering: .relaxed).newValue
    }

    func nextEffectID() -> UInt64 {
        effectCounter.add(1, ordering: .relaxed).newValue
    }
}
