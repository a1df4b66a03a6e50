import Foundation

/// Decodes a captured ``TraceValue`` into the app's own `Decodable` types, so recorded
/// states and actions can be fed back to the real reducer.
///
/// The tree maps onto the shapes Swift's synthesized `Codable` expects: a struct or class is a
/// keyed container of its fields; an enum case is a keyed container with one key, the case
/// name, holding a keyed container of its associated values (labels, or `_0`, `_1` for
/// unlabeled ones); an optional is its value or nil; arrays and sets are unkeyed containers;
/// a dictionary is a keyed container (string or integer keys, or any key whose text the key
/// type accepts) or an unkeyed container of alternating keys and values. `Date`, `UUID`,
/// `URL`, `Data` and `Decimal` are read from their own node kinds, and a payload-less enum
/// case decodes as the `String` of its name (a `String`-backed enum whose raw values are its
/// case names).
///
/// A redacted or truncated value cannot be decoded: it throws `DecodingError.dataCorrupted`
/// naming the path, as does any mismatch between the tree and the type.
public struct TraceValueDecoder: Sendable {
    /// Creates a decoder.
    public init() {}

    /// Decodes `type` from `value`.
    ///
    /// - Parameters:
    ///   - type: the type to decode, e.g. the app's `State`.
    ///   - value: a captured tree, e.g. a keyframe's state.
    /// - Returns: the decoded value.
    /// - Throws: `DecodingError` when the tree does not describe a `type`.
    public func decode<T: Decodable>(_ type: T.Type, from value: TraceValue) throws -> T {
        try TreeDecoding(value: value, codingPath: []).unbox(value, as: type)
    }
}

/// The `Decoder` over one node.
struct TreeDecoding: Decoder {
    let value: TraceValue
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(try KeyedTreeContainer<Key>(value: value.unwrapped, codingPath: codingPath))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try UnkeyedTreeContainer(value: value.unwrapped, codingPath: codingPath)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        SingleTreeContainer(decoder: self)
    }

    /// Decodes `type` from `node`, one level below this decoder's path when `key` is given.
    func unbox<T: Decodable>(_ node: TraceValue, as type: T.Type, key: (any CodingKey)? = nil) throws -> T {
        let path = key.map { codingPath + [$0] } ?? codingPath
        let node = node.unwrapped
        try Self.refuseUnreadable(node, path: path)
        if let special = try Self.foundationValue(node, as: type, path: path) { return special }
        return try T(from: TreeDecoding(value: node, codingPath: path))
    }

    static func refuseUnreadable(_ node: TraceValue, path: [any CodingKey]) throws {
        switch node {
        case let .redacted(type):
            throw DecodingError.dataCorrupted(.init(codingPath: path, debugDescription: "the \(type) here was redacted in the trace"))
        case let .truncated(truncation):
            throw DecodingError.dataCorrupted(.init(codingPath: path, debugDescription: "the \(truncation.type) here was cut by a capture limit (\(truncation.reason))"))
        case let .reference(type, id):
            throw DecodingError.dataCorrupted(.init(codingPath: path, debugDescription: "a second reference to \(type) #\(id) cannot be decoded as a value"))
        default:
            return
        }
    }

    /// Foundation types that have their own node kind.
    private static func foundationValue<T>(_ node: TraceValue, as type: T.Type, path: [any CodingKey]) throws -> T? {
        func mismatch(_ expected: String) -> DecodingError {
            .typeMismatch(type, .init(codingPath: path, debugDescription: "expected \(expected), found \(node.shortDescription)"))
        }
        if type == Date.self {
            switch node {
            case let .date(seconds): return Date(timeIntervalSince1970: seconds) as? T
            case let .double(seconds): return Date(timeIntervalSinceReferenceDate: seconds) as? T
            default: throw mismatch("a date")
            }
        }
        if type == Data.self {
            guard case let .data(bytes) = node else { throw mismatch("data") }
            return Data(bytes) as? T
        }
        if type == UUID.self {
            guard case let .scalar(_, text) = node, let uuid = UUID(uuidString: text) else { throw mismatch("a UUID") }
            return uuid as? T
        }
        if type == URL.self {
            guard case let .scalar(_, text) = node, let url = URL(string: text) else { throw mismatch("a URL") }
            return url as? T
        }
        if type == Decimal.self {
            guard case let .scalar(_, text) = node, let decimal = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")) else {
                throw mismatch("a decimal")
            }
            return decimal as? T
        }
        return nil
    }
}

extension TraceValue {
    /// The value inside `.some` (any depth), or the node itself.
    var unwrapped: TraceValue {
        if case let .some(wrapped) = self { return wrapped.unwrapped }
        return self
    }

    /// Whether the node is `Optional.none`.
    var isNone: Bool {
        if case .none = self { return true }
        return false
    }
}
