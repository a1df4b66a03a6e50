import TraceAnalysis

/// `storescope blame FILE PATH`: every action that changed a path, with old → new values.
enum BlameCommand: Command {
    static let spec = CommandSpec(
        name: "blame",
        abstract: "List every action that changed a path of the state (or anything under it), with old → new values.",
        arguments: [
            .init(name: "FILE", help: "The trace file."),
            .init(name: "PATH", help: "The path, e.g. .users[3].name; [*] stands for any index or key."),
        ],
        options: [AnalysisInput.storeOption, AnalysisInput.jsonOption],
        discussion: """
            A change made while the state was unknown (after a gap or dropped actions, before the
            next keyframe) is listed with an unknown old value.

            \(AnalysisInput.statusDiscussion)
            """)

    static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
        let pattern = try AnalysisInput.pathPattern(arguments.positionals[1], spec: spec)
        guard var input = AnalysisInput(arguments, console: console) else { return ExitStatus.unreadable }
        let json = arguments.has("json")
        return input.answer { (input) throws(AnalysisFailure) in
            let store = try input.store(arguments)
            let session = input.session
            let lines = ActionLines(session: session)
            let last = Double(session.seqRange?.upperBound ?? 1)
            let progress = Progress("storescope blame")
            var complete = true
            var previous: UInt64?
            // Text shows the values' short forms only: the engine need not keep a huge node.
            session.forEachChange(of: pattern, in: store, summarizing: !json) { item in
                switch item {
                case let .change(change):
                    progress.update(Double(change.entry.seq) / last)
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
                    console.error("warning: the recorder dropped actions #\(first)…#\(last): changes in them are unknown")
                }
                return true
            }
            progress.finish()
            return complete
        }
    }

    static func text(_ change: TraceSession.PathChange) -> String {
        if let summary = change.summary {
            return "\(change.path): \(summary.old ?? "(absent)") → \(summary.new ?? "(absent)")"
        }
        let new = change.new?.shortDescription ?? (change.isUnknown ? "(unknown)" : "(absent)")
        if change.isUnknown { return "\(change.path): (unknown) → \(new)" }
        return "\(change.path): \(change.old?.shortDescription ?? "(absent)") → \(new)"
    }

    static func json(_ change: TraceSession.PathChange, lines: ActionLines) -> String {
        var json = JSONWriter()
        json.beginObject()
        json.field("seq", change.entry.seq)
        json.field("store", change.entry.action.store)
        json.field("t", change.entry.sinceStart)
        json.key("action")
        change.entry.action.action.writeJSON(to: &json)
        json.field("path", change.path)
        json.key("unknown")
        json.bool(change.isUnknown)
        json.key("old")
        if let old = change.old { old.writeJSON(to: &json) } else { json.null() }
        json.key("new")
        if let new = change.new { new.writeJSON(to: &json) } else { json.null() }
        json.endObject()
        return json.text
    }
}
