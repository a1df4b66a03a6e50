import TraceAnalysis

/// The trace files `storescope mcp` was started on, each opened once and named for the tools'
/// `session` argument by its file name (with `#2`, `#3` after a name already taken).
final class MCPSessions {
    /// One opened trace.
    final class Entry {
        let name: String
        let path: String
        let session: TraceSession
        private var counted: Counts?
        private var collectedEffects: EffectLifetimes?
        private var statsAnswers: [SessionStats.Grouping: StatsAnswer] = [:]

        init(name: String, path: String, session: TraceSession) {
            self.name = name
            self.path = path
            self.session = session
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

        /// The stats by `grouping`, summarized in one pass the first time they are asked for
        /// and kept while they are under ``MCPSessions/statsKeptCharacters``.
        func stats(by grouping: SessionStats.Grouping) -> StatsAnswer {
            if let kept = statsAnswers[grouping] { return kept }
            let reader = session.reader
            var stats = SessionStats(startMonotonicNanos: reader.header.startMonotonicNanos, grouping: grouping)
            let items = reader.items()
            while let item = items.next() { stats.add(item) }
            stats.finish()
            let report = StatsReport(stats: stats, missing: reader.missingParts)
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

    let entries: [Entry]

    /// Opens every file; the first that cannot be read is the error (the server does not start).
    init(paths: [String]) throws(AnalysisFailure) {
        var entries: [Entry] = []
        for path in paths {
            let session: TraceSession
            do throws(TraceError) {
                session = try TraceSession(path: path)
            } catch {
                throw AnalysisFailure("\(path.sanitizedForTerminal): \(error.description.sanitizedForTerminal)")
            }
            let base = path.split(separator: "/").last.map(String.init) ?? path
            var name = base, suffix = 2
            while entries.contains(where: { $0.name == name }) {
                name = "\(base)#\(suffix)"
                suffix += 1
            }
            entries.append(Entry(name: name, path: path, session: session))
        }
        self.entries = entries
    }

    /// The session a tool's `session` argument names; it may be left out when there is one.
    func entry(_ arguments: ToolArguments) throws(ToolError) -> Entry {
        guard let name = try arguments.string("session") else {
            guard entries.count == 1 else {
                throw ToolError("'session' is required when there are several: \(names)")
            }
            return entries[0]
        }
        return try entry(named: name)
    }

    /// The session named `name` (as `list_sessions` names it).
    func entry(named name: String) throws(ToolError) -> Entry {
        guard let entry = entries.first(where: { $0.name == name }) else {
            throw ToolError("no session named '\(name)'; the sessions are \(names)")
        }
        return entry
    }

    private var names: String { entries.map(\.name).joined(separator: ", ") }
}
