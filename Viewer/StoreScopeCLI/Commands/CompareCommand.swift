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
        options: [.flag("json", help: "Print the result as one JSON object.")],
        discussion: """
            The n-th actions of both sessions must be equal (store and value) and leave equal
            states; sequence numbers, times and reducer durations are ignored. The difference is
            printed -/+ (- only in A, + only in B). A state unknown on either side (after a drop
            or damage, until the next keyframe) is not compared.

            \(ExitStatus.discussion(no: "when the sessions diverge"))
            """)

    static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
        let paths = (arguments.positionals[0], arguments.positionals[1])
        guard let a = console.openTrace(paths.0), let b = console.openTrace(paths.1) else { return ExitStatus.unreadable }
        let result = SessionComparison.compare(ActionSteps(a.items()), ActionSteps(b.items()))
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

    func text() -> String {
        var lines: [String] = []
        switch result.divergence {
        case nil:
            lines.append("equal: \(result.actionsCompared) actions, the same actions and states")
        case let .action(index, a, b):
            lines.append("diverge at action \(index + 1) (A #\(a.seq), B #\(b.seq)): the actions differ")
            if a.store != b.store { lines += ["- store \(a.store)", "+ store \(b.store)"] }
            lines.append(DiffRendering.render(from: a.action, to: b.action))
        case let .state(index, a, b):
            lines.append("diverge at action \(index + 1) (A #\(a.action.seq), B #\(b.action.seq)): \(Self.actionText(a.action)) left different states in \(a.action.store)")
            if let stateA = a.state, let stateB = b.state { lines.append(DiffRendering.render(from: stateA, to: stateB)) }
        case let .length(index, extra, inA):
            lines.append("diverge after action \(index): only \(inA ? "A" : "B") goes on, with #\(extra.seq) \(Self.actionText(extra))")
        }
        if result.unknownStates > 0 {
            lines.append("note: \(result.unknownStates) states were unknown (after a drop or damage) and not compared")
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
        json.key("schemasDiffer")
        json.bool(schemasDiffer)
        switch result.divergence {
        case nil:
            break
        case let .action(index, a, b):
            json.field("divergence", "action")
            json.field("index", UInt64(index))
            side("a", a, state: nil, to: &json)
            side("b", b, state: nil, to: &json)
            json.field("diff", DiffRendering.render(from: a.action, to: b.action))
        case let .state(index, a, b):
            json.field("divergence", "state")
            json.field("index", UInt64(index))
            side("a", a.action, state: a.state, to: &json)
            side("b", b.action, state: b.state, to: &json)
            if let stateA = a.state, let stateB = b.state { json.field("diff", DiffRendering.render(from: stateA, to: stateB)) }
        case let .length(index, extra, inA):
            json.field("divergence", "length")
            json.field("index", UInt64(index))
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
        if let state {
            json.key("state")
            state.writeJSON(to: &json)
        }
        json.endObject()
    }

    static func actionText(_ action: ActionRecord) -> String {
        action.action.qualifiedDescription
    }
}
