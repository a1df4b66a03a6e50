extension Record {
    /// The record as one NDJSON line: an object with a `kind` member and the record's fields;
    /// values use ``TraceValue/writeJSON(to:)``. Times are nanoseconds since the session start
    /// (`t`), given `startMonotonicNanos`. A live listener names the record's session first
    /// (`session`, its tag).
    public func jsonLine(startMonotonicNanos: UInt64, session: String? = nil) -> String {
        var json = JSONWriter()
        json.beginObject()
        if let session { json.field("session", session) }
        func time(_ nanos: UInt64) { json.field("t", Int64(bitPattern: nanos &- startMonotonicNanos)) }
        func location(_ location: SourceLocation?) {
            if let location { json.field("location", location.description) }
        }
        switch self {
        case let .action(action):
            json.field("kind", "action")
            action.writeJSONFields(to: &json, startMonotonicNanos: startMonotonicNanos)
        case let .patch(patch):
            json.field("kind", "patch")
            json.field("seq", patch.seq)
            json.field("store", patch.store)
            json.key("ops")
            json.beginArray()
            for operation in patch.operations { operation.writeJSON(to: &json) }
            json.endArray()
        case let .stateNotRecorded(notRecorded):
            json.field("kind", "stateNotRecorded")
            json.field("seq", notRecorded.seq)
            json.field("store", notRecorded.store)
        case let .keyframe(keyframe):
            json.field("kind", "keyframe")
            json.field("seq", keyframe.seq)
            json.field("store", keyframe.store)
            json.key("state")
            keyframe.state.writeJSON(to: &json)
        case let .effectStarted(started):
            json.field("kind", "effectStarted")
            json.field("effect", started.effectID)
            json.field("name", started.name)
            json.field("store", started.store)
            if let parent = started.parentSeq { json.field("parentSeq", parent) }
            time(started.monotonicNanos)
            location(started.location)
        case let .effectEmitted(emitted):
            json.field("kind", "effectEmitted")
            json.field("effect", emitted.effectID)
            json.field("actionSeq", emitted.actionSeq)
            time(emitted.monotonicNanos)
        case let .effectEnded(ended):
            json.field("kind", "effectEnded")
            json.field("effect", ended.effectID)
            ended.outcome.writeJSON(to: &json)
            time(ended.monotonicNanos)
        case let .log(log):
            json.field("kind", "log")
            json.field("level", "\(log.level)")
            json.field("message", log.message)
            json.field("seq", log.seq)
            time(log.monotonicNanos)
        case let .dropped(dropped):
            json.field("kind", "dropped")
            json.field("count", dropped.count)
            json.field("firstSeq", dropped.firstSeq)
            json.field("lastSeq", dropped.lastSeq)
            time(dropped.monotonicNanos)
        case let .sessionEnded(ended):
            json.field("kind", "sessionEnded")
            time(ended.monotonicNanos)
            json.field("wallNanos", String(ended.wallNanos))
        }
        json.endObject()
        return json.text
    }
}

extension EffectEnded.Outcome {
    /// Writes `"outcome": "finished"|"cancelled"|"failed"` and, for a failure, `"error": message`.
    public func writeJSON(to json: inout JSONWriter) {
        switch self {
        case .finished: json.field("outcome", "finished")
        case .cancelled: json.field("outcome", "cancelled")
        case let .failed(message):
            json.field("outcome", "failed")
            json.field("error", message)
        }
    }
}

extension PatchOperation {
    /// Writes `{"op": ..., "path": ".a[1]", "steps": [...], "value"/"to": ...}`.
    public func writeJSON(to json: inout JSONWriter) {
        json.beginObject()
        switch self {
        case .set: json.field("op", "set")
        case .insert: json.field("op", "insert")
        case .remove: json.field("op", "remove")
        case .move: json.field("op", "move")
        }
        json.field("path", renderPath(path))
        json.key("steps")
        json.beginArray()
        for step in path {
            json.beginObject()
            switch step {
            case let .field(name): json.field("field", name)
            case let .index(index): json.field("index", Int64(index))
            case let .key(key):
                json.key("key")
                key.writeJSON(to: &json)
            case .some: json.key("some"); json.bool(true)
            }
            json.endObject()
        }
        json.endArray()
        switch self {
        case let .set(_, value), let .insert(_, value):
            json.key("value")
            value.writeJSON(to: &json)
        case .remove: break
        case let .move(_, to): json.field("to", Int64(to))
        }
        json.endObject()
    }
}

extension ActionRecord {
    /// The action's members of every JSON form that shows an action (`cat --json`, `log
    /// --json`, `blame --json`): `seq`, `store`, `t` (nanoseconds since the session start),
    /// `wallNanos` (a string of digits: nanoseconds since 1970 pass 2^53, which JSON parsers
    /// such as jq round), `reducerNanos`, `action`, and `effect` and `location` when known.
    public func writeJSONFields(to json: inout JSONWriter, startMonotonicNanos: UInt64) {
        json.field("seq", seq)
        json.field("store", store)
        json.field("t", Int64(bitPattern: monotonicNanos &- startMonotonicNanos))
        json.field("wallNanos", String(wallNanos))
        json.field("reducerNanos", reducerNanos)
        json.key("action")
        action.writeJSON(to: &json)
        if let effectID { json.field("effect", effectID) }
        if let location { json.field("location", location.description) }
    }
}
