import TraceAnalysis

/// `storescope effects FILE`: every effect's lifetime, with the action that started it, the
/// actions it emitted and how it ended; effects still running at the end are flagged.
enum EffectsCommand: Command {
    static let spec = CommandSpec(
        name: "effects",
        abstract: "List effect lifetimes: parent action, emitted actions, outcome; flags effects that never ended.",
        arguments: [.init(name: "FILE", help: "The trace file to read.")],
        options: [
            .flag("running", help: "Only effects still running at the end of the trace (leaks)."),
            .flag("failed", help: "Only effects that failed."),
            .value("slower-than", "DUR", help: "Only effects that ran at least DUR (250us, 1.5ms, 2s)."),
            .flag("json", help: "Print NDJSON: one object per effect."),
        ],
        discussion: """
            Times are since the session start. An effect still running when the session ended
            is a leak; in a trace that was cut off (no orderly end) it may simply have been
            running. Exit status: 0 when the whole trace was read, 1 when part of it was damaged
            (the list then covers the readable part, and standard error says what is missing),
            2 when the file cannot be read.
            """)

    static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
        let minimum = try arguments.value("slower-than").map { (text) throws(UsageError) in
            try DurationArgument.nanos(text, option: "slower-than", command: spec)
        }
        let path = arguments.positionals[0]
        guard let reader = console.openTrace(path) else { return ExitStatus.unreadable }
        var effects = EffectLifetimes()
        console.readItems(of: reader, label: path) { effects.add($0) }
        let end = effects.traceEndNanos
        let shown = effects.lifetimes.filter { effect in
            (!arguments.has("running") || effect.isOpen) && (!arguments.has("failed") || effect.hasFailed)
                && (minimum.map { effect.duration(traceEndNanos: end) >= $0 } ?? true)
        }
        let text = EffectText(startNanos: reader.header.startMonotonicNanos, traceEndNanos: end, sessionEnded: effects.sessionEnded)
        if arguments.has("json") {
            for effect in shown { console.line(text.json(effect)) }
        } else {
            for effect in shown { console.line(text.line(effect)) }
            console.line(text.summary(effects.lifetimes, shown: shown.count))
        }
        if effects.unmatchedEvents > 0 {
            console.error("warning: \(effects.unmatchedEvents) effect events belong to effects whose start is missing from the trace")
        }
        return console.statusAfterReading(reader)
    }
}

/// How `effects` prints one lifetime.
struct EffectText {
    var startNanos: UInt64
    var traceEndNanos: UInt64
    var sessionEnded: Bool

    /// `effect 2 "SearchMiddleware" in search, started by #2 at +0.001234s, emitted #3, finished after 1.2ms`.
    func line(_ effect: EffectLifetime) -> String {
        var text = "effect \(effect.effectID) \"\(effect.name)\" in \(effect.store), started"
        if let parent = effect.parentSeq { text += " by #\(parent)" }
        text += " at \(RecordLine(startMonotonicNanos: startNanos).time(effect.startNanos))"
        if let location = effect.location { text += " (\(location))" }
        if !effect.emitted.isEmpty { text += ", emitted " + effect.emitted.map { "#\($0)" }.joined(separator: " ") }
        let duration = RecordLine.duration(effect.duration(traceEndNanos: traceEndNanos))
        switch effect.end?.outcome {
        case nil where effect.endMayBeMissing:
            text += ", no end recorded before a damaged part (its end may be in it; \(duration) at least)"
        case nil:
            text += sessionEnded
                ? ", LEAKED: still running when the session ended (\(duration))"
                : ", still running at the end of the trace (\(duration); the session did not end cleanly)"
        case .finished: text += ", finished after \(duration)"
        case .cancelled: text += ", cancelled after \(duration)"
        case let .failed(message): text += ", FAILED after \(duration): \(message)"
        }
        return text.sanitizedForTerminal
    }

    /// `6 effects: 4 finished, 1 cancelled, 1 failed, 0 running at the end`.
    func summary(_ all: [EffectLifetime], shown: Int) -> String {
        func count(_ outcome: String) -> Int { all.count { $0.outcomeName == outcome } }
        var text = "\(all.count) effects: \(count("finished")) finished, \(count("cancelled")) cancelled, "
            + "\(count("failed")) failed, \(count("running")) running at the end"
        if shown != all.count { text += " (\(shown) shown)" }
        return text
    }

    /// One NDJSON object; times are nanoseconds since the session start.
    func json(_ effect: EffectLifetime) -> String {
        var json = JSONWriter()
        json.beginObject()
        json.field("effect", effect.effectID)
        json.field("name", effect.name)
        json.field("store", effect.store)
        json.key("parentSeq")
        if let parent = effect.parentSeq { json.number(parent) } else { json.null() }
        if let location = effect.location { json.field("location", location.description) }
        json.field("start", Int64(bitPattern: effect.startNanos &- startNanos))
        json.key("end")
        if let end = effect.end { json.number(Int64(bitPattern: end.monotonicNanos &- startNanos)) } else { json.null() }
        json.field("durationNanos", effect.duration(traceEndNanos: traceEndNanos))
        json.field("outcome", effect.outcomeName)
        if case let .failed(message) = effect.end?.outcome { json.field("error", message) }
        json.key("emitted")
        json.beginArray()
        for seq in effect.emitted { json.number(seq) }
        json.endArray()
        json.key("leaked")
        json.bool(effect.isOpen && sessionEnded && !effect.endMayBeMissing)
        if effect.endMayBeMissing {
            json.key("endMayBeMissing")
            json.bool(true)
        }
        json.endObject()
        return json.text
    }
}
