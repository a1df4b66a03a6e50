/// Encodes records into a chunk body while collecting the chunk's string table.
///
/// Records come whole (``encode(_:)``), or, for the recorder's scalar-only changes, as a patch
/// whose `set` operations its caller writes one by one (``encodePatch(seq:store:operationCount:operations:)``):
/// two ways into the same encoding, which writes the same bytes for the same change.
package struct RecordEncoder {
    var body = ByteWriter(capacity: 80 * 1024)
    var strings = StringTable()
    /// The most items the chunk may decode to (``TraceLimits/maximumItemsPerChunk``).
    let itemLimit: Int
    /// Records, operations, path steps and value nodes in ``body``, counted as a reader
    /// counts them (the string table's entries come on top).
    private(set) var items = 0
    /// `.truncated` nodes in the last record encoded.
    private(set) var recordTruncations = 0
    /// `.reference` nodes in the last record encoded (its values and its paths' keys).
    private(set) var recordReferences = 0
    /// Whether the last record was refused only for not fitting ``itemLimit`` beside the
    /// records already in the chunk.
    private(set) var exceededItemLimit = false

    /// Why the record being encoded cannot be represented, so that a reader would reject the
    /// whole chunk; `nil` while all is well.
    private var problem: String?
    /// The operations the patch record being encoded declared and has not written yet.
    private var patchOperationsLeft = 0

    init(itemLimit: Int = TraceLimits.maximumItemsPerChunk) {
        self.itemLimit = itemLimit
    }

    /// What was encoded as a chunk's payload (docs/FORMAT.md): the string table, then the
    /// records' bytes.
    func payload() -> ByteWriter {
        var payload = ByteWriter(capacity: body.count + 1024)
        strings.encode(into: &payload)
        payload.write(contentsOf: body)
        return payload
    }

    mutating func reset() {
        body.removeAll()
        strings.removeAll()
        items = 0
    }

    /// Appends one record, or, when a reader would reject it (a value nested deeper than
    /// ``TraceLimits/maximumDepth``, a negative or too large index, a path that is too long,
    /// a chunk over ``itemLimit``), leaves the chunk as it was and throws, so the other records
    /// of the chunk stay readable.
    ///
    /// - Throws: ``TraceError/malformed(_:)`` naming what cannot be represented.
    mutating func encode(_ record: Record) throws(TraceError) {
        try encodeChecked { $0.encodeUnchecked(record) }
    }

    /// Appends a patch record of `operationCount` operations, which `operations` writes with
    /// ``encodeSet(field:value:)``: the bytes ``encode(_:)`` writes for the record
    /// `.patch(StatePatch(seq:store:operations:))` of those operations, without building it.
    /// Refused as ``encode(_:)`` refuses a record; also when `operations` writes another number
    /// of operations than it declared.
    ///
    /// - Throws: ``TraceError/malformed(_:)`` naming what cannot be represented.
    package mutating func encodePatch(
        seq: UInt64, store: String, operationCount: Int, operations: (inout RecordEncoder) -> Void
    ) throws(TraceError) {
        try encodeChecked { encoder in
            encoder.items += 1
            encoder.patchHead(seq: seq, store: store, operationCount: operationCount)
            operations(&encoder)
            if encoder.patchOperationsLeft != 0 {
                encoder.problem = encoder.problem ?? "a patch declared \(operationCount) operations and wrote \(operationCount - encoder.patchOperationsLeft)"
            }
        }
    }

    /// Runs `encodeRecord`, which appends one record; leaves the chunk as it was and throws when
    /// the record cannot be represented (see ``encode(_:)``).
    @inline(__always)
    private mutating func encodeChecked(_ encodeRecord: (inout RecordEncoder) -> Void) throws(TraceError) {
        let start = body.count
        let stringsBefore = strings.strings.count
        let itemsBefore = items
        problem = nil
        exceededItemLimit = false
        recordTruncations = 0
        recordReferences = 0
        encodeRecord(&self)
        if problem == nil, items + strings.strings.count > itemLimit {
            exceededItemLimit = true
            problem = "its chunk would decode to more than \(itemLimit) items (names, records, operations, path steps, values)"
        }
        if let problem {
            self.problem = nil
            body.truncate(to: start)
            strings.removeStrings(after: stringsBefore)
            items = itemsBefore
            recordTruncations = 0
            recordReferences = 0
            throw .malformed("record not written: \(problem)")
        }
    }

    private mutating func encodeUnchecked(_ record: Record) {
        items += 1
        switch record {
        case let .action(action):
            body.write(RecordTag.action.rawValue)
            body.writeVarint(action.seq)
            name(action.store)
            body.writeVarint(action.monotonicNanos)
            body.writeSignedVarint(action.wallNanos)
            body.writeVarint(action.reducerNanos)
            body.write((action.effectID == nil ? 0 : 1) | (action.location == nil ? 0 : 2))
            if let effectID = action.effectID { body.writeVarint(effectID) }
            if let location = action.location { encode(location) }
            encode(action.action)
        case let .patch(patch):
            patchHead(seq: patch.seq, store: patch.store, operationCount: patch.operations.count)
            // Read where they are stored: `for operation in` copied each whole operation.
            for index in patch.operations.indices { encode(patch.operations[index]) }
        case let .stateNotRecorded(notRecorded):
            body.write(RecordTag.stateNotRecorded.rawValue)
            body.writeVarint(notRecorded.seq)
            name(notRecorded.store)
        case let .keyframe(keyframe):
            body.write(RecordTag.keyframe.rawValue)
            body.writeVarint(keyframe.seq)
            name(keyframe.store)
            encode(keyframe.state)
        case let .effectStarted(started):
            body.write(RecordTag.effectStarted.rawValue)
            body.writeVarint(started.effectID)
            name(started.name)
            name(started.store)
            body.write((started.parentSeq == nil ? 0 : 1) | (started.location == nil ? 0 : 2))
            if let parent = started.parentSeq { body.writeVarint(parent) }
            if let location = started.location { encode(location) }
            body.writeVarint(started.monotonicNanos)
        case let .effectEmitted(emitted):
            body.write(RecordTag.effectEmitted.rawValue)
            body.writeVarint(emitted.effectID)
            body.writeVarint(emitted.actionSeq)
            body.writeVarint(emitted.monotonicNanos)
        case let .effectEnded(ended):
            body.write(RecordTag.effectEnded.rawValue)
            body.writeVarint(ended.effectID)
            switch ended.outcome {
            case .finished: body.write(0)
            case .cancelled: body.write(1)
            case let .failed(message):
                body.write(2)
                body.writeString(message)
            }
            body.writeVarint(ended.monotonicNanos)
        case let .log(log):
            body.write(RecordTag.log.rawValue)
            body.write(log.level.rawValue)
            body.writeString(log.message)
            body.writeVarint(log.monotonicNanos)
            body.writeVarint(log.seq)
        case let .dropped(dropped):
            body.write(RecordTag.dropped.rawValue)
            body.writeVarint(dropped.count)
            body.writeVarint(dropped.firstSeq)
            body.writeVarint(dropped.lastSeq)
            body.writeVarint(dropped.monotonicNanos)
        case let .sessionEnded(ended):
            body.write(RecordTag.sessionEnded.rawValue)
            body.writeVarint(ended.monotonicNanos)
            body.writeSignedVarint(ended.wallNanos)
        }
    }

    /// A patch record's tag, seq, store and operation count: what precedes its operations.
    @inline(__always)
    private mutating func patchHead(seq: UInt64, store: String, operationCount: Int) {
        let store = strings.intern(store)
        body.write(atMost: 31) { head in
            head.byte(RecordTag.patch.rawValue)
            head.varint(seq)
            head.varint(store)
            head.varint(UInt64(operationCount))
        }
        patchOperationsLeft = operationCount
    }

    private mutating func name(_ string: String) {
        body.writeVarint(strings.intern(string))
    }

    private mutating func encode(_ location: SourceLocation) {
        name(location.file)
        body.writeVarint(UInt64(location.line))
    }

    @inline(__always)
    mutating func encode(_ operation: PatchOperation) {
        switch operation {
        case let .set(path, value):
            operationHead(.set)
            encode(path)
            encode(value)
        case let .insert(path, value):
            operationHead(.insert)
            encode(path)
            encode(value)
        case let .remove(path):
            operationHead(.remove)
            encode(path)
        case let .move(path, to):
            operationHead(.move)
            encode(path)
            index(to)
        }
    }

    /// Writes a patch's operation `.set(path: [.field(field)], value: value)`: a field of the
    /// root set, as ``encode(_:)-(PatchOperation)`` writes it.
    @inline(__always)
    package mutating func encodeSet(field: String, value: TraceValue) {
        let field = strings.intern(field)
        countOperation()
        countPath(steps: 1)
        body.write(atMost: 13) { head in
            head.byte(PatchTag.set.rawValue)
            head.varint(1)
            head.byte(PathTag.field.rawValue)
            head.varint(field)
        }
        encode(value)
    }

    /// Counts an operation of the patch being encoded and writes its tag.
    @inline(__always)
    private mutating func operationHead(_ tag: PatchTag) {
        countOperation()
        body.write(tag.rawValue)
    }

    /// Counts an operation of the patch being encoded.
    @inline(__always)
    private mutating func countOperation() {
        items += 1
        patchOperationsLeft -= 1
    }

    /// Writes an array index or move target, which readers accept up to `Int32.max`.
    private mutating func index(_ index: Int) {
        guard index >= 0 && index <= Int(Int32.max) else {
            problem = problem ?? "index \(index) outside 0...\(Int32.max)"
            body.writeVarint(0)
            return
        }
        body.writeVarint(UInt64(index))
    }

    private mutating func encode(_ path: [PathComponent]) {
        pathHead(steps: path.count)
        for index in path.indices {
            switch path[index] {
            case let .field(field):
                fieldStep(field)
            case let .index(position):
                body.write(PathTag.index.rawValue)
                self.index(position)
            case let .key(key):
                body.write(PathTag.key.rawValue)
                encode(key)
            case .some:
                body.write(PathTag.some.rawValue)
            }
        }
    }

    /// Writes the number of a path's steps, which readers accept up to ``TraceLimits/maximumDepth``.
    @inline(__always)
    private mutating func pathHead(steps: Int) {
        countPath(steps: steps)
        body.writeVarint(UInt64(steps))
    }

    /// Counts a path's steps, which readers accept up to ``TraceLimits/maximumDepth``.
    @inline(__always)
    private mutating func countPath(steps: Int) {
        if steps > TraceLimits.maximumDepth {
            problem = problem ?? "path of \(steps) steps is longer than \(TraceLimits.maximumDepth)"
        }
        items += steps
    }

    /// Writes a path's step into the field `field`.
    @inline(__always)
    private mutating func fieldStep(_ field: String) {
        body.write(PathTag.field.rawValue)
        name(field)
    }

    mutating func encode(_ value: TraceValue) {
        encode(value, depth: 0)
    }

    /// Writes `value`, which sits `depth` levels below the root of its tree (the root is 0,
    /// as in ``RecordDecoder``); stops descending past the depth readers accept.
    private mutating func encode(_ value: TraceValue, depth: Int) {
        guard depth < TraceLimits.maximumDepth else {
            problem = problem ?? "value nested deeper than \(TraceLimits.maximumDepth) levels"
            return
        }
        body.write(value.kind.rawValue)
        items += 1
        switch value {
        case let .structure(type, fields):
            name(type)
            encode(fields, depth: depth)
        case let .object(type, id, fields):
            name(type)
            body.writeVarint(id)
            encode(fields, depth: depth)
        case let .reference(type, id):
            recordReferences += 1
            name(type)
            body.writeVarint(id)
        case let .enumeration(type, caseName, payload):
            name(type)
            name(caseName)
            encode(payload, depth: depth)
        case let .none(type), let .redacted(type):
            name(type)
        case let .some(wrapped):
            encode(wrapped, depth: depth + 1)
        case let .array(elements), let .set(elements):
            body.writeVarint(UInt64(elements.count))
            for element in elements { encode(element, depth: depth + 1) }
        case let .dictionary(entries):
            body.writeVarint(UInt64(entries.count))
            for entry in entries {
                encode(entry.key, depth: depth + 1)
                encode(entry.value, depth: depth + 1)
            }
        case let .string(string):
            body.writeString(string)
        case let .int(value):
            body.writeSignedVarint(value)
        case let .uint(value):
            body.writeVarint(value)
        case let .double(value), let .date(value):
            body.writeFixed(value.bitPattern)
        case .bool:
            break
        case let .data(bytes):
            body.writeLengthPrefixed(bytes)
        case let .scalar(type, text):
            name(type)
            body.writeString(text)
        case let .truncated(truncation):
            recordTruncations += 1
            body.write(truncation.reason.rawValue)
            name(truncation.type)
            body.writeVarint(truncation.omitted)
        }
    }

    private mutating func encode(_ fields: [TraceValue.Field], depth: Int) {
        body.writeVarint(UInt64(fields.count))
        for field in fields {
            name(field.name)
            encode(field.value, depth: depth + 1)
        }
    }
}

/// Tag bytes of records in a chunk body.
enum RecordTag: UInt8 {
    case action = 1, patch = 2, keyframe = 3, effectStarted = 4, effectEmitted = 5
    case effectEnded = 6, log = 7, dropped = 8, sessionEnded = 9
    /// Needs ``IncompatibleFeatures/unrecordedStates`` in the file header.
    case stateNotRecorded = 10
}

/// Tag bytes of patch operations.
enum PatchTag: UInt8 {
    case set = 1, insert = 2, remove = 3, move = 4
}

/// Tag bytes of path components.
enum PathTag: UInt8 {
    case field = 1, index = 2, key = 3, some = 4
}
