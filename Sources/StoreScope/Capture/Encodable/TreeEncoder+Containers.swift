/// The keyed container: each key becomes a structure field; keys matching the redaction
/// patterns are recorded as `.redacted`.
struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let encoder: TreeEncoder
    var codingPath: [any CodingKey] { encoder.codingPath }

    private func redacts(_ key: Key) -> Bool { encoder.options.redaction.redacts(field: key.stringValue) }

    mutating func encodeNil(forKey key: Key) throws {
        encoder.setField(key.stringValue, .value(.none(type: "Any")))
    }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        let node = redacts(key) ? ValueCapturer.redactedNode(for: value) : try encoder.boxed(value, at: codingPath + [key])
        encoder.setField(key.stringValue, .value(node))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        let child = encoder.nested(at: codingPath + [key], name: "Container")
        encoder.setField(key.stringValue, .nested(child, redacted: redacts(key)))
        return child.container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let child = encoder.nested(at: codingPath + [key], name: "Array")
        encoder.setField(key.stringValue, .nested(child, redacted: redacts(key)))
        return child.unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        let child = encoder.nested(at: codingPath + [IndexKey(stringValue: "super")], name: "super")
        encoder.setField("super", .nested(child, redacted: false))
        return child
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        let child = encoder.nested(at: codingPath + [key], name: "super")
        encoder.setField(key.stringValue, .nested(child, redacted: redacts(key)))
        return child
    }
}

/// The unkeyed container: elements of an `.array`, limited to
/// ``CaptureOptions/maximumCollectionCount`` plus a marker.
struct UnkeyedContainer: UnkeyedEncodingContainer {
    let encoder: TreeEncoder
    var codingPath: [any CodingKey] { encoder.codingPath }
    var count: Int { encoder.unkeyedCount }

    private var elementPath: [any CodingKey] { codingPath + [IndexKey(intValue: count)] }

    mutating func encodeNil() throws {
        encoder.appendElement { .value(.none(type: "Any")) }
    }

    mutating func encode<T: Encodable>(_ value: T) throws {
        let path = elementPath
        try encoder.appendElement { .value(try encoder.boxed(value, at: path)) }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let child = encoder.nested(at: elementPath, name: "Container")
        encoder.appendElement { .nested(child, redacted: false) }
        return child.container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let child = encoder.nested(at: elementPath, name: "Array")
        encoder.appendElement { .nested(child, redacted: false) }
        return child.unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        let child = encoder.nested(at: elementPath, name: "super")
        encoder.appendElement { .nested(child, redacted: false) }
        return child
    }
}

/// The single-value container: the encoder's whole tree is this one value.
struct SingleContainer: SingleValueEncodingContainer {
    let encoder: TreeEncoder
    var codingPath: [any CodingKey] { encoder.codingPath }

    mutating func encodeNil() throws {
        encoder.storage = .single(.none(type: "Any"))
    }

    mutating func encode<T: Encodable>(_ value: T) throws {
        // A single value stays at the encoder's own depth: it is the value, not a child.
        encoder.storage = .single(try TraceValueEncoder.box(value, options: encoder.options, depth: encoder.depth, codingPath: codingPath))
    }
}

/// The coding key of an unkeyed element, or of the `super` slot.
struct IndexKey: CodingKey {
    let intValue: Int?
    let stringValue: String
    init(intValue: Int) {
        self.intValue = intValue
        stringValue = String(intValue)
    }
    init(stringValue: String) {
        intValue = nil
        self.stringValue = stringValue
    }
}
