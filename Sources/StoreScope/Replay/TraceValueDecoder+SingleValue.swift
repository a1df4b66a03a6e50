/// A single value: a scalar leaf, `nil`, or (for types that decode themselves from one value)
/// any node passed on.
///
/// It reads the decoder's current node, which is its own while its `init(from:)` runs (see
/// ``TreeDecoding``): one word, so the `any SingleValueDecodingContainer` needs no allocation.
struct SingleTreeContainer: SingleValueDecodingContainer {
    let decoder: TreeDecoding
    var codingPath: [any CodingKey] { decoder.codingPath }
    private var node: TraceValue { decoder.node.unwrapped }

    func decodeNil() -> Bool { decoder.node.isNone }

    private func mismatch<T>(_ type: T.Type) -> DecodingError {
        .typeMismatch(type, .init(codingPath: codingPath, debugDescription: "expected \(type), found \(node.shortDescription)"))
    }

    func decode(_ type: Bool.Type) throws -> Bool {
        guard case let .bool(value) = node else { throw mismatch(type) }
        return value
    }

    func decode(_ type: String.Type) throws -> String {
        switch node {
        case let .string(value): return value
        // A payload-less case of a String-backed enum; a Character or other text scalar.
        case let .enumeration(_, caseName, payload) where payload.isEmpty: return caseName
        case let .scalar(_, text): return text
        default: throw mismatch(type)
        }
    }

    func decode(_ type: Double.Type) throws -> Double {
        switch node {
        case let .double(value): return value
        case let .int(value): return Double(value)
        case let .uint(value): return Double(value)
        case let .scalar(_, text): if let value = Double(text) { return value }
        default: break
        }
        throw mismatch(type)
    }

    func decode(_ type: Float.Type) throws -> Float { Float(try decode(Double.self)) }

    private func integer<T: FixedWidthInteger>(_ type: T.Type) throws -> T {
        let result: T?
        switch node {
        case let .int(value): result = T(exactly: value)
        case let .uint(value): result = T(exactly: value)
        case let .double(value): result = T(exactly: value)
        default: throw mismatch(type)
        }
        guard let result else {
            throw DecodingError.dataCorrupted(.init(codingPath: codingPath, debugDescription: "\(node.shortDescription) does not fit \(type)"))
        }
        return result
    }

    func decode(_ type: Int.Type) throws -> Int { try integer(type) }
    func decode(_ type: Int8.Type) throws -> Int8 { try integer(type) }
    func decode(_ type: Int16.Type) throws -> Int16 { try integer(type) }
    func decode(_ type: Int32.Type) throws -> Int32 { try integer(type) }
    func decode(_ type: Int64.Type) throws -> Int64 { try integer(type) }
    func decode(_ type: UInt.Type) throws -> UInt { try integer(type) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try integer(type) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try integer(type) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try integer(type) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try integer(type) }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try decoder.unbox(decoder.node, as: type)
    }
}
