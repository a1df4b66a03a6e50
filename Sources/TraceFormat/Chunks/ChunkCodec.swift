/// Turns a finished chunk body into framed bytes and back.
enum ChunkCodec {
    /// Decodes a chunk payload (string table followed by `recordCount` records).
    /// Refuses a payload that decodes to more than `itemLimit` items (``TraceLimits``).
    static func decodeRecords(
        _ payload: UnsafeRawBufferPointer, count: Int, itemLimit: Int = TraceLimits.maximumItemsPerChunk
    ) throws(TraceError) -> [Record] {
        var itemsUsed = 0
        return try decodeRecords(payload, count: count, itemLimit: itemLimit, itemsUsed: &itemsUsed)
    }

    /// Decodes as ``decodeRecords(_:count:itemLimit:)`` does, and says how many items of the
    /// budget the records took (what their memory is charged by).
    static func decodeRecords(
        _ payload: UnsafeRawBufferPointer, count: Int, itemLimit: Int, itemsUsed: inout Int
    ) throws(TraceError) -> [Record] {
        var records: [Record] = []
        itemsUsed = try decode(payload, count: count, itemLimit: itemLimit, keeping: nil, checked: { records.reserveCapacity($0) }) { records.append($1) }.items
        return records
    }

    /// Decodes as ``decodeRecords(_:count:itemLimit:)`` does, but builds each action's value
    /// only as far as its case (an enum case without its payload, a struct without its
    /// fields), checking the rest as fully; with what the records say about the chunk.
    static func decodeRecordsWithActionCases(
        _ payload: UnsafeRawBufferPointer, count: Int, itemLimit: Int = TraceLimits.maximumItemsPerChunk
    ) throws(TraceError) -> (records: [Record], summary: ChunkSummary) {
        var records: [Record] = []
        let decoded = try decode(
            payload, count: count, itemLimit: itemLimit, keeping: nil, actionsAsCases: true, checked: { records.reserveCapacity($0) }
        ) { records.append($1) }
        return (records, decoded.summary)
    }

    /// Decodes as ``decodeRecordsWithActionCases(_:count:itemLimit:)`` does (as
    /// ``decodeRecords(_:count:itemLimit:)`` does without `actionsAsCases`), but decodes each
    /// patch operation's value and keyframe's state straight into its shape, in `shapes` in
    /// record order, a placeholder in its place in the record: what following store sizes
    /// needs, without building the values. With `actionsAsCounts`, each action whose value is
    /// an enum case or a struct is read as a ``CountedAction`` into `counted`, not built as a
    /// record (``RecordDecoder/actionsAsCounts``): what counting actions by case needs.
    static func decodeRecordsWithStateShapes(
        _ payload: UnsafeRawBufferPointer, count: Int, actionsAsCases: Bool, actionsAsCounts: Bool = false,
        itemLimit: Int = TraceLimits.maximumItemsPerChunk
    ) throws(TraceError) -> (records: [Record], shapes: [ShapedValue], counted: CountedActions, summary: ChunkSummary) {
        var records: [Record] = []
        let decoded = try decode(
            payload, count: count, itemLimit: itemLimit, keeping: nil, actionsAsCases: actionsAsCases, actionsAsCounts: actionsAsCounts,
            statesAsShapes: true, checked: { records.reserveCapacity($0) }
        ) { records.append($1) }
        return (records, decoded.shapes, decoded.counted, decoded.summary)
    }

    /// Decodes the records of a chunk payload that `selection` keeps, each with its index
    /// among all the chunk's records; checks the others as ``decodeRecords(_:count:itemLimit:)``
    /// does, so it refuses exactly the payloads that refuses.
    static func decodeRecords(
        _ payload: UnsafeRawBufferPointer, count: Int, keeping selection: RecordSelection,
        itemLimit: Int = TraceLimits.maximumItemsPerChunk
    ) throws(TraceError) -> [(index: Int, record: Record)] {
        try decodeRecordsSummarized(payload, count: count, keeping: selection, itemLimit: itemLimit).records
    }

    /// Decodes as ``decodeRecords(_:count:keeping:itemLimit:)`` does, with what all the chunk's
    /// records say about it (the ones it did not build included), to verify its header.
    static func decodeRecordsSummarized(
        _ payload: UnsafeRawBufferPointer, count: Int, keeping selection: RecordSelection,
        itemLimit: Int = TraceLimits.maximumItemsPerChunk
    ) throws(TraceError) -> (records: [(index: Int, record: Record)], summary: ChunkSummary) {
        var records: [(index: Int, record: Record)] = []
        let decoded = try decode(payload, count: count, itemLimit: itemLimit, keeping: selection, checked: { _ in }) { records.append(($0, $1)) }
        return (records, decoded.summary)
    }

    /// Decodes every record of a chunk payload but the keyframes whose state has more than
    /// `limit` value nodes: those are checked as fully, never built, and described in
    /// `leftOut` (what a reader of actions wants of a chunk of large states).
    static func decodeRecords(
        _ payload: UnsafeRawBufferPointer, count: Int, leavingOutKeyframesOver limit: Int,
        itemLimit: Int = TraceLimits.maximumItemsPerChunk
    ) throws(TraceError) -> (records: [Record], leftOut: [LeftOutKeyframe], summary: ChunkSummary) {
        var records: [Record] = [], leftOut: [LeftOutKeyframe] = []
        let decoded = try decode(
            payload, count: count, itemLimit: itemLimit, keeping: nil, keyframeNodeLimit: limit, checked: { records.reserveCapacity($0) },
            leftOut: { keyframe in
                var keyframe = keyframe
                keyframe.position = records.count
                leftOut.append(keyframe)
            }
        ) { records.append($1) }
        return (records, leftOut, decoded.summary)
    }

    /// Decodes the records `selection` keeps (all when `nil`) and passes each to `body` with
    /// its index; `checked` is told the record count once it is known to be within bounds,
    /// `leftOut` each keyframe over `keyframeNodeLimit` nodes, which is not built; with
    /// `actionsAsCases`, actions' values are built only as far as their case; with
    /// `statesAsShapes`, patch values and keyframe states are decoded into their shapes; with
    /// `actionsAsCounts`, actions are read as ``CountedAction``s where they can be.
    ///
    /// - Returns: the items of `itemLimit` the payload took, what the records say about the
    ///   chunk (all of them, built or not), the shapes of the states (with `statesAsShapes`)
    ///   and the counted actions (with `actionsAsCounts`).
    private static func decode(
        _ payload: UnsafeRawBufferPointer, count: Int, itemLimit: Int, keeping selection: RecordSelection?,
        keyframeNodeLimit: Int? = nil, actionsAsCases: Bool = false, actionsAsCounts: Bool = false, statesAsShapes: Bool = false,
        checked: (Int) -> Void, leftOut: (LeftOutKeyframe) -> Void = { _ in }, _ body: (Int, Record) -> Void
    ) throws(TraceError) -> (items: Int, summary: ChunkSummary, shapes: [ShapedValue], counted: CountedActions) {
        var reader = ByteReader(payload)
        let strings = try StringTable.decode(from: &reader, itemLimit: itemLimit)
        var decoder = RecordDecoder(reader, strings: strings, itemLimit: itemLimit, selection: selection)
        decoder.keyframeNodeLimit = keyframeNodeLimit
        decoder.actionsAsCases = actionsAsCases
        decoder.actionsAsCounts = actionsAsCounts && selection == nil
        decoder.statesAsShapes = statesAsShapes
        guard count <= payload.count else { throw .malformed("\(count) records cannot fit in \(payload.count) bytes") }
        guard count <= decoder.itemsLeft else { throw TraceLimits.tooManyItems }
        checked(count)
        for index in 0..<count {
            if let record = try decoder.decodeRecord() {
                body(index, record)
            } else if let keyframe = decoder.leftOutKeyframe {
                leftOut(keyframe)
            }
        }
        guard decoder.reader.isAtEnd else { throw .malformed("\(decoder.reader.remaining) bytes after the last record") }
        let counted = CountedActions(actions: decoder.countedActions, strings: decoder.countedActions.isEmpty ? [] : strings)
        return (itemLimit - decoder.itemsLeft, decoder.summary, decoder.shapes, counted)
    }

    /// Verifies the stored bytes against the header and returns the raw payload.
    static func payload(
        header: ChunkHeader, stored: UnsafeRawBufferPointer, inflater: Inflater
    ) throws(TraceError) -> [UInt8] {
        guard CRC32.checksum(stored) == header.payloadCRC else { throw .malformed("chunk checksum mismatch") }
        guard Int(header.rawLength) <= TraceLimits.maximumChunkSize else {
            throw .malformed("chunk declares \(header.rawLength) raw bytes, more than \(TraceLimits.maximumChunkSize)")
        }
        if header.flags.contains(.compressed) {
            // Allocate only what these stored bytes could possibly expand to.
            guard Int(header.rawLength) <= stored.count * TraceLimits.maximumCompressionRatio else {
                throw .malformed("chunk declares \(header.rawLength) raw bytes, more than its \(stored.count) compressed bytes can hold")
            }
            return try inflater.decompress(stored, expectedSize: Int(header.rawLength))
        }
        guard stored.count == Int(header.rawLength) else { throw .malformed("stored and raw length differ") }
        return Array(stored)
    }
}
