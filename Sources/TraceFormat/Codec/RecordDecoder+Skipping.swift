/// Checking a value tree without building it: what a selective read
/// (``TraceReader/records(in:keeping:)``) does with the records it does not keep.
///
/// Every check of ``RecordDecoder/value(depth:)`` is made here in the same order: the depth
/// limit, the item budget (one item per node, counts against what is left), each kind byte,
/// each string index against the chunk's table, each count against the bytes that remain,
/// each truncation reason. So a chunk that a full read refuses is refused by a selective read
/// too, and the reader reports the same damage either way (`SelectiveReadTests` compare the
/// two on damaged chunks). What it leaves out is only the building: no strings, arrays or
/// enum payloads are made, which is most of a full read's cost.
extension RecordDecoder {
    /// Reads past one value tree, checking it as ``value(depth:)`` would.
    mutating func skipValue(depth: Int) throws(TraceError) {
        try skipValue(of: try valueKind(depth: depth), depth: depth)
    }

    /// Reads past what a value of `kind` holds after its kind byte, checking it as
    /// ``value(depth:)`` would.
    mutating func skipValue(of kind: TraceValue.Kind, depth: Int) throws(TraceError) {
        switch kind {
        case .structure:
            try skipName()
            try skipFields(depth: depth)
        case .object:
            try skipName()
            _ = try reader.readVarint()
            try skipFields(depth: depth)
        case .reference:
            try skipName()
            _ = try reader.readVarint()
        case .enumeration:
            try skipName()
            try skipName()
            try skipFields(depth: depth)
        case .none, .redacted:
            try skipName()
        case .some:
            try skipValue(depth: depth + 1)
        case .array, .set:
            let count = try reader.readCount()
            guard count <= itemsLeft else { throw TraceLimits.tooManyItems }
            for _ in 0..<count { try skipValue(depth: depth + 1) }
        case .dictionary:
            let count = try reader.readCount(minimumSize: 2)
            guard count <= itemsLeft / 2 else { throw TraceLimits.tooManyItems }
            for _ in 0..<count {
                try skipValue(depth: depth + 1)
                try skipValue(depth: depth + 1)
            }
        case .string, .data:
            _ = try reader.readBytes(try reader.readCount())
        case .int, .uint:
            _ = try reader.readVarint()
        case .double, .date:
            _ = try reader.readFixed(UInt64.self)
        case .boolFalse, .boolTrue:
            break
        case .scalar:
            try skipName()
            _ = try reader.readBytes(try reader.readCount())
        case .truncated:
            let reasonByte = try reader.readByte()
            guard TraceValue.Truncation.Reason(rawValue: reasonByte) != nil else {
                throw .malformed("unknown truncation reason \(reasonByte)")
            }
            try skipName()
            _ = try reader.readVarint()
        }
    }

    /// Reads past a string table index, checking it as ``name()`` does.
    mutating func skipName() throws(TraceError) {
        _ = try nameIndex()
    }

    mutating func skipFields(depth: Int) throws(TraceError) {
        let count = try reader.readCount(minimumSize: 2)
        guard count <= itemsLeft else { throw TraceLimits.tooManyItems }
        for _ in 0..<count {
            try skipName()
            try skipValue(depth: depth + 1)
        }
    }
}
