/// Decodes the records of one chunk body, given the chunk's string table.
struct RecordDecoder {
    var reader: ByteReader
    let strings: [String]
    /// Items (records, patch operations, path steps, value nodes) the chunk may still decode
    /// to: bounds decoded memory by ``TraceLimits/maximumItemsPerChunk`` whatever the bytes say.
    private(set) var itemsLeft: Int

    /// What ``decodeRecord()`` builds (`nil`: everything).
    let selection: RecordSelection?
    /// Per string table entry, whether it names the selection's store: a record's store is
    /// then told by its index, without touching the string.
    private let isSelectedStore: [Bool]
    /// Whether an action's value is built only as far as its case (``actionCase(depth:)``):
    /// what a reader that groups actions by case needs of them.
    var actionsAsCases = false
    /// Whether an action whose value is an enum case or a struct is read as a
    /// ``CountedAction`` (collected in ``countedActions``), no record built for it and
    /// ``decodeRecord()`` returning `nil`, its location and fields checked as a full read
    /// checks them: what counting actions by case needs (with ``actionsAsCases``, which other
    /// actions are then built by). Only when every record is kept (``selection`` `nil`).
    var actionsAsCounts = false
    /// The actions read as ``CountedAction``s so far, with ``actionsAsCounts``.
    private(set) var countedActions: [CountedAction] = []
    /// Records ``decodeRecord()`` has started on: the index among the chunk's records of the
    /// one it decodes.
    private(set) var recordsRead = 0
    /// Whether patch values and keyframe states are decoded into their shapes
    /// (``shapedValue(depth:)``), collected in ``shapes`` in record order, a placeholder
    /// standing in each one's place in the record: what a reader that follows sizes needs.
    var statesAsShapes = false
    /// The shapes of the states built so far, with ``statesAsShapes``: each `set` and `insert`
    /// operation's value and each keyframe's state, in record order.
    private(set) var shapes: [ShapedValue] = []
    /// By string table index of a type name, the field names its last node decoded as a shape
    /// had (``shapedValue(depth:)``): the nodes of one type share one array of names.
    var fieldNames: [FieldNames?] = []
    /// By count, an array of that many leaves: the children of every node decoded as a shape
    /// whose children are all leaves share it (``shapedValue(depth:)``).
    var leafRuns: [[ValueShape]] = []
    /// The nodes alike among those decoded as shapes, one for all (``shapedValue(depth:)``).
    var sharedShapes = SharedShapes()

    /// A type's field names: their string table indices, and the names.
    struct FieldNames {
        var indices: [Int]
        var names: [String]
    }
    /// Keyframes whose state has more value nodes than this are checked and left out
    /// (``decodeRecord()`` returns `nil` and ``leftOutKeyframe`` says what it was); `nil`:
    /// every kept keyframe is built.
    var keyframeNodeLimit: Int?
    /// The keyframe the last ``decodeRecord()`` left out, if it did (its `position` unset).
    private(set) var leftOutKeyframe: LeftOutKeyframe?
    /// What the records decoded so far say about the chunk, those built and those only
    /// checked alike: a selective read verifies the chunk's header with it as a whole read does.
    private(set) var summary = ChunkSummary()

    /// - Parameters:
    ///   - itemLimit: the chunk's item budget, of which the string table has taken
    ///     `strings.count`.
    ///   - selection: which records ``decodeRecord()`` builds; `nil` for all of them.
    init(_ reader: ByteReader, strings: [String], itemLimit: Int = TraceLimits.maximumItemsPerChunk, selection: RecordSelection? = nil) {
        self.reader = reader
        self.strings = strings
        itemsLeft = itemLimit - strings.count
        self.selection = selection
        isSelectedStore = selection.map { selection in strings.map { $0 == selection.store } } ?? []
    }

    /// Takes `count` items from the budget before they are allocated.
    mutating func spend(_ count: Int) throws(TraceError) {
        guard count <= itemsLeft else { throw TraceLimits.tooManyItems }
        itemsLeft -= count
    }

    /// Decodes the next record when ``selection`` keeps it (every record when it is `nil`);
    /// parses and checks any other record as fully, building nothing, and returns `nil`.
    mutating func decodeRecord() throws(TraceError) -> Record? {
        leftOutKeyframe = nil
        try spend(1)
        recordsRead += 1
        let tagByte = try reader.readByte()
        guard let tag = RecordTag(rawValue: tagByte) else { throw .malformed("unknown record tag \(tagByte)") }
        let build = selection == nil
        // Whether the record is kept, given its store's name index.
        func keeps(storeAt index: Int?) -> Bool {
            build || selection!.keeps(tag, ofTheStore: index.map { isSelectedStore[$0] } ?? false)
        }
        switch tag {
        case .action:
            let seq = try reader.readVarint()
            let storeIndex = try nameIndex()
            let mono = try reader.readVarint()
            let wall = try reader.readSignedVarint()
            let reducer = try reader.readVarint()
            let flags = try reader.readByte()
            guard flags & ~3 == 0 else { throw .malformed("unknown action flags \(flags)") }
            let effectID = flags & 1 != 0 ? try reader.readVarint() : nil
            summary.noteAction(seq: seq, time: mono)
            let keep = keeps(storeAt: storeIndex)
            if build && actionsAsCounts, let counted = try countedAction(hasLocation: flags & 2 != 0) {
                countedActions.append(CountedAction(
                    position: recordsRead - 1, seq: seq, monotonicNanos: mono, reducerNanos: reducer, store: storeIndex,
                    type: counted.type, caseName: counted.caseName))
                return nil
            }
            let location = flags & 2 != 0 ? try location(building: keep) : nil
            let action = keep && actionsAsCases ? try actionCase(depth: 0) : try value(depth: 0, building: keep)
            guard keep else { return nil }
            let store = strings[storeIndex]
            return .action(ActionRecord(
                seq: seq, store: store, monotonicNanos: mono, wallNanos: wall, reducerNanos: reducer,
                action: action, effectID: effectID, location: location))
        case .patch:
            let seq = try reader.readVarint()
            let storeIndex = try nameIndex()
            let keep = keeps(storeAt: storeIndex)
            let count = try reader.readCount(minimumSize: 2)
            guard count <= itemsLeft else { throw TraceLimits.tooManyItems }
            var operations: [PatchOperation] = []
            if keep { operations.reserveCapacity(count) }
            for _ in 0..<count {
                let operation = try operation(building: keep)
                if keep { operations.append(operation) }
            }
            return keep ? .patch(StatePatch(seq: seq, store: strings[storeIndex], operations: operations)) : nil
        case .stateNotRecorded:
            let seq = try reader.readVarint()
            let storeIndex = try nameIndex()
            return keeps(storeAt: storeIndex) ? .stateNotRecorded(StateNotRecorded(seq: seq, store: strings[storeIndex])) : nil
        case .keyframe:
            summary.hasKeyframe = true
            let seq = try reader.readVarint()
            let storeIndex = try nameIndex()
            let keep = keeps(storeAt: storeIndex)
            if keep, let keyframeNodeLimit {
                // Checked first, building nothing; built only when small enough.
                let start = (reader: reader, itemsLeft: itemsLeft)
                _ = try value(depth: 0, building: false)
                let nodes = start.itemsLeft - itemsLeft
                if nodes > keyframeNodeLimit {
                    leftOutKeyframe = LeftOutKeyframe(
                        seq: seq, store: strings[storeIndex], nodes: nodes, bytes: reader.offset - start.reader.offset, position: 0)
                    return nil
                }
                (reader, itemsLeft) = start
            }
            let state = try state(building: keep)
            return keep ? .keyframe(Keyframe(seq: seq, store: strings[storeIndex], state: state)) : nil
        case .effectStarted:
            let id = try reader.readVarint()
            let effectName = try nameIndex()
            let storeIndex = try nameIndex()
            let keep = keeps(storeAt: storeIndex)
            let flags = try reader.readByte()
            guard flags & ~3 == 0 else { throw .malformed("unknown effect flags \(flags)") }
            let parent = flags & 1 != 0 ? try reader.readVarint() : nil
            let location = flags & 2 != 0 ? try location(building: keep) : nil
            let mono = try reader.readVarint()
            summary.time(mono)
            guard keep else { return nil }
            return .effectStarted(EffectStarted(
                effectID: id, name: strings[effectName], store: strings[storeIndex], parentSeq: parent, monotonicNanos: mono,
                location: location))
        case .effectEmitted:
            let record = EffectEmitted(
                effectID: try reader.readVarint(), actionSeq: try reader.readVarint(),
                monotonicNanos: try reader.readVarint())
            summary.time(record.monotonicNanos)
            return keeps(storeAt: nil) ? .effectEmitted(record) : nil
        case .effectEnded:
            let id = try reader.readVarint()
            let keep = keeps(storeAt: nil)
            let outcome: EffectEnded.Outcome
            switch try reader.readByte() {
            case 0: outcome = .finished
            case 1: outcome = .cancelled
            case 2: outcome = .failed(try string(building: keep))
            case let other: throw .malformed("unknown effect outcome \(other)")
            }
            let mono = try reader.readVarint()
            summary.time(mono)
            return keep ? .effectEnded(EffectEnded(effectID: id, outcome: outcome, monotonicNanos: mono)) : nil
        case .log:
            let levelByte = try reader.readByte()
            guard let level = LogRecord.Level(rawValue: levelByte) else { throw .malformed("unknown log level \(levelByte)") }
            let keep = keeps(storeAt: nil)
            let record = LogRecord(
                level: level, message: try string(building: keep), monotonicNanos: try reader.readVarint(),
                seq: try reader.readVarint())
            summary.time(record.monotonicNanos)
            return keep ? .log(record) : nil
        case .dropped:
            let record = DroppedRecords(
                count: try reader.readVarint(), firstSeq: try reader.readVarint(),
                lastSeq: try reader.readVarint(), monotonicNanos: try reader.readVarint())
            summary.hasDropped = true
            summary.time(record.monotonicNanos)
            return keeps(storeAt: nil) ? .dropped(record) : nil
        case .sessionEnded:
            let record = SessionEnded(monotonicNanos: try reader.readVarint(), wallNanos: try reader.readSignedVarint())
            summary.time(record.monotonicNanos)
            return keeps(storeAt: nil) ? .sessionEnded(record) : nil
        }
    }

    /// The next value built as far as its case, the rest checked as ``skipValue(depth:)``
    /// checks it: an enum case or a struct or class without its fields (its type and case
    /// names kept), an optional's wrapped value so far; any other value whole.
    private mutating func actionCase(depth: Int) throws(TraceError) -> TraceValue {
        let start = (reader: reader, itemsLeft: itemsLeft)
        switch try valueKind(depth: depth) {
        case .enumeration:
            let type = try name(), caseName = try name()
            try skipFields(depth: depth)
            return .enumeration(type: type, caseName: caseName, payload: [])
        case .structure:
            let type = try name()
            try skipFields(depth: depth)
            return .structure(type: type, fields: [])
        case .some:
            return .some(try actionCase(depth: depth + 1))
        default:
            (reader, itemsLeft) = start
            return try value(depth: depth)
        }
    }

    /// The rest of an action read as a ``CountedAction`` (``actionsAsCounts``): its location
    /// checked, its value's type and case name indices, its fields checked as
    /// ``actionCase(depth:)`` checks them. `nil`, the reader where it was, when the value is
    /// neither an enum case nor a struct.
    private mutating func countedAction(hasLocation: Bool) throws(TraceError) -> (type: Int, caseName: Int?)? {
        let start = (reader: reader, itemsLeft: itemsLeft)
        if hasLocation { _ = try location(building: false) }
        switch try valueKind(depth: 0) {
        case .enumeration:
            let type = try nameIndex(), caseName = try nameIndex()
            try skipFields(depth: 0)
            return (type, caseName)
        case .structure:
            let type = try nameIndex()
            try skipFields(depth: 0)
            return (type, nil)
        default:
            (reader, itemsLeft) = start
            return nil
        }
    }

    /// A length-prefixed string, or only its bounds checked when not `building`.
    private mutating func string(building: Bool) throws(TraceError) -> String {
        guard building else {
            _ = try reader.readBytes(try reader.readCount())
            return ""
        }
        return try reader.readString()
    }

    /// The next value tree, or when not `building`, the tree checked by ``skipValue(depth:)``
    /// and a placeholder in its place.
    private mutating func value(depth: Int, building: Bool) throws(TraceError) -> TraceValue {
        guard building else {
            try skipValue(depth: depth)
            return .bool(false)
        }
        return try value(depth: depth)
    }

    /// A keyframe's state or a patch operation's value: with ``statesAsShapes``, its shape,
    /// appended to ``shapes``, and the placeholder ``value(depth:building:)`` gives when not
    /// building in its place.
    private mutating func state(building: Bool) throws(TraceError) -> TraceValue {
        guard building && statesAsShapes else { return try value(depth: 0, building: building) }
        shapes.append(try shapedValue(depth: 0))
        return .bool(false)
    }

    mutating func name() throws(TraceError) -> String {
        strings[try nameIndex()]
    }

    /// The next string table index, checked against the table.
    mutating func nameIndex() throws(TraceError) -> Int {
        let index = try reader.readVarint()
        guard index < UInt64(strings.count) else {
            throw .malformed("string index \(index) outside the chunk's table of \(strings.count)")
        }
        return Int(index)
    }

    /// A source location; when not `building`, checked only (the result is a placeholder).
    private mutating func location(building: Bool) throws(TraceError) -> SourceLocation {
        let file = try nameIndex()
        let line = try reader.readVarint()
        guard line <= UInt64(UInt32.max) else { throw .malformed("line number \(line) too large") }
        return SourceLocation(file: building ? strings[file] : "", line: UInt32(line))
    }

    /// The next patch operation; when not `building`, checked only (the result is a placeholder).
    private mutating func operation(building: Bool) throws(TraceError) -> PatchOperation {
        try spend(1)
        let tagByte = try reader.readByte()
        guard let tag = PatchTag(rawValue: tagByte) else { throw .malformed("unknown patch operation \(tagByte)") }
        let path = try self.path(building: building)
        switch tag {
        case .set: return .set(path: path, value: try state(building: building))
        case .insert: return .insert(path: path, value: try state(building: building))
        case .remove: return .remove(path: path)
        case .move: return .move(path: path, to: try index())
        }
    }

    private mutating func index() throws(TraceError) -> Int {
        let raw = try reader.readVarint()
        guard raw <= UInt64(Int32.max) else { throw .malformed("index \(raw) too large") }
        return Int(raw)
    }

    private mutating func path(building: Bool) throws(TraceError) -> [PathComponent] {
        let count = try reader.readCount()
        guard count <= TraceLimits.maximumDepth else { throw .malformed("path of \(count) steps is deeper than \(TraceLimits.maximumDepth)") }
        try spend(count)
        var path: [PathComponent] = []
        if building { path.reserveCapacity(count) }
        for _ in 0..<count {
            let tagByte = try reader.readByte()
            switch PathTag(rawValue: tagByte) {
            case .field:
                if building { path.append(.field(try name())) } else { try skipName() }
            case .index:
                let i = try index()
                if building { path.append(.index(i)) }
            case .key:
                let key = try value(depth: 0, building: building)
                if building { path.append(.key(key)) }
            case .some:
                if building { path.append(.some) }
            case nil: throw .malformed("unknown path step \(tagByte)")
            }
        }
        return path
    }
}
