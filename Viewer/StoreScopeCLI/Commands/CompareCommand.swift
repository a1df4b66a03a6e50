import TraceAnalysis

/// `storescope compare A B`: the first action or state where two sessions diverge.
enum CompareCommand: Command {
    static let spec = CommandSpec(
        name: "compare",
        abstract: "Find the first action or state where two sessions diverge (regression checks).",
        arguments: [
            .init(name: "A", help: "The reference trace (e.g. yesterday's build)."),
            .init(name: "B", help: "The trace to check against it."),
        ],
        options: [
            .flag("app-actions", help: "Pair the app's own actions in order, whatever their seqs; what effects sent before the next one is compared as a set, and the state after it."),
            .flag("json", help: "Print the result as one JSON object."),
        ],
        discussion: """
            The actions with the same sequence number must be equal (store and value) and leave
            equal states; times and reducer durations are ignored. The first line names the
            diverging actions, or the paths whose values differ; then the difference, -/+ (- only
            in A, + only in B). Actions one session lacks (lost in a damaged part, or dropped by
            its recorder) are a gap, reported as such; the rest still pairs up. A state unknown
            on either side (after a gap, until the next keyframe) is not compared.

            Two runs of one script whose effects finished in another order differ in their seqs:
            with --app-actions they are paired by the actions the app sent itself, the actions
            their effects sent before the app's next one compared as a set, and each app action's
            store's state compared once those were reduced.

            \(ExitStatus.discussion(no: "when the sessions diverge"))
            """)

    static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
        let paths = (arguments.positionals[0], arguments.positionals[1])
        guard let a = console.openTrace(paths.0), let b = console.openTrace(paths.1) else { return ExitStatus.unreadable }
        let (stepsA, stepsB) = (ActionSteps(a.items()), ActionSteps(b.items()))
        let result = arguments.has("app-actions")
            ? SessionComparison.compareByAppActions(stepsA, stepsB) : SessionComparison.compare(stepsA, stepsB)
        let text = ComparisonText(result: result, schemasDiffer: a.header.schemaFingerprint != b.header.schemaFingerprint)
        console.line(arguments.has("json") ? text.json() : text.text())
        let intactA = console.reportIntegrity(of: a, label: "A (\(paths.0))")
        let intactB = console.reportIntegrity(of: b, label: "B (\(paths.1))")
        return ExitStatus.of(traceIntact: intactA && intactB, answered: result.divergence == nil)
    }
}

/// How `compare` prints its result.
struct ComparisonText {
    var result: SessionComparison.Result
    /// Whether the two headers' schema fingerprints differ: the sessions were recorded by
    /// builds whose State and Action types (as the apps named them) differ.
    var schemasDiffer = false
    /// Whether the JSON holds the two states where they diverge (the MCP server's answer may
    /// leave them out to stay within its budget).
    var includesStates = true
    /// The most characters of a -/+ difference shown; past it, a line says how much was left out.
    var maximumDiffCharacters = Int.max

    func text() -> String {
        var lines: [String] = []
        switch result.divergence {
        case nil where result.gaps.isEmpty:
            lines.append("equal: \(counted(result.actionsCompared, "action")), the same actions and states")
        case nil:
            lines.append("equal where both have the action: \(counted(result.actionsCompared, "action")) compared, the same actions and states")
        case let .action(_, a, b):
            lines.append("diverge at \(Self.place(a, b)): A has \(a.action.shortDescription), B has \(b.action.shortDescription)")
            if a.store != b.store { lines += ["- store \(a.store)", "+ store \(b.store)"] }
            lines.append(bounded(DiffRendering.render(from: a.action, to: b.action)))
        case let .state(_, a, b):
            lines.append("diverge at \(Self.place(a.action, b.action)): \(Self.actionText(a.action)) left different states in \(a.action.store)")
            if let stateA = a.state, let stateB = b.state {
                lines.append("paths that differ: " + Self.differingPaths(stateA, stateB))
                lines.append(bounded(DiffRendering.render(from: stateA, to: stateB)))
            }
        case let .effectActions(_, a, b, onlyInA, onlyInB):
            let after = a.map { "after \(Self.place($0, b ?? $0)) \(Self.actionText($0))" } ?? "before the app's first action"
            lines.append("diverge \(after): its effects sent different actions (compared as a set)")
            lines += onlyInA.map { "- #\($0.seq) \($0.store) \(Self.actionText($0))" } + onlyInB.map { "+ #\($0.seq) \($0.store) \(Self.actionText($0))" }
        case let .length(_, afterSeq, extra, inA):
            let place = afterSeq.map { "after #\($0)" } ?? "at the start"
            lines.append("diverge \(place): only \(inA ? "A" : "B") goes on, with #\(extra.seq) \(Self.actionText(extra))")
        }
        for gap in result.gaps {
            let (missing, other) = gap.missingInA ? ("A", "B") : ("B", "A")
            let seqs = gap.seqs.count == 1 ? "#\(gap.seqs.lowerBound)" : "#\(gap.seqs.lowerBound)…#\(gap.seqs.upperBound)"
            lines.append("gap: \(missing) has no \(seqs) (lost in a damaged part, or dropped by its recorder): \(counted(gap.count, "action")) of \(other) not compared")
        }
        if result.unknownStates > 0 {
            lines.append("note: \(counted(result.unknownStates, "state")) unknown (after a drop or damage) and not compared")
        }
        if schemasDiffer {
            lines.append("note: the sessions were recorded with different State and Action types (their schema fingerprints differ): differences may come from the types, not the behaviour")
        }
        return lines.joined(separator: "\n").split(separator: "\n", omittingEmptySubsequences: false).map { String($0).sanitizedForTerminal }.joined(separator: "\n")
    }

    func json() -> String {
        var json = JSONWriter()
        json.beginObject()
        json.key("equal")
        json.bool(result.divergence == nil)
        json.field("actionsCompared", UInt64(result.actionsCompared))
        json.field("unknownStates", UInt64(result.unknownStates))
        json.key("gaps")
        json.beginArray()
        for gap in result.gaps {
            json.beginObject()
            json.field("missingIn", gap.missingInA ? "a" : "b")
            json.field("firstSeq", gap.seqs.lowerBound)
            json.field("lastSeq", gap.seqs.upperBound)
            json.field("actions", UInt64(gap.count))
            json.endObject()
        }
        json.endArray()
        json.key("schemasDiffer")
        json.bool(schemasDiffer)
        switch result.divergence {
        case nil:
            break
        case let .action(_, a, b):
            json.field("divergence", "action")
            json.field("seq", a.seq)
            side("a", a, state: nil, to: &json)
            side("b", b, state: nil, to: &json)
            json.field("diff", bounded(DiffRendering.render(from: a.action, to: b.action)))
        case let .state(_, a, b):
            json.field("divergence", "state")
            json.field("seq", a.action.seq)
            side("a", a.action, state: a.state, to: &json)
            side("b", b.action, state: b.state, to: &json)
            if let stateA = a.state, let stateB = b.state { json.field("diff", bounded(DiffRendering.render(from: stateA, to: stateB))) }
        case let .effectActions(_, a, b, onlyInA, onlyInB):
            json.field("divergence", "effectActions")
            if let a { side("a", a, state: nil, to: &json) }
            if let b { side("b", b, state: nil, to: &json) }
            for (name, actions) in [("onlyInA", onlyInA), ("onlyInB", onlyInB)] {
                json.key(name)
                json.beginArray()
                for action in actions {
                    json.beginObject()
                    json.field("seq", action.seq)
                    json.field("store", action.store)
                    json.key("action")
                    action.action.writeJSON(to: &json)
                    json.endObject()
                }
                json.endArray()
            }
        case let .length(_, afterSeq, extra, inA):
            json.field("divergence", "length")
            if let afterSeq { json.field("afterSeq", afterSeq) } else { json.key("afterSeq"); json.null() }
            side(inA ? "a" : "b", extra, state: nil, to: &json)
        }
        json.endObject()
        return json.text
    }

    private func side(_ name: String, _ action: ActionRecord, state: TraceValue?, to json: inout JSONWriter) {
        json.key(name)
        json.beginObject()
        json.field("seq", action.seq)
        json.field("store", action.store)
        json.key("action")
        action.action.writeJSON(to: &json)
        if let state, includesStates {
            json.key("state")
            state.writeJSON(to: &json)
        }
        json.endObject()
    }

    /// `diff` cut at a line break within ``maximumDiffCharacters``, with a line saying so.
    private func bounded(_ diff: String) -> String {
        guard diff.utf8.count > maximumDiffCharacters else { return diff }
        var kept = 0, lines: [Substring] = []
        let all = diff.split(separator: "\n", omittingEmptySubsequences: false)
        for line in all {
            guard kept + line.utf8.count + 1 <= maximumDiffCharacters else { break }
            kept += line.utf8.count + 1
            lines.append(line)
        }
        return (lines + ["… \(counted(all.count - lines.count, "more line")) of difference left out: ask diff or state_at for a path"]).joined(separator: "\n")
    }

    static func actionText(_ action: ActionRecord) -> String {
        action.action.qualifiedDescription
    }

    /// `#12`, or `#12 in A, #14 in B` when paired by the app's own actions.
    static func place(_ a: ActionRecord, _ b: ActionRecord) -> String {
        a.seq == b.seq ? "#\(a.seq)" : "#\(a.seq) in A, #\(b.seq) in B"
    }

    /// The paths whose values differ between two states, the first ten and how many more:
    /// what the diff below shows, named before its lines.
    static func differingPaths(_ a: TraceValue, _ b: TraceValue) -> String {
        var paths: [String] = [], seen = Set<[PathComponent]>()
        for operation in StateChanges.operations(from: a, to: b) where seen.insert(operation.path).inserted {
            paths.append(operation.path.isEmpty ? "(the whole state)" : renderPath(operation.path))
        }
        return paths.prefix(10).joined(separator: ", ") + (paths.count > 10 ? " and \(paths.count - 10) more" : "")
    }
}
