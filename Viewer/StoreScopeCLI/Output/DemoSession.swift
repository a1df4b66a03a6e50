import TraceAnalysis

/// What a recorded demo session holds, tallied for display.
struct DemoSession {
    let records: [Record]
    /// The effects' lifetimes, as `storescope effects` collects them.
    private(set) var effects = EffectLifetimes()
    private(set) var actions = 0
    private(set) var finalStates: [(store: String, state: StateReplay.StoreState)] = []

    init(records: [Record]) {
        self.records = records
        var replay = StateReplay()
        for record in records {
            replay.apply(record)
            effects.add(record)
            if case .action = record { actions += 1 }
        }
        finalStates = replay.stores.keys.sorted().map { ($0, replay.stores[$0]!) }
    }

    private func count(_ outcome: String) -> Int { effects.lifetimes.count { $0.outcomeName == outcome } }

    var finished: Int { count("finished") }
    var cancelled: Int { count("cancelled") }
    var failed: Int { count("failed") }
    var open: Int { count("running") }

    /// The timeline (effect records indented under the actions), the effects, the final states
    /// and a summary.
    func render(to console: Console, lines: RecordLine, startNanos: UInt64, bytes: Int64) {
        console.line("")
        console.line("Timeline:")
        for record in records {
            switch record {
            case .effectStarted, .effectEmitted, .effectEnded: console.line(Self.clipped("    " + lines.text(record)))
            case .sessionEnded: continue
            default: console.line(Self.clipped("  " + lines.text(record)))
            }
        }
        console.line("")
        console.line("Effects:")
        let text = EffectText(startNanos: startNanos, traceEndNanos: effects.traceEndNanos, sessionEnded: effects.sessionEnded)
        for effect in effects.lifetimes { console.line("  " + text.line(effect)) }
        console.line("")
        console.line("Final state:")
        for (store, state) in finalStates {
            let value = state.value.map(\.description) ?? "unknown (records were lost)"
            console.line("  \(store) after #\(state.seq): \(value)".sanitizedForTerminal)
        }
        console.line("")
        console.line("Summary: \(actions) actions; \(effects.lifetimes.count) effects: \(finished) finished, \(cancelled) cancelled, \(failed) failed, \(open) open; \(bytes) bytes")
    }

    /// `line` cut to `width` characters with an ellipsis, so one big action or patch does not
    /// flood the timeline (`storescope cat` shows it whole). An action line keeps its tail
    /// (reducer time, emitting effect) and loses the middle of its value instead.
    static func clipped(_ line: String, width: Int = 160) -> String {
        guard line.count > width else { return line }
        if let tail = line.range(of: " (reducer ", options: .backwards) {
            let suffix = line[tail.lowerBound...]
            let room = width - suffix.count - 1
            if room > 40 { return line[..<tail.lowerBound].prefix(room) + "…" + suffix }
        }
        return line.prefix(width - 1) + "…"
    }

    /// The summary as one JSON object.
    func json(sample: String, path: String, bytes: Int64) -> String {
        var json = JSONWriter()
        json.beginObject()
        json.field("sample", sample)
        json.field("file", path)
        json.field("bytes", bytes)
        json.field("actions", UInt64(actions))
        json.key("effects")
        json.beginObject()
        json.field("started", UInt64(effects.lifetimes.count))
        json.field("finished", UInt64(finished))
        json.field("cancelled", UInt64(cancelled))
        json.field("failed", UInt64(failed))
        json.field("open", UInt64(open))
        json.endObject()
        json.key("finalState")
        json.beginObject()
        for (store, state) in finalStates {
            json.key(store)
            if let value = state.value { value.writeJSON(to: &json) } else { json.null() }
        }
        json.endObject()
        json.endObject()
        return json.text
    }
}
