/// Value trees (docs/FORMAT.md §7): a kind byte, then what the kind holds, nested no deeper
/// than the format's limit.
extension RecordDecoder {
    /// Reads a value's kind byte, checking the depth limit and spending the value's item: the
    /// start of ``value(depth:)`` and of ``skipValue(depth:)`` alike.
    @inline(__always)
    mutating func valueKind(depth: Int) throws(TraceError) -> TraceValue.Kind {
        guard depth < TraceLimits.maximumDepth else { throw .malformed("value nested deeper than \(TraceLimits.maximumDepth)") }
        try spend(1)
        let kindByte = try reader.readByte()
        guard let kind = TraceValue.Kind(rawValue: kindByte) else { throw .malformed("unknown value kind \(kindByte)") }
        return kind
    }

    mutating func value(depth: Int) throws(TraceError) -> TraceValue {
        let kind = try valueKind(depth: depth)
        switch kind {
        case .structure:
            return .structure(type: try name(), fields: try fields(depth: depth))
        case .object:
            let type = try name()
            let id = try reader.readVarint()
            return .object(type: type, id: id, fields: try fields(depth: depth))
        case .reference:
            return .reference(type: try name(), id: try reader.readVarint())
        case .enumeration:
            let type = try name()
            let caseName = try name()
            return .enumeration(type: type, caseName: caseName, payload: try fields(depth: depth))
        case .none:
            return .none(type: try name())
        case .some:
            return .some(try value(depth: depth + 1))
        case .array, .set:
            let count = try reader.readCount()
            guard count <= itemsLeft else { throw TraceLimits.tooManyItems }
            var elements: [TraceValue] = []
            elements.reserveCapacity(count)
            for _ in 0..<count { elements.append(try value(depth: depth + 1)) }
            return kind == .array ? .array(elements) : .set(elements)
        case .dictionary:
            let count = try reader.readCount(minimumSize: 2)
            guard count <= itemsLeft / 2 else { throw TraceLimits.tooManyItems }
            var entries: [TraceValue.DictionaryEntry] = []
            entries.reserveCapacity(count)
            for _ in 0..<count {
                let key = try value(depth: depth + 1)
                entries.append(.init(key: key, value: try value(depth: depth + 1)))
            }
            return .dictionary(entries)
        case .string:
            return .string(try reader.readString())
        case .int:
            return .int(try reader.readSignedVarint())
        case .uint:
            return .uint(try reader.readVarint())
        case .double:
            return .double(Double(bitPattern: try reader.readFixed(UInt64.self)))
        case .boolFalse:
            return .bool(false)
        case .boolTrue:
            return .bool(true)
        case .date:
            return .date(Double(bitPattern: try reader.readFixed(UInt64.self)))
        case .data:
            return .data(try reader.readLengthPrefixed())
        case .scalar:
            return .scalar(type: try name(), text: try reader.readString())
        case .redacted:
            return .redacted(type: try name())
        case .truncated:
            let reasonByte = try reader.readByte()
            guard let reason = TraceValue.Truncation.Reason(rawValue: reasonByte) else {
                throw .malformed("unknown truncation reason \(reasonByte)")
            }
            return .truncated(.init(reason: reason, type: try name(), omitted: try reader.readVarint()))
        }
    }

    mutating func fields(depth: Int) throws(TraceError) -> [TraceValue.Field] {
        let count = try reader.readCount(minimumSize: 2)
        guard count <= itemsLeft else { throw TraceLimits.tooManyItems }
        var fields: [TraceValue.Field] = []
        fields.reserveCapacity(count)
        for _ in 0..<count {
            let fieldName = try name()
            fields.append(.init(fieldName, try value(depth: depth + 1)))
        }
        return fields
    }
}
