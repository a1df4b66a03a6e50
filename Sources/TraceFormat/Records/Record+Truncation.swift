extension TraceValue {
    /// How many `.truncated` nodes the tree holds: the values a capture limit cut.
    public var truncatedValueCount: Int {
        switch self {
        case .truncated: 1
        case let .structure(_, fields), let .object(_, _, fields), let .enumeration(_, _, fields):
            fields.reduce(0) { $0 + $1.value.truncatedValueCount }
        case let .some(wrapped): wrapped.truncatedValueCount
        case let .array(elements), let .set(elements):
            elements.reduce(0) { $0 + $1.truncatedValueCount }
        case let .dictionary(entries):
            entries.reduce(0) { $0 + $1.key.truncatedValueCount + $1.value.truncatedValueCount }
        case .reference, .none, .string, .int, .uint, .double, .bool, .date, .data, .scalar, .redacted: 0
        }
    }
}

extension Record {
    /// How many values of the record a capture limit cut (`.truncated` nodes in its action,
    /// state, or patch values and keys), as the writer counted them in
    /// ``TraceWriter/truncatedValuesAppended``.
    public var truncatedValueCount: Int {
        switch self {
        case let .action(action): action.action.truncatedValueCount
        case let .keyframe(keyframe): keyframe.state.truncatedValueCount
        case let .patch(patch):
            patch.operations.reduce(0) { total, operation in
                var count = 0
                switch operation {
                case let .set(path, value), let .insert(path, value):
                    count = value.truncatedValueCount + path.truncatedValueCount
                case let .remove(path), let .move(path, _):
                    count = path.truncatedValueCount
                }
                return total + count
            }
        case .effectStarted, .effectEmitted, .effectEnded, .log, .dropped, .sessionEnded, .stateNotRecorded: 0
        }
    }
}

extension [PathComponent] {
    fileprivate var truncatedValueCount: Int {
        reduce(0) { total, component in
            if case let .key(key) = component { total + key.truncatedValueCount } else { total }
        }
    }
}
