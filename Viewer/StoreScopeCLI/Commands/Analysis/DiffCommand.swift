import TraceAnalysis

/// `storescope diff FILE --from A --to B [--path P]`: the net change between two points.
enum DiffCommand: Command {
    static let spec = CommandSpec(
        name: "diff",
        abstract: "Show the net change of a store's state between two points, as -/+ lines.",
        arguments: [.init(name: "FILE", help: "The trace file.")],
        options: [
            .value("from", "POINT", help: "The earlier point: a sequence number, start (the default), end, or a time such as 1.5s."),
            .value("to", "POINT", help: "The later point (default: end)."),
            AnalysisInput.storeOption, AnalysisInput.pathOption, AnalysisInput.jsonOption,
        ],
        discussion: AnalysisInput.statusDiscussion)

    static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
        let from = arguments.value("from") == nil ? SessionPoint.start : try AnalysisInput.point(arguments, "from", spec: spec)
        let to = arguments.value("to") == nil ? SessionPoint.end : try AnalysisInput.point(arguments, "to", spec: spec)
        let pattern = try AnalysisInput.pathPattern(arguments, spec: spec)
        guard var input = AnalysisInput(arguments, console: console) else { return ExitStatus.unreadable }
        return input.answer { (input) throws(AnalysisFailure) in
            let store = try input.store(arguments)
            let (fromSeq, toSeq) = (try input.seq(from), try input.seq(to))
            let oldState = try input.session.state(of: store, after: fromSeq).known()
            let newState = try input.session.state(of: store, after: toSeq).known()
            let old = try input.value(at: pattern, in: oldState, store: store, seq: fromSeq)
            let new = try input.value(at: pattern, in: newState, store: store, seq: toSeq)
            var hidden = RedactedChanges(in: input.session, store: store, from: fromSeq, to: toSeq, old: oldState, new: newState)
            if let pattern { hidden = hidden.relative(to: pattern) }
            if arguments.has("json") {
                var json = JSONWriter()
                json.beginObject()
                json.field("store", store)
                json.field("from", fromSeq)
                json.field("to", toSeq)
                if let pattern { json.field("path", pattern.description) }
                json.key("ops")
                json.beginArray()
                for operation in StateChanges.operations(from: old, to: new, redactedChanges: hidden) { operation.writeJSON(to: &json) }
                json.endArray()
                json.endObject()
                console.line(json.text)
            } else {
                let place = pattern.map { " at \($0.description)" } ?? ""
                let rendered = DiffRendering.render(from: old, to: new, redactedChanges: hidden)
                console.line("\(store) from #\(fromSeq) to #\(toSeq)\(place):".sanitizedForTerminal)
                console.line(rendered.isEmpty ? "(no change)" : rendered)
            }
            return true
        }
    }
}
