import TraceAnalysis

/// What the analysis commands (`log`, `state`, `diff`, `blame`) share: opening the session,
/// reading `--store`, `--path` and points, and ending with `check`'s exit statuses.
struct AnalysisInput {
    let path: String
    let session: TraceSession
    let console: Console
    /// Damage already reported inline, not to repeat at the end.
    private var reported: Set<Damage> = []

    /// The common options.
    static let storeOption = CommandSpec.Option.value("store", "NAME", help: "The store to look at (default: the main store: the one the app named, else the only or first to register).")
    static let pathOption = CommandSpec.Option.value("path", "PATH", help: "Only this part of the state, e.g. .users[3].name, or .path[0]/detail[0].title through an enum in case detail.")
    static let jsonOption = CommandSpec.Option.flag("json", help: "Print NDJSON (one JSON object per line) for jq and scripts.")

    static let statusDiscussion = ExitStatus.discussion(no: "when a state is unknown or the question has no answer (a seq past the end, a path the state does not have)")

    /// What a command keeps decoded: chunks of 1 MiB of payload (about 16), where the viewer
    /// keeps 4 MiB. A command reads front to back or replays from a checkpoint, so it seldom
    /// reads a chunk twice, and a chunk of patches decodes to about ten times its payload:
    /// with 4 MiB, `log` of a million users actions peaked at 107 MiB (issue 40: ≤ 100).
    static let budget = TraceSession.Budget(chunkBytes: 1 << 20, states: 4)

    /// Opens the trace, or reports why not (the command then exits 2).
    init?(_ arguments: ParsedArguments, console: Console) {
        path = arguments.positionals[0]
        self.console = console
        do {
            session = try TraceSession(path: path, budget: Self.budget)
        } catch {
            console.error("Error: \(path.sanitizedForTerminal): \(error.description.sanitizedForTerminal)")
            return nil
        }
    }

    /// The store `--store` names, or else the session's main store (``SessionStores``); a
    /// store the trace does not have is an error naming the ones it has.
    func store(_ arguments: ParsedArguments) throws(AnalysisFailure) -> String {
        try session.checkedStore(named: arguments.value("store"))
    }

    /// The filter in positional argument `index` (every action when it is absent); a usage
    /// error pointing at the column when it does not parse.
    static func filter(_ arguments: ParsedArguments, at index: Int, spec: CommandSpec) throws(UsageError) -> Filter {
        do throws(FilterError) {
            return try Filter(parsing: arguments.positionals.count > index ? arguments.positionals[index] : "")
        } catch {
            throw UsageError("invalid filter at \(error.description.sanitizedForTerminal)\n\(error.pointer)", command: spec)
        }
    }

    /// The `--path` pattern, if any (a usage error when it does not parse).
    static func pathPattern(_ arguments: ParsedArguments, option: String = "path", spec: CommandSpec) throws(UsageError) -> PathPattern? {
        guard let text = arguments.value(option) else { return nil }
        return try pathPattern(text, spec: spec)
    }

    static func pathPattern(_ text: String, spec: CommandSpec) throws(UsageError) -> PathPattern {
        do throws(PathPatternError) {
            return try PathPattern(parsing: text)
        } catch {
            let pointer = "  " + text.sanitizedForTerminal + "\n  " + String(repeating: " ", count: String(text.prefix(error.offset)).sanitizedForTerminal.count) + "^"
            throw UsageError("invalid path at column \(error.offset + 1): \(error.message)\n\(pointer)", command: spec)
        }
    }

    /// The point an option names (a usage error when it is none).
    static func point(_ arguments: ParsedArguments, _ option: String, spec: CommandSpec) throws(UsageError) -> SessionPoint {
        guard let text = arguments.value(option) else { throw UsageError("missing --\(option)", command: spec) }
        guard let point = SessionPoint(text) else {
            throw UsageError("invalid --\(option) '\(text.sanitizedForTerminal)': expected a sequence number, start, end, or a time such as 1.5s", command: spec)
        }
        return point
    }

    /// The seq a point names in this trace (``TraceSession/checkedSeq(_:)``).
    func seq(_ point: SessionPoint) throws(AnalysisFailure) -> UInt64 { try session.checkedSeq(point) }

    /// The sub-value `pattern` names in `state` (``TraceSession/value(at:in:store:seq:)``).
    func value(at pattern: PathPattern?, in state: TraceValue, store: String, seq: UInt64) throws(AnalysisFailure) -> TraceValue {
        try session.value(at: pattern, in: state, store: store, seq: seq)
    }

    /// Reports damage met during the answer (once each).
    mutating func warn(_ damage: Damage) {
        guard reported.insert(damage).inserted else { return }
        console.error("warning: damaged trace: \(damage.description.sanitizedForTerminal)")
    }

    /// Reports the rest of what is missing and returns the exit status: 0 only for a clean
    /// trace and a complete answer.
    mutating func finish(complete: Bool = true) -> Int32 {
        for damage in session.damage { warn(damage) }
        let closed = session.reader.indexSource == .footer
        if !closed && session.damage.isEmpty { console.error(Console.notClosedWarning) }
        return ExitStatus.of(traceIntact: closed && session.damage.isEmpty, answered: complete)
    }
}

/// An answer the trace cannot give: printed as `Error: ...`, exit status 1.
struct AnalysisFailure: Error, Sendable, CustomStringConvertible {
    var message: String
    init(_ message: String) { self.message = message }
    var description: String { message }
}

extension AnalysisInput {
    /// Runs a command's answer: `body` returns whether the answer is complete; a failure is
    /// printed as `Error: ...`. Ends with ``finish(complete:)``.
    mutating func answer(_ body: (inout AnalysisInput) throws(AnalysisFailure) -> Bool) -> Int32 {
        do throws(AnalysisFailure) {
            let complete = try body(&self)
            console.flush()
            return finish(complete: complete)
        } catch {
            console.error("Error: \(error.message)")
            return finish(complete: false)
        }
    }
}

extension StateAnswer {
    /// The state or a failure that says why it is unknown and where it is known again.
    func known() throws(AnalysisFailure) -> TraceValue {
        if let value { return value }
        if case .noKeyframe = unknown, seq == 0 {
            throw AnalysisFailure("the trace has no initial state of \(store.sanitizedForTerminal)")
        }
        throw AnalysisFailure((unknownDescription ?? "the state is unknown").sanitizedForTerminal)
    }
}
