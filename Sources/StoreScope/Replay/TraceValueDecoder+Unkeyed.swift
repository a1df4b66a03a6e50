/// An unkeyed container over an array's or set's elements, a tuple-like payload, or a
/// dictionary's keys and values in turn, read in place.
struct UnkeyedTreeContainer: UnkeyedDecodingContainer {
    private let decoder: TreeDecoding
    private let anchor: PathAnchor
    private let elements: Elements
    private(set) var currentIndex = 0

    private enum Elements {
        case values([TraceValue])
        /// A dictionary's entries: element `2i` is entry `i`'s key, `2i + 1` its value.
        case entries([TraceValue.DictionaryEntry])
        case fields([TraceValue.Field])

        var count: Int {
            switch self {
            case let .values(values): values.count
            case let .entries(entries): entries.count * 2
            case let .fields(fields): fields.count
            }
        }

        subscript(index: Int) -> TraceValue {
            switch self {
            case let .values(values): values[index]
            case let .entries(entries): index % 2 == 0 ? entries[index / 2].key : entries[index / 2].value
            case let .fields(fields): fields[index].value
            }
        }
    }

    init(_ value: TraceValue, decoder: TreeDecoding, anchor: PathAnchor) throws {
        self.decoder = decoder
        self.anchor = anchor
        try TreeDecoding.refuseUnreadable(value, path: decoder.codingPath(of: anchor))
        switch value {
        case let .array(values), let .set(values): elements = .values(values)
        case let .dictionary(pairs): elements = .entries(pairs)
        case let .structure(_, fields): elements = .fields(fields)
        default:
            throw DecodingError.typeMismatch(
                [Any].self, .init(codingPath: decoder.codingPath(of: anchor), debugDescription: "expected an array or set, found \(value.shortDescription)"))
        }
    }

    /// The container of an enum case's associated values, in order.
    init(payload: [TraceValue.Field], decoder: TreeDecoding, anchor: PathAnchor) {
        self.decoder = decoder
        self.anchor = anchor
        elements = .fields(payload)
    }

    var codingPath: [any CodingKey] { decoder.codingPath(of: anchor) }
    var count: Int? { elements.count }
    var isAtEnd: Bool { currentIndex >= elements.count }

    private mutating func next() throws -> TraceValue {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(Any.self, .init(codingPath: codingPath, debugDescription: "no element \(currentIndex): the trace has \(elements.count)"))
        }
        defer { currentIndex += 1 }
        return elements[currentIndex]
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd, elements[currentIndex].isNone else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let index = currentIndex
        return try decoder.unbox(try next(), as: type, at: anchor, key: ElementIndex(index))
    }

    mutating func decode(_ type: String.Type) throws -> String {
        let index = currentIndex
        let element = try next()
        if case let .string(value) = element { return value }
        return try decoder.unbox(element, as: type, at: anchor, key: ElementIndex(index))
    }

    mutating func decode(_ type: Int.Type) throws -> Int {
        let index = currentIndex
        let element = try next()
        if case let .int(value) = element, let exact = Int(exactly: value) { return exact }
        return try decoder.unbox(element, as: type, at: anchor, key: ElementIndex(index))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        let index = currentIndex
        let element = try next()
        return KeyedDecodingContainer(try KeyedTreeContainer<NestedKey>(element.unwrapped, decoder: decoder, anchor: anchor.nested(ElementIndex(index))))
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let index = currentIndex
        let element = try next()
        return try UnkeyedTreeContainer(element.unwrapped, decoder: decoder, anchor: anchor.nested(ElementIndex(index)))
    }

    mutating func superDecoder() throws -> any Decoder {
        let index = currentIndex
        let element = try next()
        return TreeDecoding(node: element, codingPath: codingPath + [ElementIndex(index)])
    }
}
