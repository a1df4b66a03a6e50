import Dispatch
import Foundation
import TraceAnalysis
import TraceFormat

/// Reads the trace for the viewer, off its loop's thread (the viewer's goal is 50 ms per key):
/// the timeline's screens (``TimelineReader``; a chunk holding a keyframe of a million entries
/// takes 50-100 ms to inflate and walk), the selected action's detail (decoding such a
/// keyframe and comparing it with the state before takes 0.3-0.7 s), the timeline's searches
/// (``SearchReader``, a part at a time), the effects (a part at a time) and the effect rows'
/// parent actions. The loop takes each finished read (``ViewerEffectRunner/takeAnswers()``)
/// and reduces it as ``ViewerAction/backgroundRead(_:)``.
///
/// The reader holds the only ``TraceSession`` of each trace, used only on its own queue (a
/// session is used by one thread at a time): the viewer names a trace (``Trace``) and never
/// reads it. Its session keeps its states as any session does, so the next action's detail
/// starts from the state after this one. Every poll interval it reads on in every session's
/// trace and notices a file replaced at its path (``SessionsRequest``). A screen comes
/// first, then the parent actions, then the sessions, then a detail, then a part of a search,
/// then effects; the
/// newest request of each kind wins (one asked while another is read replaces any that
/// waits), and the reducer drops a read that is no longer wanted (the keys moved on, the
/// session was replaced).
package final class BackgroundReader: ViewerReading, Sendable {
    /// Which trace a request reads: the file at `path`, as opened for the viewer `opening`
    /// (``opened(path:header:)``); another opening (the file replaced, the app reconnected)
    /// opens the reader's session again. A file at the path whose session header is not
    /// `header` (replaced before the viewer noticed) is not read.
    package struct Trace: Sendable, Hashable {
        var path: String
        var opening: UInt64
        var header: SessionHeader
        /// Whether the reader follows the path as `tail -F` does (a trace file: another
        /// session taking the path is noticed), or leaves that to the source (a live session,
        /// whose listener says when its app reconnected and the file goes on).
        var followsPath = true
    }

    /// The actions `seqs`, summarized as the effects view names an effect's parent.
    package struct SummariesRequest: Sendable, Hashable {
        var trace: Trace
        var seqs: [UInt64]
    }

    /// `#4 .search(query: "swiftui")` for each seq asked, or `#4` when no readable action has it.
    package struct Summaries: Sendable, Equatable {
        var request: SummariesRequest
        var texts: [UInt64: String]
    }

    /// The detail of action `entry`, and where its cursor goes once it is read
    /// (``ScreenRequest/cursorPath``).
    package struct DetailRequest: Sendable, Hashable {
        var trace: Trace
        var entry: ActionEntry
        var cursorPath: [PathComponent]?
    }

    /// A finished detail, and the keyframe changes the reader worked out for it.
    package struct DetailRead: Sendable, Equatable {
        var request: DetailRequest
        var detail: ViewerState.Detail
        /// The changes of a keyframe action, worked out by comparing it with the state before.
        var keyframeChanges: [PatchOperation]?
    }

    /// Effects to read on from `spans` (from its ``EffectSpans/chunksRead`` to the trace's last
    /// chunk now), for at most ``BackgroundReader/effectsPart`` or until a screen, a detail or
    /// a search is asked for.
    package struct EffectsRequest: Sendable, Equatable {
        var trace: Trace
        var spans: EffectSpans
    }

    /// The spans read on, and where the read started.
    package struct EffectsRead: Sendable, Equatable {
        var request: EffectsRequest
        var spans: EffectSpans
    }

    /// What the reducer asks to read (``ViewerEffect/read(_:)``).
    package enum Request: Sendable, Equatable {
        case screen(ScreenRequest)
        case summaries(SummariesRequest)
        case detail(DetailRequest)
        /// A search, read a part at a time until it ends or is stopped.
        case search(SearchRequest)
        /// No more parts of the search being read (a key cancelled it).
        case stopSearch
        case effects(EffectsRequest)
        /// Every session's trace read on, and what the `S` list shows of it.
        case sessions(SessionsRequest)
    }

    package enum Read: Sendable, Equatable {
        case screen(ScreenAnswer)
        case summaries(Summaries)
        case detail(DetailRead)
        /// A part of a search read: one answer per part.
        case search(SearchAnswer)
        case effects(EffectsRead)
        case sessions(SessionsAnswer)
    }

    private struct Shared {
        var screen: ScreenRequest?
        var summaries: SummariesRequest?
        var detail: DetailRequest?
        /// The search being read, from where its next part starts: it stays until its last part.
        var search: SearchRequest?
        var effects: EffectsRequest?
        var sessions: SessionsRequest?
        var isRunning = false
        var finished: [Read] = []
    }

    private let shared = LockedValue(Shared())
    /// Signalled once for every read finished: what ``awaitFinished(until:)`` waits on.
    private let finishing = DispatchSemaphore(value: 0)
    private let queue = DispatchQueue(label: "storescope.viewer.reader", qos: .userInitiated)
    private let sessions: ReaderSession

    /// - Parameters:
    ///   - largeState: the node count over which a timeline row leaves a keyframe out.
    ///   - budget: what the reader's sessions keep in memory.
    ///
    ///   Tests scale both down together, so that small chunks take the paths of large ones.
    init(largeState: Int = TimelineReader.largeState, budget: TraceSession.Budget = .standard) {
        sessions = ReaderSession(largeState: largeState, budget: budget)
    }

    /// How long one part of an effects read may take before the reader looks for a detail.
    static let effectsPart = Duration.milliseconds(50)

    /// Asks for `request`: the timeline's chunks, a detail or a part of the effects. It
    /// replaces a request of its kind still waiting.
    package func read(_ request: Request) {
        start { shared in
            switch request {
            case let .screen(screen): shared.screen = screen
            case let .summaries(summaries): shared.summaries = summaries
            case let .detail(detail): shared.detail = detail
            case let .search(search): shared.search = search
            case .stopSearch: shared.search = nil
            case let .effects(effects): shared.effects = effects
            case let .sessions(sessions): shared.sessions = sessions
            }
        }
    }

    /// The reads finished since the last call, oldest first.
    package func takeFinished() -> [Read] {
        shared.withLock { shared in
            defer { shared.finished = [] }
            return shared.finished
        }
    }

    /// Waits until a read finished (one not yet taken with ``takeFinished()``), or until
    /// `deadline` (`nil`: however long it takes).
    ///
    /// - Returns: whether a read finished: `false` at the deadline, or at once when the reader
    ///   reads nothing.
    package func awaitFinished(until deadline: ContinuousClock.Instant?) -> Bool {
        while true {
            let (finished, running) = shared.withLock { (!$0.finished.isEmpty, $0.isRunning) }
            if finished { return true }
            guard running else { return false }
            let timeout = deadline.map { deadline -> DispatchTime in
                let left = max(.zero, deadline - .now).components
                return .now() + .nanoseconds(Int(left.seconds) * 1_000_000_000 + Int(left.attoseconds / 1_000_000_000))
            }
            if finishing.wait(timeout: timeout ?? .distantFuture) == .timedOut { return shared.withLock { !$0.finished.isEmpty } }
        }
    }

    /// How many chunks the reader's own session decoded: what tests count instead of timing.
    var chunkDecodes: Int { queue.sync { sessions.session?.chunkDecodes ?? 0 } }
    /// How many chunks flagged as holding drops the reader's session decoded (each once).
    var dropChunksDecoded: Int { queue.sync { sessions.session?.dropChunksDecoded ?? 0 } }
    /// How many times the reader worked out the status line's totals.
    var totalsWorkedOut: Int { queue.sync { sessions.totalsWorkedOut } }
    /// How many traces the reader holds a session of.
    var openTraces: Int { queue.sync { sessions.openTraces } }

    private func start(_ ask: (inout Shared) -> Void) {
        let start = shared.withLock { shared in
            ask(&shared)
            guard !shared.isRunning else { return false }
            shared.isRunning = true
            return true
        }
        // A thread of its own, not one of the global pool's: a loop (or a test) that waits for
        // the answer on a pool thread must not leave the reader without one (two such waits
        // on a 2-core machine took the whole pool).
        if start { Thread { [self] in queue.sync { readWaiting() } }.start() }
    }

    /// On the queue: reads what waits, a detail first, until nothing does.
    private func readWaiting() {
        while let next = shared.withLock({ shared -> Request? in
            if let screen = shared.screen {
                shared.screen = nil
                return .screen(screen)
            }
            if let summaries = shared.summaries {
                shared.summaries = nil
                return .summaries(summaries)
            }
            if let sessions = shared.sessions {
                shared.sessions = nil
                return .sessions(sessions)
            }
            if let detail = shared.detail {
                shared.detail = nil
                return .detail(detail)
            }
            if let search = shared.search { return .search(search) }
            if let effects = shared.effects {
                shared.effects = nil
                return .effects(effects)
            }
            shared.isRunning = false
            return nil
        }) {
            let read: Read
            switch next {
            case let .screen(request): read = .screen(sessions.read(request))
            case let .summaries(request): read = .summaries(sessions.read(request))
            case let .detail(request): read = .detail(sessions.read(request))
            case let .sessions(request): read = .sessions(sessions.read(request))
            case let .search(request):
                let answer = sessions.read(request)
                read = .search(answer)
                // The next part, unless the search was stopped or replaced meanwhile.
                shared.withLock { shared in
                    guard shared.search == request else { return }
                    shared.search = request.next(after: answer)
                }
            case .stopSearch: continue
            case let .effects(request):
                read = .effects(sessions.read(request, until: ContinuousClock.now + Self.effectsPart) {
                    self.shared.withLock { $0.screen != nil || $0.detail != nil || $0.summaries != nil || $0.search != nil }
                })
            }
            shared.withLock { $0.finished.append(read) }
            finishing.signal()
        }
        // Stopped: a wait that saw the reader running, after the last read was taken, wakes
        // to see it stopped (without this it waited for ever).
        finishing.signal()
    }
}

/// The reader's sessions, one per trace read, each opened again when the viewer's source opens
/// another session (an app reconnected) or the reader finds another session at its path:
/// touched only on the reader's serial queue.
private final class ReaderSession: @unchecked Sendable {
    /// The session the last request read: what tests count decodes of.
    private(set) var session: TraceSession?
    /// Each trace's session, by path.
    private var traces: [String: OpenTrace] = [:]
    /// The timeline's rows as last read, for the next screen (``TimelineReader/read``).
    private var rows: ViewerState.ReadTimeline?
    /// The status line's totals and the main store, with what the session was when they were
    /// worked out (its opening, chunks and damage): worked out again only when that changed.
    private var totals: (key: [Int], totals: ScreenAnswer.Totals, mainStore: String)?
    /// How many times the totals were worked out: what tests count.
    private(set) var totalsWorkedOut = 0
    /// How many traces have a session open: what tests count.
    var openTraces: Int { traces.count }
    /// The node count over which the sessions leave keyframes out of timeline rows.
    private let largeState: Int
    /// What each session keeps in memory.
    private let budget: TraceSession.Budget

    init(largeState: Int, budget: TraceSession.Budget) {
        self.largeState = largeState
        self.budget = budget
    }

    /// A trace's session and the watch on its path, as `tail -F` follows a file.
    private final class OpenTrace {
        var trace: BackgroundReader.Trace
        var session: TraceSession
        var watch: TraceFileWatch?
        /// A change of the file at the path noticed and not yet answered (a new session with
        /// no complete header yet stays noticed): the session is not read on meanwhile.
        var change: TraceFileWatch.Change?
        /// What the session held when a ``SessionsAnswer`` last said (its opening, chunks and
        /// damage): records arrived when it differs.
        var answered: [Int]?

        init(_ trace: BackgroundReader.Trace, _ session: TraceSession) {
            self.trace = trace
            self.session = session
            watch = trace.followsPath ? TraceFileWatch(path: trace.path, headerLength: Int(session.reader.headerSize)) : nil
            answered = contents
        }

        var contents: [Int] { [Int(truncatingIfNeeded: session.opening), session.chunks.count, session.damage.count, session.reader.isComplete ? 1 : 0] }

        /// Reads on, unless the file at the path changed (noticed first: the bytes after the
        /// old end may be another session's; a finished file that changes may be its session
        /// continued, a listener appending after it).
        func readOn() {
            let finishedEnd = session.reader.isComplete ? session.chunks.last?.endOffset ?? session.reader.headerSize : nil
            if change == nil { change = watch?.check(finishedRecordsEnd: finishedEnd) }
            if change == nil { _ = try? session.refresh() }
        }
    }

    /// The session reading `trace`, read on.
    private func session(_ trace: BackgroundReader.Trace) throws(TraceError) -> TraceSession {
        if let open = traces[trace.path], open.trace == trace {
            // A growing trace: the records that arrived since the last read.
            open.readOn()
            session = open.session
            return open.session
        }
        let opened = try TraceSession.forViewer(path: trace.path, largeState: largeState, budget: budget)
        guard opened.header == trace.header else { throw .malformed("\(trace.path) now holds another session") }
        traces[trace.path] = OpenTrace(trace, opened)
        session = opened
        return opened
    }

    /// Reads on in every trace asked, and lets the sessions of traces no longer asked go.
    func read(_ request: SessionsRequest) -> SessionsAnswer {
        let asked = Set(request.traces.compactMap { $0?.path })
        traces = traces.filter { asked.contains($0.key) }
        return SessionsAnswer(request: request, sessions: request.traces.map { trace in
            guard let trace, let session = try? session(trace), let open = traces[trace.path] else { return nil }
            var restart: String?
            if let change = open.change {
                // Another session, or the same one continued, at the path: read from its start.
                guard let opened = try? TraceSession.forViewer(path: trace.path, largeState: largeState, budget: budget) else {
                    return .init(session, trace: open.trace, restart: nil, grew: false, isComplete: false)
                }
                if change != .continued || opened.header != trace.header {
                    open.trace = .opened(path: trace.path, header: opened.header, followsPath: trace.followsPath)
                    restart = change.description
                }
                let next = OpenTrace(open.trace, opened)
                next.answered = nil
                traces[trace.path] = next
                self.session = opened
                return answer(next, restart: restart)
            }
            return answer(open, restart: nil)
        })
    }

    private func answer(_ open: OpenTrace, restart: String?) -> SessionsAnswer.Session {
        let grew = open.answered != open.contents
        open.answered = open.contents
        return .init(open.session, trace: open.trace, restart: restart, grew: grew, isComplete: open.session.reader.isComplete)
    }

    func read(_ request: ScreenRequest) -> ScreenAnswer {
        guard let session = try? session(request.trace) else {
            return ScreenAnswer(
                request: request, selected: request.selected, top: request.top, stopsFollowing: false, rows: [],
                message: "the trace could not be read", totals: .init(), mainStore: request.trace.header.storeName)
        }
        let key = [Int(truncatingIfNeeded: session.opening), session.chunks.count, session.damage.count, session.reader.isComplete ? 1 : 0]
        let totals: (key: [Int], totals: ScreenAnswer.Totals, mainStore: String)
        if let known = self.totals, known.key == key {
            totals = known
        } else {
            totals = (key, TimelineReader.totals(of: session), TimelineReader.mainStore(of: session))
            self.totals = totals
            totalsWorkedOut += 1
        }
        var reader = TimelineReader(session: session, request: request, read: rows, totals: totals.totals, mainStore: totals.mainStore)
        let answer = reader.answer(request)
        rows = reader.read
        return answer
    }

    func read(_ request: BackgroundReader.SummariesRequest) -> BackgroundReader.Summaries {
        let session = try? session(request.trace)
        var texts: [UInt64: String] = [:]
        for seq in request.seqs {
            let entry = session?.action(after: seq - min(seq, 1))
            texts[seq] = entry.flatMap { $0.seq == seq ? "#\(seq) \(ShownText.start(of: $0.action.action, columns: ShownText.widestLine, short: true))" : nil } ?? "#\(seq)"
        }
        return .init(request: request, texts: texts)
    }

    func read(_ request: SearchRequest) -> SearchAnswer {
        guard let session = try? session(request.trace) else { return SearchAnswer(trace: request.trace, search: request.search, outcome: .unreadable) }
        return SearchReader(session: session).part(request)
    }

    func read(_ request: BackgroundReader.DetailRequest) -> BackgroundReader.DetailRead {
        let entry = request.entry
        let session: TraceSession
        do throws(TraceError) {
            session = try self.session(request.trace)
        } catch {
            let text = ViewerState.UnknownText(text: "the trace could not be read: \(error)")
            return .init(request: request, detail: ViewerState.Detail(entry: entry, diff: .failure(text), state: .failure(text)))
        }
        let keyframeChanges = entry.hasKeyframe ? session.changes(of: entry) : nil
        // The rows list the keyframe's changes once they are worked out.
        if keyframeChanges != nil { rows = nil }
        return .init(request: request, detail: ViewerState.Detail.read(entry, from: session), keyframeChanges: keyframeChanges)
    }

    /// Reads effects on, a chunk at a time, until `deadline`, the trace's last chunk, or
    /// `detailWaits` says a screen, a detail or a search was asked for. A trace that cannot be
    /// read here leaves the spans as they were.
    func read(
        _ request: BackgroundReader.EffectsRequest, until deadline: ContinuousClock.Instant, detailWaits: () -> Bool
    ) -> BackgroundReader.EffectsRead {
        var spans = request.spans
        guard let session = try? session(request.trace) else { return .init(request: request, spans: spans) }
        spans.chunksKnown = session.reader.chunks.count
        while spans.chunksRead < spans.chunksKnown {
            spans.chunksRead = spans.collected.add(chunksOf: session, from: spans.chunksRead, limit: 1)
            if ContinuousClock.now >= deadline || detailWaits() { break }
        }
        return .init(request: request, spans: spans)
    }
}

extension TraceSession {
    /// A session as the viewer's reader reads it: its timeline rows leave the keyframes of a
    /// large state out (the detail of the selected action reads them), so a screen of rows
    /// never builds millions of nodes per row.
    static func forViewer(
        path: String, largeState: Int = TimelineReader.largeState, budget: Budget = .standard
    ) throws(TraceError) -> TraceSession {
        try TraceSession(path: path, budget: budget, keyframesLeftOutOfActions: largeState)
    }
}
