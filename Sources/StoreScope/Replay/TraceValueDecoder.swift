import Foundation

/// Decodes a captured `TraceValue` into the app's own `Decodable` types, so recorded
/// states and actions can be fed back to the real reducer.
///
/// The tree maps onto the shapes Swift's synthesized `Codable` expects: a struct or class is a
/// keyed container of its fields; an enum case is a keyed container with one key, the case
/// name, holding a keyed container of its associated values (labels, or `_0`, `_1` for
/// unlabeled ones); an optional is its value or nil; arrays and sets are unkeyed containers;
/// a dictionary is a keyed container (string or integer keys, or any key whose text the key
/// type accepts) or an unkeyed container of alternating keys and values. `Date`, `UUID`,
/// `URL`, `Data` and `Decimal` are read from their own node kinds (`UUID`, `URL` and `Decimal`
/// from a string too, as a typed action may give them), and a payload-less enum case decodes
/// as the `String` of its name (a `String`-backed enum whose raw values are its case names).
///
/// A redacted or truncated value cannot be decoded: it throws `DecodingError.dataCorrupted`
/// naming the path, as does any mismatch between the tree and the type, and a case the enum
/// does not have (`InboxAction has no case "serch"`, where synthesized `Codable` would say
/// "Invalid number of keys found").
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
        try TreeDecoding(node: value, codingPath: []).unbox(value, as: type)
    }
}

/// The `Decoder` of one decoding run: the node being decoded and the coding path to it.
///
/// One instance serves a whole tree (as Foundation's `JSONDecoder` does): a child is decoded by
/// pushing its key, making it the current node, and calling `T(from: self)`, so a node costs
/// no decoder and no coding-path array (a new decoder and path per node, boxed as
/// `any Decoder`, were most of the 47 ms a 10,000-user state took). Decoding is strictly
/// nested: a container is used while its own `init(from:)` runs, so the path below a
/// container's depth is its own whenever it is asked for one.
///
/// Not `Sendable`: one run, on one thread.
final class TreeDecoding: Decoder {
    /// The node the current `init(from:)` decodes (as recorded: unwrapped by the containers).
    private(set) var node: TraceValue
    /// The keys from the root to ``node``.
    private(set) var path: [any CodingKey]
    /// The type ``node`` is decoded as, for errors that name it (`InboxAction has no case
    /// "serch"`).
    private(set) var type: Any.Type = Any.self

    init(node: TraceValue, codingPath: [any CodingKey]) {
        self.node = node
        path = codingPath
    }

    var codingPath: [any CodingKey] { path }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(try KeyedTreeContainer<Key>(node.unwrapped, decoder: self, anchor: PathAnchor(depth: path.count)))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try UnkeyedTreeContainer(node.unwrapped, decoder: self, anchor: PathAnchor(depth: path.count))
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        SingleTreeContainer(decoder: self)
    }

    /// The path of a container anchored at `anchor`.
    func codingPath(of anchor: PathAnchor) -> [any CodingKey] {
        Array(path.prefix(min(anchor.depth, path.count))) + anchor.suffix
    }

    /// Decodes `type` from `node`, a child of the container at `anchor` under `key`.
    func unbox<T: Decodable>(_ node: TraceValue, as type: T.Type, at anchor: PathAnchor, key: some CodingKey) throws -> T {
        if let leaf = Self.leaf(node, as: type) { return leaf }
        let depth = path.count
        path.append(contentsOf: anchor.suffix)
        path.append(key)
        defer { path.removeSubrange(depth...) }
        return try unbox(node, as: type)
    }

    /// Decodes `type` from `node` at the current path.
    func unbox<T: Decodable>(_ node: TraceValue, as type: T.Type) throws -> T {
        let node = node.unwrapped
        try Self.refuseUnreadable(node, path: path)
        if let special = try Self.foundationValue(node, as: type, path: path) { return special }
        let (parent, parentType) = (self.node, self.type)
        self.node = node
        self.type = type
        defer { (self.node, self.type) = (parent, parentType) }
        return try T(from: self)
    }

    /// The leaves synthesized `Codable` asks for most, read in place when the node is exactly
    /// of their kind; anything else (errors included) goes the general way.
    @inline(__always)
    static func leaf<T>(_ node: TraceValue, as type: T.Type) -> T? {
        switch node {
        case let .string(value) where T.self == String.self: value as? T
        case let .int(value) where T.self == Int.self: Int(exactly: value) as? T
        case let .bool(value) where T.self == Bool.self: value as? T
        case let .double(value) where T.self == Double.self: value as? T
        default: nil
        }
    }

    static func refuseUnreadable(_ node: TraceValue, path: @autoclosure () -> [any CodingKey]) throws {
        switch node {
        case let .redacted(type):
            throw DecodingError.dataCorrupted(.init(codingPath: path(), debugDescription: "the \(type) here was redacted in the trace"))
        case let .truncated(truncation):
            throw DecodingError.dataCorrupted(.init(codingPath: path(), debugDescription: "the \(truncation.type) here was cut by a capture limit (\(truncation.reason))"))
        case let .reference(type, id):
            throw DecodingError.dataCorrupted(.init(codingPath: path(), debugDescription: "a second reference to \(type) #\(id) cannot be decoded as a value"))
        default:
            return
        }
    }
}

/// Where a container sits: the decoder's path up to `depth` (the container's own
/// `init(from:)`), then the keys of nested containers taken on the way (`suffix`, empty
/// unless the container is a nested one, such as an enum case's payload).
struct PathAnchor {
    var depth: Int
    var suffix: [any CodingKey] = []

    /// The anchor of a container nested under `key`.
    func nested(_ key: any CodingKey) -> PathAnchor {
        PathAnchor(depth: depth, suffix: suffix + [key])
    }
}

/// An array element's coding key: its index (one word, so an `any CodingKey` of it needs no
/// allocation).
struct ElementIndex: CodingKey {
    let index: Int
    init(_ index: Int) { self.index = index }
    init?(stringValue: String) {
        guard let index = Int(stringValue) else { return nil }
        self.index = index
    }
    init?(intValue: Int) { index = intValue }
    var intValue: Int? { index }
    var stringValue: String { String(index) }
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
