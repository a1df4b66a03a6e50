import TraceAnalysis

/// `storescope blame FILE PATH`: every action that changed a path, with old → new values.
enum BlameCommand: Command {
    static let spec = CommandSpec(
        name: "blame",
        abstract: "List every action that changed a path of the state (or anything under it), with old → new values.",
        arguments: [
            .init(name: "FILE", help: "The trace file."),
            .init(name: "PATH", help: "The path, e.g. .users[3].name; [*] stands for any index or key, /case for an enum in that case (.path[0]/detail[0].title)."),
        ],
        options: [
            .value("store", "NAME", help: "Only this store (default: every store whose state has the path, as log 'path:' does)."),
            AnalysisInput.jsonOption,
        ],
        discussion: """
            A change made while the state was unknown (after a gap or dropped actions, before the
            next keyframe) is listed with an unknown old value and the value the action wrote. A
            redacted value that changed is listed too: the trace holds only <redacted> on both
            sides. A path that lived only between the first and last states (a screen pushed,
            then popped) is searched too; a path no state has and no action changed is an error
            naming what the state has.

            \(ExitStatus.discussion(no: "when no action changed the path or no state has it"))
            """)

    static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
        let pattern = try AnalysisInput.pathPattern(arguments.positionals[1], spec: spec)
        guard var input = AnalysisInput(arguments, console: console) else { return ExitStatus.unreadable }
        let json = arguments.has("json")
        return input.answer { (input) throws(AnalysisFailure) in
            let (stores, absent) = try Self.stores(having: pattern, named: arguments.value("store"), in: input.session)
            let session = input.session
            let lines = ActionLines(session: session)
            let last = Double(session.seqRange?.upperBound ?? 1)
            let progress = Progress("storescope blame")
            var complete = true
            var changed = false
            var previous: UInt64?
            var reportedDrops = Set<UInt64>()
            // Text shows the values' short forms only: the engine need not keep a huge node.
            for store in stores {
                session.forEachChange(of: pattern, in: store, summarizing: !json) { item in
                    switch item {
                    case let .change(change):
                        progress.update(Double(change.entry.seq) / last)
                        changed = true
                        if change.isUnknown { complete = false }
                        if json {
                            console.line(Self.json(change, lines: lines))
                        } else {
                            if previous != change.entry.seq { console.line(lines.records.text(.action(change.entry.action))) }
                            console.line("    " + Self.text(change).sanitizedForTerminal)
                        }
                        previous = change.entry.seq
                    case let .damage(damage):
                        complete = false
                        input.warn(damage)
                    case let .dropped(first, last):
                        complete = false
                        if reportedDrops.insert(first).inserted {
                            console.error("warning: the recorder dropped actions #\(first)…#\(last): changes in them are unknown")
                        }
                    }
                    return true
                }
            }
            progress.finish()
            // Neither the first nor the last state has the path and no action changed it: the
            // path is wrong, not the question.
            if !changed, let absent { throw absent }
            if !changed && !json {
                console.line("(no action changed \(pattern.description) in \(stores.joined(separator: ", ")))".sanitizedForTerminal)
            }
            return complete && changed
        }
    }

    /// The stores to search: the one `name` names (`--store`), or every store whose state (at its start or at the
    /// end) has the path, in the order the trace names them. When none has it the path may
    /// still have lived in between (a screen pushed, then popped): every store is searched,
    /// with the error to give when no action changed the path, saying what the main store's
    /// state has there instead, as `state --path` does.
    static func stores(
        having pattern: PathPattern, named name: String?, in session: TraceSession
    ) throws(AnalysisFailure) -> (stores: [String], absent: AnalysisFailure?) {
        let first = session.seqRange?.lowerBound ?? 1
        let end = session.seq(at: .end)
        func states(_ store: String) -> [TraceValue] {
            [session.state(of: store, after: first > 0 ? first - 1 : 0).value, session.state(of: store, after: end).value].compactMap { $0 }
        }
        func has(_ store: String) -> Bool {
            let known = states(store)
            // A store whose state is unknown at both ends may have it; so may one where a
            // `[*]` meets only empty collections.
            return known.isEmpty || known.contains { pattern.reaches(into: $0, throughEmpty: false) }
                || known.allSatisfy { pattern.reaches(into: $0, throughEmpty: true) }
        }
        if name != nil {
            let store = try session.checkedStore(named: name)
            return ([store], has(store) ? nil : Self.absent(pattern, in: store, session))
        }
        let names = session.stores().names
        let having = names.filter(has)
        guard having.isEmpty else { return (having, nil) }
        let main = try session.checkedStore(named: nil)
        var failure = Self.absent(pattern, in: main, session)
        let others = names.filter { $0 != main }
        if !others.isEmpty { failure.message += "; nor do the other stores (\(others.joined(separator: ", ").sanitizedForTerminal))" }
        return (names, failure)
    }

    /// The error for a path `store`'s state does not have, naming what it has instead.
    private static func absent(_ pattern: PathPattern, in store: String, _ session: TraceSession) -> AnalysisFailure {
        let seq = session.seq(at: .end)
        guard let state = session.state(of: store, after: seq).value else {
            return AnalysisFailure("the state of \(store.sanitizedForTerminal) has no \(pattern.description.sanitizedForTerminal)")
        }
        // Through a [*], say what the first element has (or what is missing before the [*]).
        var asked = pattern
        while asked.hasWildcard {
            guard case let .array(elements)? = asked.beforeWildcard.node(in: state), !elements.isEmpty,
                let range = asked.description.range(of: "[*]"),
                let first = try? PathPattern(parsing: asked.description.replacingCharacters(in: range, with: "[0]"))
            else {
                asked = asked.beforeWildcard
                break
            }
            asked = first
        }
        do throws(AnalysisFailure) {
            _ = try session.value(at: asked, in: state, store: store, seq: seq)
        } catch {
            return error
        }
        return AnalysisFailure("the state of \(store.sanitizedForTerminal) after #\(seq) has no \(pattern.description.sanitizedForTerminal)")
    }

    static func text(_ change: TraceSession.PathChange) -> String {
        // A redacted value that changed reads the same before and after: say that it changed.
        let hidden = change.hidesChange ? " (the redacted value changed)" : ""
        if let summary = change.summary {
            return "\(change.path): \(summary.old ?? "(absent)") → \(summary.new ?? "(absent)")\(hidden)"
        }
        if let since = change.since {
            // Which of the dropped actions, or this one, made it is not known.
            let lost = since < change.entry.seq - 1 ? "#\(since)…#\(change.entry.seq - 1) were" : "#\(since) was"
            return "\(change.path): \(change.old?.shortDescription ?? "(absent)") → \(change.new?.shortDescription ?? "(absent)")"
                + " somewhere in #\(since)…#\(change.entry.seq) (\(lost) dropped; the keyframe after #\(change.entry.seq) tells the value)"
        }
        if let since = change.statesNotRecordedSince {
            // The patch holds the changes of the actions whose states were not recorded too.
            return "\(change.path): \(change.old?.shortDescription ?? "(absent)") → \(change.new?.shortDescription ?? "(absent)")"
                + " somewhere in #\(since)…#\(change.entry.seq) (the states after #\(since)…#\(change.entry.seq - 1) were not recorded)"
        }
        if change.isUnknown {
            let new = change.new?.shortDescription ?? (change.isRemoval ? "(removed)" : "(unknown)")
            return "\(change.path): (unknown) → \(new)"
        }
        return "\(change.path): \(change.old?.shortDescription ?? "(absent)") → \(change.new?.shortDescription ?? "(absent)")\(hidden)"
    }

    static func json(_ change: TraceSession.PathChange, lines: ActionLines) -> String {
        var json = JSONWriter()
        json.beginObject()
        json.field("seq", change.entry.seq)
        json.field("store", change.entry.action.store)
        json.field("t", change.entry.sinceStart)
        json.key("action")
        change.entry.action.action.writeJSON(to: &json)
        // The effect that sent the action, as `log --json` names it, with its name, the action
        // that started it and how it ended: "from which effect" in one answer.
        if let id = change.entry.action.effectID {
            json.field("effect", id)
            if let effect = lines.session.effect(id) {
                json.field("effectName", effect.name)
                if let parent = effect.parentSeq { json.field("effectStartedBy", parent) }
                json.field("effectOutcome", effect.state.kind.rawValue)
            }
        }
        json.field("path", change.path)
        json.key("unknown")
        json.bool(change.isUnknown)
        if let since = change.since { json.field("since", since) }
        if let since = change.statesNotRecordedSince { json.field("statesNotRecordedSince", since) }
        json.key("redactedChanged")
        json.bool(change.hidesChange)
        json.key("old")
        if let old = change.old { old.writeJSON(to: &json) } else { json.null() }
        json.key("new")
        if let new = change.new { new.writeJSON(to: &json) } else { json.null() }
        json.endObject()
        return json.text
    }
}
