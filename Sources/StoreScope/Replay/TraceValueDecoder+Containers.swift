/// A keyed container over a struct's or class's fields, an enum case (one key: the case name),
/// an enum payload, or a dictionary.
struct KeyedTreeContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let codingPath: [any CodingKey]
    /// The fields as recorded (a struct's are taken as they are: copying them into another
    /// array per struct was a tenth of decoding a large state).
    private let entries: [TraceValue.Field]
    private let decoder: TreeDecoding

    init(value: TraceValue, codingPath: [any CodingKey]) throws {
        self.codingPath = codingPath
        decoder = TreeDecoding(value: value, codingPath: codingPath)
        try TreeDecoding.refuseUnreadable(value, path: codingPath)
        switch value {
        case let .structure(_, fields), let .object(_, _, fields):
            entries = fields
        case let .enumeration(type, caseName, payload):
            // The case is the only key; its value is the payload, decoded by the nested container.
            entries = [TraceValue.Field(caseName, .structure(type: "\(type).\(caseName)", fields: Self.payloadFields(payload)))]
        case let .dictionary(pairs):
            entries = pairs.map { TraceValue.Field(Self.keyText($0.key), $0.value) }
        default:
            throw DecodingError.typeMismatch(
                [String: Any].self, .init(codingPath: codingPath, debugDescription: "expected a struct, enum or dictionary, found \(value.shortDescription)"))
        }
    }

    /// Unlabeled associated values are `_0`, `_1`, ... as synthesized `Codable` names them.
    private static func payloadFields(_ payload: [TraceValue.Field]) -> [TraceValue.Field] {
        payload.enumerated().map { index, field in TraceValue.Field(field.name.isEmpty ? "_\(index)" : field.name, field.value) }
    }

    /// The coding-key text of a dictionary key.
    private static func keyText(_ key: TraceValue) -> String {
        switch key.unwrapped {
        case let .string(text), let .scalar(_, text): text
        case let .int(value): String(value)
        case let .uint(value): String(value)
        case let .enumeration(_, caseName, _): caseName
        default: key.description
        }
    }

    var allKeys: [Key] { entries.compactMap { Key(stringValue: $0.name) } }

    func contains(_ key: Key) -> Bool { entries.contains { $0.name == key.stringValue } }

    private func entry(_ key: Key) throws -> TraceValue {
        guard let found = entries.first(where: { $0.name == key.stringValue }) else {
            throw DecodingError.keyNotFound(key, .init(codingPath: codingPath, debugDescription: "no field or key '\(key.stringValue)' in the trace"))
        }
        return found.value
    }

    func decodeNil(forKey key: Key) throws -> Bool { try entry(key).isNone }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try decoder.unbox(try entry(key), as: type, key: key)
    }

    // The leaves synthesized `Codable` asks for most, read in place: through `unbox` each
    // cost a coding path, a decoder and a single-value container (a 10,000-user state took
    // 53 ms to decode). Anything but the plain node goes the general way, errors included.
    func decode(_ type: String.Type, forKey key: Key) throws -> String {
        let node = try entry(key)
        if case let .string(value) = node { return value }
        return try decoder.unbox(node, as: type, key: key)
    }

    func decode(_ type: Int.Type, forKey key: Key) throws -> Int {
        let node = try entry(key)
        if case let .int(value) = node, let exact = Int(exactly: value) { return exact }
        return try decoder.unbox(node, as: type, key: key)
    }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
        let node = try entry(key)
        if case let .bool(value) = node { return value }
        return try decoder.unbox(node, as: type, key: key)
    }

    func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
        let node = try entry(key)
        if case let .double(value) = node { return value }
        return try decoder.unbox(node, as: type, key: key)
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        KeyedDecodingContainer(try KeyedTreeContainer<NestedKey>(value: try entry(key).unwrapped, codingPath: codingPath + [key]))
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try UnkeyedTreeContainer(value: try entry(key).unwrapped, codingPath: codingPath + [key])
    }

    func superDecoder() throws -> any Decoder { decoder }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        TreeDecoding(value: try entry(key), codingPath: codingPath + [key])
    }
}

/// An unkeyed container over an array's or set's elements, a tuple-like payload, or a
/// dictionary's keys and values in turn.
struct UnkeyedTreeContainer: UnkeyedDecodingContainer {
    let codingPath: [any CodingKey]
    private let elements: [TraceValue]
    private let decoder: TreeDecoding
    private(set) var currentIndex = 0

    init(value: TraceValue, codingPath: [any CodingKey]) throws {
        self.codingPath = codingPath
        decoder = TreeDecoding(value: value, codingPath: codingPath)
        try TreeDecoding.refuseUnreadable(value, path: codingPath)
        switch value {
        case let .array(values), let .set(values): elements = values
        case let .dictionary(pairs): elements = pairs.flatMap { [$0.key, $0.value] }
        case let .structure(_, fields): elements = fields.map(\.value)
        default:
            throw DecodingError.typeMismatch(
                [Any].self, .init(codingPath: codingPath, debugDescription: "expected an array or set, found \(value.shortDescription)"))
        }
    }

    var count: Int? { elements.count }
    var isAtEnd: Bool { currentIndex >= elements.count }

    private mutating func next() throws -> (TraceValue, any CodingKey) {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(Any.self, .init(codingPath: codingPath, debugDescription: "no element \(currentIndex): the trace has \(elements.count)"))
        }
        defer { currentIndex += 1 }
        return (elements[currentIndex], IndexKey(intValue: currentIndex))
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd, elements[currentIndex].isNone else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let (element, key) = try next()
        return try decoder.unbox(element, as: type, key: key)
    }

    /// A string element read in place (see ``KeyedTreeContainer``'s leaves).
    mutating func decode(_ type: String.Type) throws -> String {
        if !isAtEnd, case let .string(value) = elements[currentIndex] {
            currentIndex += 1
            return value
        }
        let (element, key) = try next()
        return try decoder.unbox(element, as: type, key: key)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        let (element, key) = try next()
        return KeyedDecodingContainer(try KeyedTreeContainer<NestedKey>(value: element.unwrapped, codingPath: codingPath + [key]))
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let (element, key) = try next()
        return try UnkeyedTreeContainer(value: element.unwrapped, codingPath: codingPath + [key])
    }

    mutating func superDecoder() throws -> any Decoder {
        let (element, key) = try next()
        return TreeDecoding(value: element, codingPath: codingPath + [key])
    }
}
