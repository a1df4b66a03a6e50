/// The `Encoder` behind ``TraceValueEncoder``: one per encoded value; its containers write
/// into shared storage that ``result()`` turns into a tree. Used on one thread, for the
/// duration of one capture.
final class TreeEncoder: Encoder {
    /// A container's slot: a finished tree, or a nested encoder finished on ``result()``.
    enum Slot {
        case value(TraceValue)
        case nested(TreeEncoder, redacted: Bool)

        var tree: TraceValue {
            switch self {
            case let .value(value): value
            case let .nested(encoder, redacted): redacted ? .redacted(type: encoder.typeName) : encoder.result()
            }
        }
    }

    enum Storage {
        case empty
        case keyed([(name: String, slot: Slot)])
        case unkeyed([Slot], omitted: Int)
        case single(TraceValue)
    }

    let options: CaptureOptions
    let depth: Int
    let typeName: String
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }
    var storage = Storage.empty

    init(options: CaptureOptions, depth: Int, codingPath: [any CodingKey], typeName: String) {
        self.options = options
        self.depth = depth
        self.codingPath = codingPath
        self.typeName = typeName
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        if case .keyed = storage {} else { storage = .keyed([]) }
        return KeyedEncodingContainer(KeyedContainer<Key>(encoder: self))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        if case .unkeyed = storage {} else { storage = .unkeyed([], omitted: 0) }
        return UnkeyedContainer(encoder: self)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleContainer(encoder: self)
    }

    /// The finished tree.
    func result() -> TraceValue {
        // Only nested containers can sit at the limit: boxed values are cut before encoding.
        if depth >= options.maximumDepth { return .truncated(.init(reason: .depth, type: typeName)) }
        switch storage {
        case .empty: return .structure(type: typeName, fields: [])
        case let .keyed(fields): return .structure(type: typeName, fields: fields.map { TraceValue.Field($0.name, $0.slot.tree) })
        case let .unkeyed(slots, omitted):
            var elements = slots.map(\.tree)
            if omitted > 0 { elements.append(ValueCapturer.collectionMarker(elementType: "Any", omitted: omitted)) }
            return .array(elements)
        case let .single(value): return value
        }
    }

    // MARK: - Writing

    func boxed(_ value: any Encodable, at path: [any CodingKey]) throws -> TraceValue {
        try TraceValueEncoder.box(value, options: options, depth: depth + 1, codingPath: path)
    }

    func nested(at path: [any CodingKey], name: String) -> TreeEncoder {
        TreeEncoder(options: options, depth: depth + 1, codingPath: path, typeName: name)
    }

    func setField(_ name: String, _ slot: Slot) {
        guard case var .keyed(fields) = storage else { return }
        storage = .empty
        if let index = fields.firstIndex(where: { $0.name == name }) { fields[index].slot = slot } else { fields.append((name, slot)) }
        storage = .keyed(fields)
    }

    /// Appends to the unkeyed storage; past the collection limit only counts.
    func appendElement(_ make: () throws -> Slot) rethrows {
        guard case .unkeyed(var slots, let omitted) = storage else { return }
        guard slots.count < options.maximumCollectionCount else {
            storage = .unkeyed(slots, omitted: omitted + 1)
            return
        }
        storage = .empty
        slots.append(try make())
        storage = .unkeyed(slots, omitted: omitted)
    }

    var unkeyedCount: Int {
        if case let .unkeyed(slots, omitted) = storage { return slots.count + omitted }
        return 0
    }
}
