/// Sorting and limiting of sets and dictionaries, shared by reflection capture and the
/// capture encoder so both record unordered collections identically and independently of the
/// process's hash seed.
enum UnorderedCapture {
    /// Captures set elements, sorts them by ``TraceValue/canonicalOrder(_:_:)`` and keeps the
    /// first `limit`, followed by a `.truncated(.collection)` marker for the rest.
    ///
    /// - Parameter capture: captures one element (at the children's depth).
    static func elements(
        _ elements: [Any], elementType: String, limit: Int, capture: (Any) throws -> TraceValue
    ) rethrows -> [TraceValue] {
        var result = try elements.map(capture)
        result.sort(by: TraceValue.canonicalOrder)
        if result.count > limit {
            let omitted = result.count - limit
            result.removeLast(omitted)
            result.append(ValueCapturer.collectionMarker(elementType: elementType, omitted: omitted))
        }
        return result
    }

    /// Captures dictionary entries sorted by their captured keys and keeps the first
    /// ``CaptureOptions/maximumCollectionCount``; one entry whose key and value are both the
    /// `.truncated(.collection)` marker stands for the rest (it sorts last). The value under a
    /// `String` key matching the redaction patterns is redacted.
    ///
    /// Distinct keys that capture alike (a key with a redacted field, two NaNs) keep one entry
    /// each, ordered by their captured values so the order does not depend on the hash seed.
    ///
    /// - Parameter capture: captures a key (`isKey` true) or a value (at the children's depth).
    static func entries(
        _ pairs: [(key: Any, value: Any)], valueType: String, options: CaptureOptions,
        capture: (_ value: Any, _ isKey: Bool) throws -> TraceValue
    ) rethrows -> [TraceValue.DictionaryEntry] {
        var keyed: [(key: TraceValue, index: Int)] = []
        keyed.reserveCapacity(pairs.count)
        for index in pairs.indices { keyed.append((try capture(pairs[index].key, true), index)) }
        keyed.sort { TraceValue.canonicalOrder($0.key, $1.key) }
        var values: [Int: TraceValue] = [:]
        func value(at index: Int, key: TraceValue) throws -> TraceValue {
            if let captured = values[index] { return captured }
            let value = pairs[index].value
            return redacts(key: key, options) ? ValueCapturer.redactedNode(for: value) : try capture(value, false)
        }
        // Runs of equal captured keys: captured values decide their order.
        var start = 0
        while start < keyed.count {
            var end = start + 1
            while end < keyed.count && TraceValue.compare(keyed[start].key, keyed[end].key) == 0 { end += 1 }
            if end - start > 1 {
                for (key, index) in keyed[start..<end] { values[index] = try value(at: index, key: key) }
                keyed[start..<end].sort { TraceValue.canonicalOrder(values[$0.index]!, values[$1.index]!) }
            }
            start = end
        }
        let kept = min(keyed.count, options.maximumCollectionCount)
        var result: [TraceValue.DictionaryEntry] = []
        result.reserveCapacity(kept + 1)
        for (key, index) in keyed.prefix(kept) {
            result.append(TraceValue.DictionaryEntry(key: key, value: try value(at: index, key: key)))
        }
        if keyed.count > kept {
            let marker = ValueCapturer.collectionMarker(elementType: valueType, omitted: keyed.count - kept)
            result.append(TraceValue.DictionaryEntry(key: marker, value: marker))
        }
        return result
    }

    /// Whether the value under this captured key is redacted (a `String` key matching a pattern).
    static func redacts(key: TraceValue, _ options: CaptureOptions) -> Bool {
        if case let .string(name) = key { return options.redaction.redacts(field: name) }
        return false
    }
}
