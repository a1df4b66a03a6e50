/// Capture of values read where they are stored, for types whose every value has exactly the
/// static type (``TypeTraits/isExact``): the root of a capture, stored fields, enum payloads
/// and array elements. No value is boxed in an `Any` (a heap box for values over three words,
/// plus a lookup of the traits by dynamic type) unless its path needs one.
///
/// Each node is treated as ``ValueCapturer/capture(_:traits:depth:)`` treats it, in the same
/// order (node budget, scalars, depth limit, collections, layouts) and with the same node
/// count; anything without an in-place path is loaded into an `Any` and captured that way.
extension ValueCapturer {
    /// Captures `value` as the root of a tree (depth 0).
    mutating func capture<Value>(root value: Value) -> TraceValue {
        let traits = TypeTraits.of(type: Value.self)
        // An existential or a class may hold a value of another dynamic type.
        guard traits.isExact else { return capture(value, depth: 0) }
        return withUnsafePointer(to: value) { capture(at: UnsafeRawPointer($0), traits: traits, depth: 0) }
    }

    /// Captures the value of the exact type `traits` describes, stored at `address`, at `depth`.
    mutating func capture(at address: UnsafeRawPointer, traits: TypeTraits, depth: Int) -> TraceValue {
        if isExhausted { return .truncated(.init(reason: .size, type: traits.typeName)) }
        switch traits.path {
        case .scalar:
            countNode()
            return traits.scalarAt!(address, options.redaction)
        case .collection:
            countNode()
            if depth >= options.maximumDepth { return .truncated(.init(reason: .depth, type: traits.typeName)) }
            return traits.captureAt!(address, &self, depth)
        case .reflection:
            if let layout = traits.structLayout {
                countNode()
                if depth >= options.maximumDepth { return .truncated(.init(reason: .depth, type: traits.typeName)) }
                return .structure(
                    type: traits.typeName, fields: captureStoredFields(layout.fields, redaction: layout.redaction, of: address, depth: depth))
            }
            if let layout = traits.enumLayout, layout.readsInPlace, let entry = layout.knownCase(at: address) {
                countNode()
                if depth >= options.maximumDepth { return .truncated(.init(reason: .depth, type: traits.typeName)) }
                guard entry.hasPayload else { return .enumeration(type: traits.typeName, caseName: entry.name, payload: []) }
                let payload = layout.withPayload(of: address) { payload in
                    captureStoredFields(entry.fields, redaction: entry.redaction, of: payload, depth: depth)
                }
                return .enumeration(type: traits.typeName, caseName: entry.name, payload: payload)
            }
        default:
            break
        }
        return capture(ValueAddress.load(traits.type, at: address), traits: traits, depth: depth)
    }

    /// Captures the first ``CaptureOptions/maximumCollectionCount`` of the `count` elements of
    /// the exact type `traits` describes, stored contiguously from `base` (children at
    /// `depth + 1`), then a marker for the rest: ``captureList(_:elementType:depth:element:)``
    /// without boxing each element.
    mutating func captureElements(
        at base: UnsafeRawPointer?, count: Int, stride: Int, traits: TypeTraits, depth: Int
    ) -> [TraceValue] {
        let kept = Swift.min(count, options.maximumCollectionCount)
        var result: [TraceValue] = []
        result.reserveCapacity(kept + 1)
        if let base {
            for index in 0..<kept {
                if isExhausted {
                    result.append(.truncated(.init(reason: .size, type: traits.typeName, omitted: UInt64(count - index))))
                    return result
                }
                result.append(capture(at: base + index * stride, traits: traits, depth: depth + 1))
            }
        }
        if count > kept { result.append(Self.collectionMarker(elementType: traits.typeName, omitted: count - kept)) }
        return result
    }
}
