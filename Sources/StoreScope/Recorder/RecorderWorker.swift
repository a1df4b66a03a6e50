import Foundation
import TraceFormat

/// The recorder's background thread: captures, diffs, encodes, compresses and writes.
///
/// Everything here runs on the worker thread only, except ``status()`` and the atomics.
@usableFromInline
final class RecorderWorker: @unchecked Sendable {
    // @unchecked: `writer`, `sinkFailed` and the stores' tracks are touched only by the worker
    // thread (they are set up before the thread starts); shared counters are in `shared`.

    let configuration: RecorderConfiguration
    @usableFromInline let queue: RecordingQueue
    // Checked exclusivity is off for the properties read on every action: only the worker
    // thread touches them.
    @exclusivity(unchecked) var writer: TraceWriter?
    let shared = LockedValue(SharedStatus())
    @exclusivity(unchecked) var sinkFailed = false
    private var stopped = false
    /// The sink's live stream, if it has one (set before the thread starts).
    var liveOutput: (any LiveOutput)?
    /// The stores that allowed control (set before the thread starts).
    var controls: ControlRegistry?
    /// The actions of paused stores (``StoreTrack/isPaused``) not recorded since the trace's
    /// last record of an action: written as one `dropped` record before the next action
    /// record (``endPausedRun()``).
    @exclusivity(unchecked) var pausedRun: DroppedRun?
    /// When the oldest lock or pause in force began, and how many listener connections had
    /// ended then: both end with that connection, or after ``ControlSettings/maximumHold``.
    @exclusivity(unchecked) var holdingSince: (nanos: UInt64, connectionsEnded: Int)?
    let actionsPaused = AtomicValue<UInt64>(0)
    /// The latest action seq the worker has seen (what log records it writes say).
    @exclusivity(unchecked) var latestSeq: UInt64 = 0
    /// The registered stores' inboxes, held strongly so that action tokens may name them
    /// unretained (see ``ActionToken``).
    var sources: [any ActionSource] = []
    /// The session's start on both clocks, to give actions wall-clock times.
    private let startWallNanos: Int64
    private let startMonotonicNanos: UInt64
    /// The conversion of the stores' threads' ticks (``TickSource``) into nanoseconds, anchored
    /// afresh each time the worker takes the queue's events.
    @exclusivity(unchecked) @usableFromInline var ticks: TickConversion
    /// Records the format could not hold (reported once; counted in ``unwritableRecords``).
    var unwritableRecords = 0
    /// Drops reported so far: the first run is told at once, the total at close.
    private var dropRuns = 0
    private var droppedInRuns: UInt64 = 0

    /// Whether the arrays handed between app threads and the worker may give back the memory
    /// of a burst: only once no large batch came for ``shrinkAfterNanos``.
    @exclusivity(unchecked) @usableFromInline var mayShrinkBuffers = true
    static let shrinkAfterNanos: UInt64 = 1_000_000_000
    /// Batches of more events than this count as large.
    static let largeBatch = 1_024
    /// The queue lane the batch being handled came from (see ``StoreInbox/recordNext(in:)``).
    @exclusivity(unchecked) @usableFromInline var batchLane = 0
    /// Actions in chunks the sink accepted. Counted per chunk, read by ``status()``: an atomic.
    let actionsRecorded = AtomicValue<UInt64>(0)
    /// Actions appended to the writer's open chunk and not yet written: they count as recorded
    /// once their chunk is written, as dropped if that write fails.
    @exclusivity(unchecked) var actionsInOpenChunk: UInt64 = 0
    /// Bytes written as last published to ``shared`` (the writer's count moves only when a
    /// chunk is written, so most appends publish nothing).
    @exclusivity(unchecked) var publishedBytes: Int64 = 0

    struct SharedStatus {
        var actionsDiscarded: UInt64 = 0
        var eventsDiscarded: UInt64 = 0
        var bytesWritten: Int64 = 0
        var truncatedValues: UInt64 = 0
        var lastError: String?
    }

    init(
        writer: TraceWriter, header: SessionHeader, configuration: RecorderConfiguration, queue: RecordingQueue,
        ticks: TickSource
    ) {
        self.writer = writer
        self.ticks = TickConversion(ticks)
        self.configuration = configuration
        self.queue = queue
        startWallNanos = header.startWallNanos
        startMonotonicNanos = header.startMonotonicNanos
        shared.withLock { $0.bytesWritten = writer.bytesWritten }
    }

    /// A worker whose sink failed before the first record: it only counts what it discards.
    init(
        failedWith error: TraceError, header: SessionHeader, configuration: RecorderConfiguration, queue: RecordingQueue,
        ticks: TickSource
    ) {
        self.writer = nil
        self.ticks = TickConversion(ticks)
        self.configuration = configuration
        self.queue = queue
        startWallNanos = header.startWallNanos
        startMonotonicNanos = header.startMonotonicNanos
        sinkFailed = true
        shared.withLock { $0.lastError = error.description }
        configuration.diagnostics("recording stopped: \(error); the app goes on unrecorded")
    }

    /// The worker's thread, once started.
    private let thread = LockedValue<Thread?>(nil)

    /// The worker thread's stack. Capture and diff recurse once per nesting level of a value,
    /// about 1 KB (capture) and 2.6 KB (diff) per level in release builds and 4.4 KB (capture)
    /// in debug builds, and a diff can capture a new subtree from the level it reached. A
    /// thread's default stack is 512 KB on Apple platforms, too small for deep values, so the
    /// stack is sized for ``CaptureOptions/maximumDepth`` at its cap
    /// (``RecorderConfiguration/maximumCaptureDepth``) at 32 KB per level, with room to spare.
    /// Untouched stack pages cost address space, not memory.
    static let stackBytes = 16 * 1024 * 1024

    /// Starts the thread.
    func start() {
        let thread = Thread { [self] in run() }
        thread.name = "StoreScope recorder"
        thread.qualityOfService = .utility
        thread.stackSize = Self.stackBytes
        self.thread.withLock { $0 = thread }
        thread.start()
    }

    /// Whether the caller runs on this worker's thread.
    var isCurrentThread: Bool {
        let current = Thread.current
        return thread.withLock { $0 === current }
    }

    /// Each destination's figures, for ``status()`` (set before the thread starts).
    var sinkCounters: [SinkCounters] = []
    /// The sink's name in ``SinkStatus/destination`` when it has no counters of its own.
    var destination = "custom"

    func status() -> RecorderStatus {
        let counters = queue.counters()
        var status = shared.withLock { shared in
            RecorderStatus(
                actionsRecorded: actionsRecorded.load(ordering: .relaxed),
                actionsDropped: counters.actionsDropped + shared.actionsDiscarded,
                actionsPaused: actionsPaused.load(ordering: .relaxed),
                eventsDropped: counters.eventsDropped + shared.eventsDiscarded,
                truncatedValues: shared.truncatedValues,
                bytesWritten: shared.bytesWritten,
                actionsAfterClose: counters.actionsAfterClose,
                eventsAfterClose: counters.eventsAfterClose,
                pendingActions: counters.pendingActions,
                lastError: shared.lastError)
        }
        if sinkCounters.isEmpty {
            status.sinks = [SinkStatus(
                destination: destination, actionsRecorded: status.actionsRecorded, actionsDropped: status.actionsDropped,
                lastError: status.lastError)]
        } else {
            // What was lost before the sink (overload, a failed sink) is lost for each destination.
            status.sinks = sinkCounters.map { counters in
                var sink = counters.snapshot
                sink.actionsDropped += status.actionsDropped
                return sink
            }
        }
        return status
    }

    // MARK: - Loop

    /// How long the worker sleeps between polls while actions arrive; it backs off to
    /// ``activePollCeiling`` while the app is quiet, then to the chunk flush interval.
    static let activePoll = Duration.microseconds(250)
    static let activePollCeiling = Duration.milliseconds(1)
    static let activeWindowNanos: UInt64 = 200_000_000

    private func run() {
        var interval = Self.activePoll
        var lastActivity: UInt64 = 0
        var released = 0
        var releasedActions = 0
        var batch: [RecorderEvent] = []
        batch.reserveCapacity(1024)
        var lastLargeBatch: UInt64 = 0
        while !stopped {
            queue.waitForEvents(timeout: interval)
            batchLane = queue.takeAll(into: &batch)
            // After the take: every action taken read its ticks before this anchor.
            if !ticks.isIdentity { ticks.add(TickAnchor.read(countsTSC: true)) }
            if configuration.stateCoalescing != .never, !batch.isEmpty {
                // First, before the batch's slower work: the store's next send finds them.
                for source in sources { source.parkLatestState(lane: batchLane) }
            }
            let now = Clock.monotonicNanos()
            if batch.isEmpty {
                interval = now &- lastActivity < Self.activeWindowNanos
                    ? min(interval * 2, Self.activePollCeiling) : idleInterval
            } else {
                lastActivity = now
                interval = Self.activePoll
            }
            if batch.count > Self.largeBatch { lastLargeBatch = now }
            let handledEvents = !batch.isEmpty
            mayShrinkBuffers = now &- lastLargeBatch >= Self.shrinkAfterNanos
            for event in batch {
                handle(event, released: &released, releasedActions: &releasedActions)
                if stopped { break }
            }
            batch.recycle(mayShrink: mayShrinkBuffers, fullCapacity: queue.budget / RecordingQueue.recordCost)
            if released > 0 || releasedActions > 0 {
                queue.release(bytes: released, actions: releasedActions)
                released = 0
                releasedActions = 0
            }
            if !stopped, handledEvents {
                // Cheap when nothing is due: a subtraction per store.
                for source in sources { source.writeKeyframeIfFarBehind(in: self) }
            }
            if !stopped { perform { (writer) throws(TraceError) in try writer.closeChunkIfDue() } }
            if !stopped { serviceLiveOutput(closing: false) }
            if !stopped { handleControlCommands() }
        }
    }

    /// Writes the open chunk now, so that what a command did reaches the listener at once
    /// instead of at the next flush interval.
    func flushForControl() {
        perform { (writer) throws(TraceError) in try writer.flush() }
    }

    /// Handles one event; `released` collects the budget it frees, returned to the queue in
    /// one step per batch (a lock per action would contend with the store thread).
    private func handle(_ event: RecorderEvent, released: inout Int, releasedActions: inout Int) {
        switch event {
        case let .action(token):
            released += token.source.recordNextAction(in: self)
            releasedActions += 1
        case let .storeRegistered(source, seq):
            sources.append(source)
            source.register(seq: seq, in: self)
        case let .storeReleased(source):
            sources.removeAll { $0 === source }
        case let .record(record):
            released += RecordingQueue.recordCost
            if sinkFailed {
                shared.withLock { $0.eventsDiscarded += 1 }
            } else {
                append(record)
            }
        case let .dropped(run):
            endPausedRun()
            append(.dropped(DroppedRecords(
                count: run.count, firstSeq: run.firstSeq, lastSeq: run.lastSeq, monotonicNanos: Clock.monotonicNanos())))
            if dropRuns == 0 {
                configuration.diagnostics("the app sends actions faster than they can be recorded: dropped \(run.count) (#\(run.firstSeq)…#\(run.lastSeq)) to stay within \(queue.budget) bytes; the trace marks each gap, and a summary follows at close")
            }
            dropRuns += 1
            droppedInRuns += run.count
            forceKeyframes()
        case let .job(job):
            job.run(self)
        case let .flush(completion):
            perform { (writer) throws(TraceError) in try writer.flush() }
            completion.signal()
        case let .close(completion):
            if dropRuns > 1 {
                configuration.diagnostics("dropped \(droppedInRuns) actions in \(dropRuns) gaps over the session")
            }
            if unwritableRecords > 1 {
                configuration.diagnostics("\(unwritableRecords) records could not be written over the session")
            }
            if writer != nil, !sinkFailed {
                // What paused stores sent since the last action record is marked as dropped.
                endPausedRun()
                serviceLiveOutput(closing: true)
                perform { (writer) throws(TraceError) in
                    try writer.append(.sessionEnded(SessionEnded(monotonicNanos: Clock.monotonicNanos(), wallNanos: Clock.wallNanos())))
                }
                perform { (writer) throws(TraceError) in try writer.close() }
            } else {
                writer?.closeQuietly()
            }
            writer = nil
            stopped = true
            // Give the budget back before answering, so that the status the closer reads next
            // shows nothing pending.
            queue.release(bytes: released, actions: releasedActions)
            released = 0
            releasedActions = 0
            completion.signal()
        }
    }

    // MARK: - Used by action work

    /// Whether records can still be written; when not, the caller counts its action as lost.
    var canWrite: Bool { !sinkFailed && writer != nil }

    /// Notes an action the worker could not write (the sink failed earlier).
    func discardAction() {
        shared.withLock { $0.actionsDiscarded += 1 }
    }

    /// Wall-clock time for a monotonic reading: the session's start time plus the monotonic
    /// time elapsed since.
    func wallNanos(atMonotonic monotonic: UInt64) -> Int64 {
        startWallNanos &+ Int64(bitPattern: monotonic &- startMonotonicNanos)
    }

    /// The bytes of records appended to the trace so far, uncompressed (what keyframes are
    /// spaced by, see ``RecorderConfiguration/keyframeEveryTraceBytes``).
    var recordBytesWritten: Int64 { writer?.recordBytesAppended ?? 0 }

    /// The `.reference` nodes in the records appended so far (``TraceWriter/referenceValuesAppended``).
    var referenceValuesWritten: UInt64 { writer?.referenceValuesAppended ?? 0 }

    /// Whether no other event waits, so slower housekeeping may run now.
    var isIdle: Bool { queue.isEmpty }

    /// Appends a record; returns the encoded size, or `nil` when the sink failed.
    @discardableResult
    func append(_ record: Record) -> Int? {
        appendRecord { (writer) throws(TraceError) in try writer.append(record) }
    }

    /// Appends an action's record; returns whether it went into the trace. The action counts as
    /// recorded once the chunk holding it is written, and as lost when it is not written.
    ///
    /// It is counted in the open chunk before the append: an append that fills the chunk writes
    /// it, this record included. (Counted after, such an action was charged to the next chunk,
    /// and reported dropped though it was in the trace when the next chunk's write failed.)
    /// When the sink fails, the failure counts it as lost with the rest of the open chunk; when
    /// the format cannot hold the record, it is counted lost here and the trace marks the gap.
    /// The paused stores' actions since the previous action record go first, as a `dropped`
    /// record (``endPausedRun()``).
    func appendAction(_ action: ActionRecord) -> Bool {
        if pausedRun != nil { endPausedRun(at: action.monotonicNanos) }
        latestSeq = max(latestSeq, action.seq)
        actionsInOpenChunk += 1
        if append(.action(action)) != nil { return true }
        if canWrite {
            actionsInOpenChunk -= 1
            shared.withLock { $0.actionsDiscarded += 1 }
            append(.dropped(DroppedRecords(count: 1, firstSeq: action.seq, lastSeq: action.seq, monotonicNanos: Clock.monotonicNanos())))
        }
        return false
    }
}

extension TraceWriter {
    /// Closes without reporting errors (the sink already failed).
    func closeQuietly() {
        try? close()
    }
}
