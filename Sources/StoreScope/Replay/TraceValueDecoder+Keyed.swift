/// A keyed container over a struct's or class's fields, an enum case (one key: the case name),
/// an enum payload, or a dictionary.
///
/// Keys are looked up in the recorded fields as they are: nothing is copied or renamed per
/// node. A dictionary's key texts are worked out once per dictionary, with an index past a few
/// entries (`Dictionary`'s own `init(from:)` looks up every key it lists).
struct KeyedTreeContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    private let decoder: TreeDecoding
    private let anchor: PathAnchor
    private let layout: Layout

    private enum Layout {
        /// A struct's or class's fields; `node` is the struct or class.
        case fields([TraceValue.Field], node: TraceValue)
        /// An enum case: its name is the only key.
        case enumCase(type: String, caseName: String, payload: [TraceValue.Field])
        /// An enum case's associated values; unlabeled ones are `_0`, `_1`, ... as synthesized
        /// `Codable` names them.
        case payload(type: String, caseName: String, fields: [TraceValue.Field])
        /// A dictionary's entries under their key texts; `index` maps a text to its first entry.
        case dictionary([TraceValue.Field], index: [String: Int]?, node: TraceValue)
    }

    /// Dictionaries with more entries than this are looked up through an index.
    private static var indexedEntries: Int { 8 }

    init(_ value: TraceValue, decoder: TreeDecoding, anchor: PathAnchor) throws {
        self.decoder = decoder
        self.anchor = anchor
        try TreeDecoding.refuseUnreadable(value, path: decoder.codingPath(of: anchor))
        switch value {
        case let .structure(_, fields), let .object(_, _, fields):
            layout = .fields(fields, node: value)
        case let .enumeration(type, caseName, payload):
            // Swift's synthesized `init(from:)` would find no key and say "Invalid number of
            // keys found, expected one": a typed action's misspelled case is named instead.
            guard Key(stringValue: caseName) != nil else {
                throw DecodingError.dataCorrupted(
                    .init(codingPath: decoder.codingPath(of: anchor), debugDescription: "\(TypeNames.name(of: decoder.type)) has no case \"\(caseName)\""))
            }
            layout = .enumCase(type: type, caseName: caseName, payload: payload)
        case let .dictionary(pairs):
            let entries = pairs.map { TraceValue.Field(Self.keyText($0.key), $0.value) }
            let index = entries.count > Self.indexedEntries
                ? Dictionary(entries.indices.map { (entries[$0].name, $0) }, uniquingKeysWith: { first, _ in first }) : nil
            layout = .dictionary(entries, index: index, node: value)
        default:
            throw DecodingError.typeMismatch(
                [String: Any].self,
                .init(codingPath: decoder.codingPath(of: anchor), debugDescription: "expected a struct, enum or dictionary, found \(value.shortDescription)"))
        }
    }

    /// The container of an enum case's associated values.
    private init(payloadOf type: String, caseName: String, fields: [TraceValue.Field], decoder: TreeDecoding, anchor: PathAnchor) {
        self.decoder = decoder
        self.anchor = anchor
        layout = .payload(type: type, caseName: caseName, fields: fields)
    }

    var codingPath: [any CodingKey] { decoder.codingPath(of: anchor) }

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

    /// The name an associated value at `index` has as a key.
    private static func payloadName(_ field: TraceValue.Field, at index: Int) -> String {
        field.name.isEmpty ? "_\(index)" : field.name
    }

    /// The index `_N` names, for an unlabeled associated value.
    private static func unlabeledIndex(_ name: String) -> Int? {
        guard name.utf8.first == UInt8(ascii: "_"), let index = Int(name.dropFirst()), "_\(index)" == name else { return nil }
        return index
    }

    /// An enum case's payload as a struct, for a `Decodable` that reads the case's value in one go.
    private static func payloadStructure(type: String, caseName: String, fields: [TraceValue.Field]) -> TraceValue {
        .structure(type: "\(type).\(caseName)", fields: fields.enumerated().map { TraceValue.Field(payloadName($1, at: $0), $1.value) })
    }

    var allKeys: [Key] {
        switch layout {
        case let .fields(fields, _), let .dictionary(fields, _, _): fields.compactMap { Key(stringValue: $0.name) }
        case let .enumCase(_, caseName, _): Key(stringValue: caseName).map { [$0] } ?? []
        case let .payload(_, _, fields): fields.enumerated().compactMap { Key(stringValue: Self.payloadName($1, at: $0)) }
        }
    }

    func contains(_ key: Key) -> Bool { lookup(key.stringValue) != nil }

    /// The value under `name`: the first field or entry of that name.
    private func lookup(_ name: String) -> TraceValue? {
        switch layout {
        case let .fields(fields, _):
            for field in fields where field.name == name { return field.value }
            return Self.observationStorage(name, in: fields)
        case let .enumCase(type, caseName, payload):
            return name == caseName ? Self.payloadStructure(type: type, caseName: caseName, fields: payload) : nil
        case let .payload(_, _, fields):
            let unlabeled = Self.unlabeledIndex(name)
            for (index, field) in fields.enumerated() where field.name.isEmpty ? index == unlabeled : field.name == name {
                return field.value
            }
            return nil
        case let .dictionary(entries, index, _):
            if let index { return index[name].map { entries[$0].value } }
            for entry in entries where entry.name == name { return entry.value }
            return nil
        }
    }

    /// What a type written by an observation macro asks for under its stored names, which the
    /// trace records under the declared ones (see `ObservationStorage`): `_title` is the
    /// recorded `title`, and the registrar, never recorded, decodes from an empty structure
    /// (the macro's registrar decodes a fresh one from anything). So a synthesized `Codable`
    /// of an `@ObservableState` state decodes, as a hand-written one with `title` keys does.
    private static func observationStorage(_ name: String, in fields: [TraceValue.Field]) -> TraceValue? {
        if name == ObservationStorage.registrarName { return .structure(type: "ObservationRegistrar", fields: []) }
        guard name.utf8.count > 1, name.utf8.first == UInt8(ascii: "_") else { return nil }
        let declared = name.dropFirst()
        for field in fields where field.name == declared { return field.value }
        return nil
    }

    private func entry(_ key: Key) throws -> TraceValue {
        guard let found = lookup(key.stringValue) else {
            throw DecodingError.keyNotFound(key, .init(codingPath: codingPath, debugDescription: "no field or key '\(key.stringValue)' in the trace"))
        }
        return found
    }

    func decodeNil(forKey key: Key) throws -> Bool { try entry(key).isNone }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try decoder.unbox(try entry(key), as: type, at: anchor, key: key)
    }

    // The leaves synthesized `Codable` asks for most, without a generic call.
    func decode(_ type: String.Type, forKey key: Key) throws -> String {
        let node = try entry(key)
        if case let .string(value) = node { return value }
        return try decoder.unbox(node, as: type, at: anchor, key: key)
    }

    func decode(_ type: Int.Type, forKey key: Key) throws -> Int {
        let node = try entry(key)
        if case let .int(value) = node, let exact = Int(exactly: value) { return exact }
        return try decoder.unbox(node, as: type, at: anchor, key: key)
    }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
        let node = try entry(key)
        if case let .bool(value) = node { return value }
        return try decoder.unbox(node, as: type, at: anchor, key: key)
    }

    func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
        let node = try entry(key)
        if case let .double(value) = node { return value }
        return try decoder.unbox(node, as: type, at: anchor, key: key)
    }

    // An optional field in one look-up (the default asks `contains`, `decodeNil` and `decode`).
    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        guard let node = lookup(key.stringValue), !node.isNone else { return nil }
        return try decoder.unbox(node, as: type, at: anchor, key: key)
    }

    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? {
        guard let node = lookup(key.stringValue), !node.isNone else { return nil }
        if case let .string(value) = node { return value }
        return try decoder.unbox(node, as: type, at: anchor, key: key)
    }

    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? {
        guard let node = lookup(key.stringValue), !node.isNone else { return nil }
        return try decoder.unbox(node, as: type, at: anchor, key: key)
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        if case let .enumCase(caseType, caseName, payload) = layout, key.stringValue == caseName {
            return KeyedDecodingContainer(
                KeyedTreeContainer<NestedKey>(payloadOf: caseType, caseName: caseName, fields: payload, decoder: decoder, anchor: anchor.nested(key)))
        }
        return KeyedDecodingContainer(try KeyedTreeContainer<NestedKey>(try entry(key).unwrapped, decoder: decoder, anchor: anchor.nested(key)))
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        if case let .enumCase(_, caseName, payload) = layout, key.stringValue == caseName {
            return UnkeyedTreeContainer(payload: payload, decoder: decoder, anchor: anchor.nested(key))
        }
        return try UnkeyedTreeContainer(try entry(key).unwrapped, decoder: decoder, anchor: anchor.nested(key))
    }

    /// The node this container reads, for a decoder of it as a whole.
    private var node: TraceValue {
        switch layout {
        case let .fields(_, node), let .dictionary(_, _, node): node
        case let .enumCase(type, caseName, payload): .enumeration(type: type, caseName: caseName, payload: payload)
        case let .payload(type, caseName, fields): Self.payloadStructure(type: type, caseName: caseName, fields: fields)
        }
    }

    func superDecoder() throws -> any Decoder { TreeDecoding(node: node, codingPath: codingPath) }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        TreeDecoding(node: try entry(key), codingPath: codingPath + [key])
    }
}
