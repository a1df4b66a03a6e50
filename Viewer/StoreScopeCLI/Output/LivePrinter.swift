import TraceAnalysis

/// Prints a listener's events: each record as `storescope cat` prints it (text or NDJSON),
/// prefixed by its session's tag; sessions coming and going as lines of their own; refused
/// peers on standard error. Flushes after every batch, so lines appear as they arrive.
///
/// In NDJSON, a connection coming and going is `"kind":"connectionStarted"` and
/// `"kind":"connectionEnded"` (with `"end"`: `closed`, `hungUp`, `rejected`,
/// `listenerStopped`), never a record's kind: the app's own `sessionEnded` record is another
/// object. A connection that continues its session's earlier file (the app reconnected) says
/// `session reconnected`, and in NDJSON has `"continues":true`. A session's stores are named
/// as each registers (its first keyframe arrives): `store "inbox" registered`, in NDJSON
/// `"kind":"storeRegistered"` with `"store"`.
final class LivePrinter {
    private let console: Console
    private let json: Bool
    private let quiet: Bool
    /// Each session's line renderer, by connection number.
    private var renderers: [Int: RecordLine] = [:]
    /// How many of each session's stores were announced, by connection number.
    private var announcedStores: [Int: Int] = [:]

    init(console: Console, json: Bool, quiet: Bool = false) {
        self.console = console
        self.json = json
        self.quiet = quiet
    }

    func print(_ events: [LiveEvent]) {
        guard !events.isEmpty else { return }
        for event in events {
            switch event {
            case let .started(session):
                renderers[session.id] = RecordLine(startMonotonicNanos: session.header.startMonotonicNanos)
                announcedStores[session.id] = 0
                var text = "session started: app \"\(session.header.appName)\""
                if let path = session.recordingPath {
                    text = session.continuesRecording
                        ? "session reconnected: app \"\(session.header.appName)\", continuing \(path)"
                        : text + ", recording to \(path)"
                }
                announce(session, kind: "connectionStarted", continues: session.continuesRecording, text)
            case let .records(session, records):
                guard !quiet else { continue }
                // The stores are known as they register (their first keyframe), not at the start.
                let names = session.stores?.names ?? []
                for store in names.dropFirst(announcedStores[session.id] ?? 0) {
                    announce(session, kind: "storeRegistered", store: store, "store \"\(store)\" registered")
                }
                announcedStores[session.id] = names.count
                let start = session.header.startMonotonicNanos
                let lines = renderers[session.id] ?? RecordLine(startMonotonicNanos: start)
                for record in records {
                    console.line(json ? record.jsonLine(startMonotonicNanos: start, session: session.tag) : "[\(session.tag)] \(lines.text(record))")
                }
            case let .ended(session, end):
                renderers[session.id] = nil
                announcedStores[session.id] = nil
                switch end {
                case .closed: announce(session, kind: "connectionEnded", end: "closed", "app closed the session")
                case .listenerStopped: announce(session, kind: "connectionEnded", end: "listenerStopped", "listener stopped; session file completed")
                case let .hungUp(unfinished):
                    announce(session, kind: "connectionEnded", end: "hungUp", unfinished > 0 ? "app disconnected in the middle of a chunk (\(unfinished) bytes lost)" : "app disconnected")
                case let .rejected(reason):
                    console.error("[\(session.tag)] \(reason.sanitizedForTerminal)")
                    // Most reasons end by saying the connection was cut: said once.
                    announce(session, kind: "connectionEnded", end: "rejected", reason.contains("disconnected") ? reason : "disconnected: \(reason)")
                }
            case let .refused(reason):
                console.error("storescope listen: \(reason.sanitizedForTerminal)")
            case let .warning(session, message):
                console.error("[\(session.tag)] warning: \(message.sanitizedForTerminal)")
            }
        }
        console.flush()
    }

    private func announce(_ session: LiveSession, kind: String, end: String? = nil, store: String? = nil, continues: Bool = false, _ text: String) {
        if quiet {
            console.error("[\(session.tag)] \(text.sanitizedForTerminal)")
            return
        }
        guard json else {
            console.line("[\(session.tag)] \(text.sanitizedForTerminal)")
            return
        }
        var object = JSONWriter()
        object.beginObject()
        object.field("session", session.tag)
        object.field("kind", kind)
        if let end { object.field("end", end) }
        object.field("app", session.header.appName)
        if let store { object.field("store", store) }
        object.field("message", text)
        if let path = session.recordingPath { object.field("file", path) }
        if continues {
            object.key("continues")
            object.bool(true)
        }
        object.endObject()
        console.line(object.text)
    }
}
