/// Converts a session into the Chrome trace event format (JSON), which Perfetto
/// (ui.perfetto.dev) and chrome://tracing load. Streams: feed records with ``add(_:)`` and
/// each call returns the event lines ready to write; memory stays bounded on any trace.
///
/// The mapping (pid 1 is the session, each store is a thread track named after it):
/// - an action is an instant event (`ph: "i"`) named `Type.case`, with its seq and value;
/// - its reducer time is a complete slice (`ph: "X"`) starting at the action;
/// - an effect is an async span (`ph: "b"` ... `"e"`, id `effect-N`); one still running at
///   the end of the trace ends there with `"leaked": true` (or `"open"` when the session did
///   not end cleanly), and its start is marked by a short slice on the store's track;
/// - flows (`ph: "s"` then `"f"`) link the action that started an effect to the effect's
///   start, and the effect's start to each action it emitted;
/// - drops and logs are instants; the session end is a global instant.
///
/// Times (`ts`, `dur`) are microseconds since the session start.
public struct ChromeTraceExport: Sendable {
    private let startNanos: UInt64
    private var storeTracks: [String: Int] = [:]
    private var openEffects: [UInt64: (name: String, track: Int, startNanos: UInt64)] = [:]
    /// Recent actions' (time, track) by seq, to anchor flows; bounded.
    private var recentActions: [UInt64: (nanos: UInt64, track: Int)] = [:]
    private var recentOrder: [UInt64] = []
    private var recentCursor = 0
    /// Flows whose emitted action has not been read yet: seq -> flow ids.
    private var waitingFlows: [UInt64: [UInt64]] = [:]
    private var nextFlowID: UInt64 = 1
    private var traceEndNanos: UInt64 = 0
    private var sessionEnded = false

    /// How many recent actions are remembered to anchor flows.
    static let recentCapacity = 4096

    /// An exporter for a session that started at `startMonotonicNanos`.
    public init(startMonotonicNanos: UInt64) {
        startNanos = startMonotonicNanos
    }

    /// The text before the first event: the object's metadata and the array's opening.
    public func prologue(header: SessionHeader) -> String {
        var json = JSONWriter()
        json.beginObject()
        json.field("session", header.sessionIDString)
        json.field("app", header.appName)
        json.endObject()
        return "{\"displayTimeUnit\":\"ms\",\"otherData\":\(json.text),\"traceEvents\":[\n"
            + event("M", name: "process_name", nanos: startNanos, track: 0) { $0.key("args"); Self.object(&$0, ["name": header.appName]) }
    }

    /// The event lines for one item: a record's, or for a gap a global instant saying records
    /// are missing there. Each line starts with the comma that separates it.
    public mutating func add(_ item: SourceItem) -> [String] {
        switch item {
        case let .record(record):
            return add(record)
        case .gap:
            return [event("i", name: "damaged part: records missing", category: "damage", nanos: max(traceEndNanos, startNanos), track: 0) { $0.field("s", "g") }]
        }
    }

    /// The event lines for one record (each starts with the comma that separates it).
    public mutating func add(_ record: Record) -> [String] {
        if let time = record.monotonicNanos { traceEndNanos = max(traceEndNanos, time) }
        var events: [String] = []
        switch record {
        case let .action(action):
            let track = self.track(action.store, into: &events)
            let name = SessionStats.caseName(of: action.action)
            events.append(event("i", name: name, category: "action", nanos: action.monotonicNanos, track: track) { json in
                json.field("s", "t")
                json.key("args")
                json.beginObject()
                json.field("seq", action.seq)
                json.field("action", action.action.qualifiedDescription)
                if let effect = action.effectID { json.field("effect", effect) }
                json.endObject()
            })
            events.append(event("X", name: "reduce " + name, category: "reducer", nanos: action.monotonicNanos, track: track) { json in
                json.key("dur")
                json.number(Double(action.reducerNanos) / 1000)
                json.key("args")
                json.beginObject()
                json.field("seq", action.seq)
                json.endObject()
            })
            remember(action.seq, nanos: action.monotonicNanos, track: track)
            for flow in waitingFlows.removeValue(forKey: action.seq) ?? [] {
                events.append(flowEnd(flow, nanos: action.monotonicNanos, track: track))
            }
        case let .effectStarted(started):
            let track = self.track(started.store, into: &events)
            openEffects[started.effectID] = (started.name, track, started.monotonicNanos)
            events.append(event("b", name: started.name, category: "effect", nanos: started.monotonicNanos, track: track) { json in
                json.field("id", "effect-\(started.effectID)")
                json.key("args")
                json.beginObject()
                json.field("effect", started.effectID)
                if let parent = started.parentSeq { json.field("parentSeq", parent) }
                if let location = started.location { json.field("location", location.description) }
                json.endObject()
            })
            events.append(event("X", name: "start " + started.name, category: "effect", nanos: started.monotonicNanos, track: track) { json in
                json.key("dur")
                json.number(1.0)
            })
            if let parent = started.parentSeq, let anchor = recentActions[parent] {
                let flow = newFlow()
                events.append(flowStart(flow, nanos: anchor.nanos, track: anchor.track))
                events.append(flowEnd(flow, nanos: started.monotonicNanos, track: track))
            }
        case let .effectEmitted(emitted):
            guard let effect = openEffects[emitted.effectID] else { break }
            let flow = newFlow()
            events.append(flowStart(flow, nanos: effect.startNanos, track: effect.track))
            if let anchor = recentActions[emitted.actionSeq] {
                events.append(flowEnd(flow, nanos: anchor.nanos, track: anchor.track))
            } else {
                waitingFlows[emitted.actionSeq, default: []].append(flow)
            }
        case let .effectEnded(ended):
            guard let effect = openEffects.removeValue(forKey: ended.effectID) else { break }
            events.append(effectEnd(ended.effectID, effect, nanos: ended.monotonicNanos) { ended.outcome.writeJSON(to: &$0) })
        case let .dropped(dropped):
            events.append(event("i", name: "dropped \(dropped.count) actions", category: "dropped", nanos: dropped.monotonicNanos, track: 0) { json in
                json.field("s", "p")
                json.key("args")
                json.beginObject()
                json.field("firstSeq", dropped.firstSeq)
                json.field("lastSeq", dropped.lastSeq)
                json.endObject()
            })
        case let .log(log):
            events.append(event("i", name: log.message, category: "log", nanos: log.monotonicNanos, track: 0) { json in
                json.field("s", "p")
                json.key("args")
                json.beginObject()
                json.field("level", "\(log.level)")
                // A number, as every seq in every export (issue 19, item 24).
                json.field("afterSeq", log.seq)
                json.endObject()
            })
        case let .sessionEnded(ended):
            sessionEnded = true
            events.append(event("i", name: "session ended", category: "session", nanos: ended.monotonicNanos, track: 0) { json in
                json.field("s", "g")
            })
        case .patch, .keyframe, .stateNotRecorded:
            break
        }
        return events
    }

    /// The last lines: ends of effects still running (at the end of the trace) and the
    /// closing of the array and object. Flows whose emitted action never appeared end at the
    /// effect's span end.
    public mutating func finish() -> [String] {
        var events: [String] = []
        for (id, effect) in openEffects.sorted(by: { $0.key < $1.key }) {
            events.append(effectEnd(id, effect, nanos: max(traceEndNanos, effect.startNanos)) { json in
                json.field("outcome", "running")
                json.key(sessionEnded ? "leaked" : "open")
                json.bool(true)
            })
        }
        for (_, flows) in waitingFlows.sorted(by: { $0.key < $1.key }) {
            for flow in flows { events.append(flowEnd(flow, nanos: traceEndNanos, track: 0)) }
        }
        openEffects = [:]
        waitingFlows = [:]
        return events + ["\n]}"]
    }

    // MARK: - Events

    private mutating func track(_ store: String, into events: inout [String]) -> Int {
        if let track = storeTracks[store] { return track }
        let track = storeTracks.count + 1
        storeTracks[store] = track
        events.append(event("M", name: "thread_name", nanos: startNanos, track: track) { json in
            json.key("args")
            Self.object(&json, ["name": "store \(store)"])
        })
        return track
    }

    private mutating func remember(_ seq: UInt64, nanos: UInt64, track: Int) {
        if recentOrder.count < Self.recentCapacity {
            recentOrder.append(seq)
        } else {
            recentActions[recentOrder[recentCursor]] = nil
            recentOrder[recentCursor] = seq
            recentCursor = (recentCursor + 1) % Self.recentCapacity
        }
        recentActions[seq] = (nanos, track)
    }

    private mutating func newFlow() -> UInt64 {
        defer { nextFlowID += 1 }
        return nextFlowID
    }

    private func flowStart(_ id: UInt64, nanos: UInt64, track: Int) -> String {
        event("s", name: "flow", category: "flow", nanos: nanos, track: track) { $0.field("id", id) }
    }

    private func flowEnd(_ id: UInt64, nanos: UInt64, track: Int) -> String {
        event("f", name: "flow", category: "flow", nanos: nanos, track: track) { json in
            json.field("id", id)
            json.field("bp", "e")
        }
    }

    private func effectEnd(
        _ id: UInt64, _ effect: (name: String, track: Int, startNanos: UInt64), nanos: UInt64, args: (inout JSONWriter) -> Void
    ) -> String {
        event("e", name: effect.name, category: "effect", nanos: nanos, track: effect.track) { json in
            json.field("id", "effect-\(id)")
            json.key("args")
            json.beginObject()
            args(&json)
            json.endObject()
        }
    }

    /// One event object with the members every event has, on its own line after a comma
    /// (the first event has none).
    private func event(
        _ phase: String, name: String, category: String? = nil, nanos: UInt64, track: Int, _ extra: (inout JSONWriter) -> Void
    ) -> String {
        var json = JSONWriter()
        json.beginObject()
        json.field("ph", phase)
        json.field("name", name)
        if let category { json.field("cat", category) }
        json.key("ts")
        json.number(Double(Int64(bitPattern: nanos &- startNanos)) / 1000)
        json.field("pid", UInt64(1))
        json.field("tid", UInt64(track))
        extra(&json)
        json.endObject()
        return (phase == "M" && name == "process_name" ? "" : ",\n") + json.text
    }

    private static func object(_ json: inout JSONWriter, _ members: KeyValuePairs<String, String>) {
        json.beginObject()
        for (key, value) in members { json.field(key, value) }
        json.endObject()
    }
}
