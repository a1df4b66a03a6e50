import TraceAnalysis

/// How one effect lifetime is printed, by `effects` and by `demo`.
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
        if !effect.emitted.isEmpty { text += ", emitted " + Self.seqs(effect.emitted) }
        let duration = RecordLine.duration(effect.duration(traceEndNanos: traceEndNanos))
        switch effect.end?.outcome {
        case nil where effect.endMayBeMissing:
            text += ", no end: records were lost while it ran (its end may be among them; \(duration) at least)"
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

    /// The actions an effect emitted, runs of consecutive seqs as ranges (`#3 #5…#9`); past
    /// ``mostRuns`` runs, the count, the first runs and the last (`312 actions, #3 #5…#9 … #900`).
    /// A polling effect emits hundreds, and `--json` lists every one.
    static func seqs(_ seqs: [UInt64]) -> String {
        var runs: [ClosedRange<UInt64>] = []
        for seq in seqs {
            if let last = runs.last, seq == last.upperBound &+ 1 {
                runs[runs.count - 1] = last.lowerBound...seq
            } else {
                runs.append(seq...seq)
            }
        }
        func text(_ run: ClosedRange<UInt64>) -> String {
            run.count == 1 ? "#\(run.lowerBound)" : "#\(run.lowerBound)…#\(run.upperBound)"
        }
        guard runs.count > mostRuns else { return runs.map(text).joined(separator: " ") }
        return "\(seqs.count) actions, " + runs.prefix(mostRuns - 2).map(text).joined(separator: " ") + " … "
            + runs.suffix(2).map(text).joined(separator: " ")
    }

    /// The most runs of emitted seqs a line lists in full.
    static let mostRuns = 8

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
        json.bool(effect.isLeaked(sessionEnded: sessionEnded))
        if effect.endMayBeMissing {
            json.key("endMayBeMissing")
            json.bool(true)
        }
        json.endObject()
        return json.text
    }
}
