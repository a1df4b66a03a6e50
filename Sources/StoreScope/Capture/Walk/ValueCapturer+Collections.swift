/// `Optional`, captured without reflection. Checked before any other cast, because casting an
/// optional held in `Any` to another protocol would look through it.
protocol _CapturedOptional {
    func _capture(with capturer: inout ValueCapturer, depth: Int) -> TraceValue
}

/// Arrays, dictionaries and sets, captured without reflection.
protocol _CapturedCollection {
    func _capture(with capturer: inout ValueCapturer, depth: Int) -> TraceValue
}

extension Optional: _CapturedOptional {
    /// `.none(type:)` with the wrapped type's name, or `.some` of the wrapped value at the
    /// same depth (an optional adds no nesting level).
    func _capture(with capturer: inout ValueCapturer, depth: Int) -> TraceValue {
        switch self {
        case .none: .none(type: TypeTraits.of(type: Wrapped.self).typeName)
        case let .some(wrapped): .some(capturer.capture(wrapped, depth: depth))
        }
    }
}

extension Array: _CapturedCollection {
    /// Elements of an exact type are captured where they are stored, others through an `Any`.
    func _capture(with capturer: inout ValueCapturer, depth: Int) -> TraceValue {
        let traits = TypeTraits.of(type: Element.self)
        guard traits.isExact else {
            return .array(capturer.captureList(count, elementType: traits.typeName, depth: depth) { self[$0] })
        }
        return withUnsafeBufferPointer { elements in
            .array(capturer.captureElements(
                at: UnsafeRawPointer(elements.baseAddress), count: elements.count, stride: MemoryLayout<Element>.stride,
                traits: traits, depth: depth))
        }
    }
}

extension Set: _CapturedCollection {
    func _capture(with capturer: inout ValueCapturer, depth: Int) -> TraceValue {
        .set(capturer.captureUnordered(map { $0 as Any }, elementType: TypeTraits.of(type: Element.self).typeName, depth: depth))
    }
}

extension Dictionary: _CapturedCollection {
    func _capture(with capturer: inout ValueCapturer, depth: Int) -> TraceValue {
        .dictionary(capturer.captureEntries(map { ($0.key, $0.value) }, valueType: TypeTraits.of(type: Value.self).typeName, depth: depth))
    }
}

extension ValueCapturer {
    /// The marker that replaces the elements of a collection past the limit.
    static func collectionMarker(elementType: String, omitted: Int) -> TraceValue {
        .truncated(.init(reason: .collection, type: elementType, omitted: UInt64(omitted)))
    }

    /// Captures the first ``CaptureOptions/maximumCollectionCount`` elements of an ordered
    /// collection (children at `depth + 1`), then a marker for the rest.
    mutating func captureList(_ count: Int, elementType: String, depth: Int, element: (Int) -> Any) -> [TraceValue] {
        let kept = Swift.min(count, options.maximumCollectionCount)
        var result: [TraceValue] = []
        result.reserveCapacity(kept + 1)
        for index in 0..<kept {
            if isExhausted {
                result.append(.truncated(.init(reason: .size, type: elementType, omitted: UInt64(count - index))))
                return result
            }
            result.append(capture(element(index), depth: depth + 1))
        }
        if count > kept { result.append(Self.collectionMarker(elementType: elementType, omitted: count - kept)) }
        return result
    }

    /// Captures set elements (see ``UnorderedCapture/elements(_:elementType:limit:capture:)``).
    mutating func captureUnordered(_ elements: [Any], elementType: String, depth: Int) -> [TraceValue] {
        UnorderedCapture.elements(elements, elementType: elementType, limit: options.maximumCollectionCount) {
            capture($0, depth: depth + 1)
        }
    }

    /// Captures dictionary entries (see ``UnorderedCapture/entries(_:valueType:options:capture:)``).
    mutating func captureEntries(_ pairs: [(key: Any, value: Any)], valueType: String, depth: Int) -> [TraceValue.DictionaryEntry] {
        UnorderedCapture.entries(pairs, valueType: valueType, options: options) { value, _ in
            capture(value, depth: depth + 1)
        }
    }
}
