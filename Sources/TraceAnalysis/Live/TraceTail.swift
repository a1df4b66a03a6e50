/// Follows a trace file that may still be written (or not exist yet): the live source
/// `storescope tail` prints and a viewer consumes. Built on ``TraceFollower``; adds starting
/// from the last N actions, waiting for the file, noticing a writer that died mid-chunk, and
/// following the path as `tail -F` does: when the file is replaced, truncated or written again
/// with another session (an app restarted on the same path), it says so and starts over with
/// the new session (``TraceFileWatch``), instead of reading the new bytes as more of the old.
///
/// Used from one thread: call ``poll()`` in a loop until it reports ``Event/finished``.
public final class TraceTail {
    /// What one poll found, in order.
    public enum Event: Sendable {
        /// The file's session header (the first event, and the first after ``restarted(_:)``).
        case started(SessionHeader)
        /// The file at the path is not the one being read any more: the old session will
        /// receive nothing more, and the new file's session follows from its start (its
        /// ``started(_:)`` comes once its header can be read).
        case restarted(TraceFileWatch.Change)
        /// New records.
        case records([Record])
        /// Damaged bytes passed over.
        case gap(TraceGap)
        /// The file ends in part of a chunk that has not grown for ``tornTailDelay``: the
        /// writer probably died mid-chunk. Reported once per such tail; following goes on.
        case tornTail(bytes: Int64)
        /// The writer closed the trace (its footer arrived): nothing more will come.
        case finished
    }

    /// The file followed.
    public let path: String
    /// How long an unfinished chunk must stay unchanged before it is reported as torn.
    public let tornTailDelay: Duration
    private let lastActions: Int?
    private let waitsForFile: Bool
    private var follower: TraceFollower?
    private var file: TraceFile?
    private var watch: TraceFileWatch?
    /// Whether the session read is one that replaced the first (then it is read whole).
    private var restarted = false
    private var isFinished = false
    /// The end of the unfinished tail when it last changed, and when that was.
    private var tail: (size: Int64, since: ContinuousClock.Instant)?
    private var reportedTornAt: Int64?

    /// Prepares to follow `path`; nothing is read until ``poll()``.
    ///
    /// - Parameters:
    ///   - path: the trace file.
    ///   - lastActions: start with the last N actions already in the file (`nil`: from the start).
    ///   - waitsForFile: whether a missing or still empty file is waited for rather than an error.
    ///   - tornTailDelay: see ``tornTailDelay``.
    public init(path: String, lastActions: Int? = nil, waitsForFile: Bool = false, tornTailDelay: Duration = .seconds(2)) {
        self.path = path
        self.lastActions = lastActions
        self.waitsForFile = waitsForFile
        self.tornTailDelay = tornTailDelay
    }

    /// Reads what was appended since the last poll.
    ///
    /// - Throws: ``TraceError`` when the file cannot be read or is not a trace (a missing or
    ///   empty file only with `waitsForFile` false).
    public func poll() throws(TraceError) -> [Event] {
        guard !isFinished else { return [] }
        var events: [Event] = []
        // Before reading on: bytes past the old offset may be another session's.
        if self.follower != nil, let change = watch?.check() {
            events.append(.restarted(change))
            self.follower = nil
            file = nil
            watch = nil
            tail = nil
            reportedTornAt = nil
            restarted = true
        }
        let follower: TraceFollower
        if let existing = self.follower {
            follower = existing
        } else {
            // The new file after a restart may not have its header yet: wait for it.
            guard let opened = try open(waiting: waitsForFile || restarted) else { return events }
            follower = opened
            events.append(.started(opened.header))
        }
        let update = try follower.poll()
        events += update.gaps.map(Event.gap)
        var records = update.records
        if !restarted, events.contains(where: { if case .started = $0 { true } else { false } }), let lastActions {
            records = Self.suffix(records, lastActions: lastActions)
        }
        if !records.isEmpty { events.append(.records(records)) }
        if follower.isFinished {
            isFinished = true
            events.append(.finished)
        } else if let torn = try noticeTornTail(after: follower.offset) {
            events.append(.tornTail(bytes: torn))
        }
        return events
    }

    /// The records from the `lastActions`-th last action on (all of them when there are fewer).
    static func suffix(_ records: [Record], lastActions: Int) -> [Record] {
        var seen = 0
        for index in records.indices.reversed() {
            if case .action = records[index] {
                seen += 1
                if seen == lastActions { return Array(records[index...]) }
            }
        }
        return lastActions <= 0 ? [] : records
    }

    private func open(waiting: Bool) throws(TraceError) -> TraceFollower? {
        do throws(TraceError) {
            let opened = try TraceFollower(path: path)
            file = try TraceFile.openForReading(path)
            watch = TraceFileWatch(path: path, headerLength: Int(opened.offset))
            self.follower = opened
            return opened
        } catch {
            guard waiting else { throw error }
            switch error {
            case let .io(_, _, code, _) where code == Errno.noSuchFile.code: return nil
            case .notATrace, .malformed: return nil  // created, header not complete yet
            default: throw error
            }
        }
    }

    /// The size of an unfinished tail once it has not changed for ``tornTailDelay``.
    private func noticeTornTail(after offset: Int64) throws(TraceError) -> Int64? {
        guard let file else { return nil }
        let size = try file.size()
        guard size > offset else {
            tail = nil
            return nil
        }
        let now = ContinuousClock.now
        guard let known = tail, known.size == size else {
            tail = (size, now)
            return nil
        }
        guard now - known.since >= tornTailDelay, reportedTornAt != size else { return nil }
        reportedTornAt = size
        return size - offset
    }
}
