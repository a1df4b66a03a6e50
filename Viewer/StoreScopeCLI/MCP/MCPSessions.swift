import TraceAnalysis

/// The trace files `storescope mcp` was started on, each opened once and named for the tools'
/// `session` argument by its file name (with `#2`, `#3` after a name already taken); with
/// `--listen`, also the live sessions arriving at the listener, named by their tags.
final class MCPSessions {
    /// One opened trace, or one live session's recording.
    final class Entry {
        let name: String
        let path: String
        /// The live session, when the entry is one: its recording grows while the app runs.
        let live: LiveSessionSource?
        private let file: TraceSession?
        private var counted: Counts?
        private var collectedEffects: EffectLifetimes?
        private var statsAnswers: [SessionStats.Grouping: StatsAnswer] = [:]

        init(name: String, path: String, session: TraceSession) {
            self.name = name
            self.path = path
            file = session
            live = nil
        }

        /// An entry for `live`, whose recording it opens; `nil` when it cannot be read.
        init?(name: String, live: LiveSessionSource) {
            guard let recording = try? TraceSession.forViewer(path: live.trace.path) else { return nil }
            self.name = name
            path = live.path
            self.live = live
            file = nil
            self.recording = (live.trace, recording)
            allowances.read(recording)
        }

        /// The session the tools read: a live one's recording as far as it was written when
        /// ``refresh()`` last read it.
        var session: TraceSession { recording?.session ?? file! }

        /// A live session's recording and the trace the source named when it was opened: a
        /// reconnect names another, which is opened anew.
        private var recording: (trace: BackgroundReader.Trace, session: TraceSession)?

        /// Reads what a live session's listener wrote since the last call; what was worked
        /// out from the records before (counts, effects, stats) is worked out again, and the
        /// notes of what its stores allow (``allowances``) are read on from where they were.
        func refresh() {
            guard let live, let recording else { return }
            if recording.trace != live.trace {
                guard let reopened = try? TraceSession.forViewer(path: live.trace.path) else { return }
                self.recording = (live.trace, reopened)
                allowances = ControlAllowances()
            } else {
                guard (try? recording.session.refresh()) == true else { return }
            }
            (counted, collectedEffects, statsAnswers) = (nil, nil, [:])
            allowances.read(session)
        }

        /// What a live session's stores allow a listener to do, as far as ``refresh()`` read.
        private(set) var allowances = ControlAllowances()

        /// What the stores of a live session whose app is connected allow; nothing once it ended.
        var allowedNow: Set<ControlAllowedNote.Command> {
            guard let live, !live.hasEnded else { return [] }
            return allowances.commands
        }

        /// Its records counted in one pass, the first time they are asked for.
        var counts: Counts {
            if let counted { return counted }
            var counts = Counts()
            let items = session.reader.items()
            while let item = items.next() {
                guard case let .record(record) = item else { continue }
                counts.records.count(record)
                if case let .action(action) = record { counts.actionsByStore[action.store, default: 0] += 1 }
            }
            counted = counts
            return counts
        }

        /// Its effect lifetimes, read in one pass the first time they are asked for.
        var effects: EffectLifetimes {
            if let collectedEffects { return collectedEffects }
            var effects = EffectLifetimes()
            let items = session.reader.items()
            while let item = items.next() { effects.add(item) }
            collectedEffects = effects
            return effects
        }

        /// The stats by `grouping`, summarized in one pass as `storescope stats` does
        /// (``SessionStats/summarizing(_:by:progress:)``) the first time they are asked for,
        /// and kept while they are under ``MCPSessions/statsKeptCharacters``.
        func stats(by grouping: SessionStats.Grouping) -> StatsAnswer {
            if let kept = statsAnswers[grouping] { return kept }
            let reader = session.reader
            let report = StatsReport(stats: SessionStats.summarizing(reader, by: grouping), missing: reader.missingParts)
            let rows = report.jsonLines()
            let size = rows.reduce(0) { $0 + $1.utf8.count }
            let tables = size < ResultPage.budget ? report.textLines().joined(separator: "\n") : nil
            let answer = StatsAnswer(rows: rows, tables: tables)
            if size <= MCPSessions.statsKeptCharacters { statsAnswers[grouping] = answer }
            return answer
        }
    }

    /// What `stats` answers from: the rows of `stats --json`, and the tables of `stats` when
    /// they fit the answer budget beside the rows (``ResultPage/wholeText(_:from:)``).
    struct StatsAnswer {
        var rows: [String]
        var tables: String?
    }

    /// The most characters of stats rows kept per session and grouping; a session with more
    /// (millions of distinct cases) is summarized again on each call instead.
    static let statsKeptCharacters = 8 << 20

    /// What `list_sessions` says of a trace.
    struct Counts {
        var records = RecordCounts()
        var actionsByStore: [String: Int] = [:]
    }

    private(set) var entries: [Entry]
    /// The listener whose sessions are served too (`--listen`).
    let arrivals: ListenerArrivals?
    /// What the listener said (a refused peer, a session that could not be recorded): the
    /// last few, for `list_sessions`.
    private(set) var notes: [String] = []

    /// Opens every file; the first that cannot be read is the error (the server does not start).
    init(paths: [String], arrivals: ListenerArrivals? = nil) throws(AnalysisFailure) {
        self.arrivals = arrivals
        var entries: [Entry] = []
        for path in paths {
            let session: TraceSession
            do throws(TraceError) {
                session = try TraceSession(path: path)
            } catch {
                throw AnalysisFailure("\(path.sanitizedForTerminal): \(error.description.sanitizedForTerminal)")
            }
            let base = path.split(separator: "/").last.map(String.init) ?? path
            entries.append(Entry(name: Self.unused(base, among: entries), path: path, session: session))
        }
        self.entries = entries
    }

    /// `base`, or `base#2`, `base#3`… when taken.
    private static func unused(_ base: String, among entries: [Entry]) -> String {
        var name = base, suffix = 2
        while entries.contains(where: { $0.name == name }) {
            name = "\(base)#\(suffix)"
            suffix += 1
        }
        return name
    }

    /// What the connected live sessions' stores allow a listener to do, all together, after
    /// reading what arrived (``poll()``).
    func controlAllowedNow() -> Set<ControlAllowedNote.Command> {
        poll()
        var commands = Set<ControlAllowedNote.Command>()
        for entry in entries where entry.live != nil {
            entry.refresh()
            commands.formUnion(entry.allowedNow)
        }
        return commands
    }

    /// Takes the live sessions that arrived since the last call (before every request).
    func poll() {
        guard let arrivals else { return }
        for arrival in arrivals.poll() {
            switch arrival {
            case let .started(source as LiveSessionSource):
                if let entry = Entry(name: Self.unused(source.live.tag, among: entries), live: source) { entries.append(entry) }
            case let .message(line):
                notes = Array((notes + [line]).suffix(10))
            default:
                // A resumed source is the same entry, read anew; an ended one says so itself.
                break
            }
        }
    }

    /// The session a tool's `session` argument names; it may be left out when there is one.
    func entry(_ arguments: ToolArguments) throws(ToolError) -> Entry {
        guard let name = try arguments.string("session") else {
            guard entries.count == 1 else {
                throw ToolError(entries.isEmpty
                    ? "no session yet: no app has connected to the listener (list_sessions shows them as they arrive)"
                    : "'session' is required when there are several: \(names)")
            }
            entries[0].refresh()
            return entries[0]
        }
        return try entry(named: name)
    }

    /// The session named `name` (as `list_sessions` names it).
    func entry(named name: String) throws(ToolError) -> Entry {
        guard let entry = entries.first(where: { $0.name == name }) else {
            throw ToolError("no session named '\(name)'; " + (entries.isEmpty ? "there is none yet" : "the sessions are \(names)"))
        }
        entry.refresh()
        return entry
    }

    private var names: String { entries.map(\.name).joined(separator: ", ") }
}
