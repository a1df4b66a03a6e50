/// Captures an `Encodable` value through its `encode(to:)`, building the value tree directly.
///
/// Keyed containers become `.structure` named after the encoded type, unkeyed containers
/// `.array`, single values their leaf. Built-in scalars (`Date`, `URL`, `UUID`, numbers, ...),
/// ``TraceValueConvertible`` and ``Redacted`` values are recognised before their own
/// `encode(to:)` runs; dictionaries and sets keep their kind and canonical order. Coding keys
/// are redacted like field names, and the depth and collection limits apply.
struct TraceValueEncoder {
    /// The limits and redaction in force.
    let options: CaptureOptions
    /// The depth of the value being encoded.
    let depth: Int

    /// Encodes `value` into a tree.
    ///
    /// - Throws: whatever the value's `encode(to:)` throws.
    func encode(_ value: any Encodable) throws -> TraceValue {
        let encoder = TreeEncoder(options: options, depth: depth, codingPath: [], typeName: TypeNames.name(ofValue: value))
        try value.encode(to: encoder)
        return encoder.result()
    }

    /// The tree of a value stored in a container of an encoder at `depth - 1`.
    static func box(_ value: any Encodable, options: CaptureOptions, depth: Int, codingPath: [any CodingKey]) throws -> TraceValue {
        if let optional = value as? any _EncodableOptional {
            guard let wrapped = optional._wrappedEncodable else { return .none(type: optional._wrappedTypeName) }
            return .some(try box(wrapped, options: options, depth: depth, codingPath: codingPath))
        }
        if let scalar = value as? any _CapturedScalar { return scalar._capturedScalar(redacting: options.redaction) }
        if let custom = value as? any TraceValueConvertible, !(options.revealsRedacted && value is any RevealableRedaction) {
            return custom.traceValue
        }
        if depth >= options.maximumDepth { return .truncated(.init(reason: .depth, type: TypeNames.name(ofValue: value))) }
        if let unordered = value as? any _EncodableUnordered {
            return try unordered._encodeTree(options: options, depth: depth) { element in
                try box(element, options: options, depth: depth + 1, codingPath: codingPath)
            }
        }
        let encoder = TreeEncoder(options: options, depth: depth, codingPath: codingPath, typeName: TypeNames.name(ofValue: value))
        try value.encode(to: encoder)
        return encoder.result()
    }
}

/// `Optional` seen through `Encodable`, so `.none`/`.some` survive the encoder.
protocol _EncodableOptional {
    var _wrappedEncodable: (any Encodable)? { get }
    var _wrappedTypeName: String { get }
}

extension Optional: _EncodableOptional where Wrapped: Encodable {
    var _wrappedEncodable: (any Encodable)? { self.map { $0 as any Encodable } }
    var _wrappedTypeName: String { TypeNames.name(of: Wrapped.self) }
}

/// Dictionaries and sets seen through `Encodable`: encoded as `.dictionary` and `.set` in
/// canonical order, not in hash order as their own `encode(to:)` would.
protocol _EncodableUnordered {
    func _encodeTree(options: CaptureOptions, depth: Int, box: (any Encodable) throws -> TraceValue) throws -> TraceValue
}

extension Dictionary: _EncodableUnordered where Key: Encodable, Value: Encodable {
    func _encodeTree(options: CaptureOptions, depth: Int, box: (any Encodable) throws -> TraceValue) throws -> TraceValue {
        let pairs = map { (key: $0.key as Any, value: $0.value as Any) }
        return .dictionary(try UnorderedCapture.entries(pairs, valueType: TypeNames.name(of: Value.self), options: options) { value, _ in
            try box(value as! any Encodable)  // keys and values are Key and Value, both Encodable
        })
    }
}

extension Set: _EncodableUnordered where Element: Encodable {
    func _encodeTree(options: CaptureOptions, depth: Int, box: (any Encodable) throws -> TraceValue) throws -> TraceValue {
        .set(try UnorderedCapture.elements(map { $0 as Any }, elementType: TypeNames.name(of: Element.self), limit: options.maximumCollectionCount) {
            try box($0 as! any Encodable)  // elements are Element, which is Encodable
        })
    }
}
