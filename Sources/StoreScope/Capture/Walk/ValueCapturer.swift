/// Turns one Swift value into a ``TraceValue`` tree: the engine behind
/// ``captureValue(_:options:)``.
///
/// Dispatch, in order, per node: the node budget; `Optional`; built-in scalars;
/// ``TraceValueConvertible``; the depth limit (composites only); arrays, dictionaries and sets
/// (through conditional conformances, no reflection); class instances; ``TraceCapturedByEncoding``;
/// and last layouts or `Mirror` for structs, enums, tuples and custom mirrors. ``StateDiffer``
/// follows the same order so that its patches rebuild exactly what this produces.
///
/// A class instance carries its process-wide id (``ObjectIdentities``) wherever it occurs: an
/// instance that cannot change (``ClassLayout``) is an `.object` with its fields, any other a
/// `.reference` with no contents, which the recorder's thread never reads. So every node's
/// capture depends on the node alone, never on what was captured before it.
struct ValueCapturer {
    /// The limits and redaction in force.
    let options: CaptureOptions
    /// Nodes produced so far.
    private(set) var nodeCount = 0

    init(options: CaptureOptions) {
        self.options = options
    }

    /// Whether the node budget is spent.
    var isExhausted: Bool { nodeCount >= options.maximumNodes }

    /// Counts one produced node.
    mutating func countNode() {
        nodeCount += 1
    }

    /// Captures `value`, which sits at `depth` (the root is 0).
    mutating func capture(_ value: Any, depth: Int) -> TraceValue {
        capture(value, traits: TypeTraits.of(value), depth: depth)
    }

    /// Captures `value`, whose dynamic type has `traits`, at `depth`.
    mutating func capture(_ value: Any, traits: TypeTraits, depth: Int) -> TraceValue {
        if nodeCount >= options.maximumNodes {
            return .truncated(.init(reason: .size, type: traits.typeName))
        }
        nodeCount += 1
        let path = traits.path
        switch path {
        case .optional: return traits.capture!(value, &self, depth)
        case .scalar: return traits.scalar!(value, options.redaction)
        case .custom:
            if options.revealsRedacted, let redacted = value as? any RevealableRedaction { return capture(redacted.revealed, depth: depth) }
            return (value as! any TraceValueConvertible).traceValue
        default: break
        }
        if depth >= options.maximumDepth {
            return .truncated(.init(reason: .depth, type: traits.typeName))
        }
        if path == .collection { return traits.capture!(value, &self, depth) }
        if traits.isClass { return captureObject(value, traits: traits, depth: depth) }
        if path == .encoding, let tree = try? TraceValueEncoder(options: options, depth: depth).encode(value as! any TraceCapturedByEncoding) {
            return tree
        }
        return captureReflecting(value, traits: traits, depth: depth)
    }

    /// The node a redacted value becomes: its dynamic type name only.
    static func redactedNode(for value: Any) -> TraceValue {
        .redacted(type: TypeNames.name(ofValue: value))
    }

    /// Captures the stored field `field` of the value (or projected enum payload) at `base`:
    /// a field of an exact type where it is stored, anything else through an `Any`.
    mutating func capture(_ field: StoredField, of base: UnsafeRawPointer, redacted: Bool, depth: Int) -> TraceValue {
        if let fixed = field.fixed { return capture(unread: field, fixed, redacted: redacted) }
        if let traits = field.traits {
            if redacted { return .redacted(type: traits.typeName) }
            return capture(at: base + field.offset, traits: traits, depth: depth)
        }
        let value = field.load(from: base)
        if redacted { return Self.redactedNode(for: value) }
        return capture(value, depth: depth)
    }

    /// The node of the field `field`, never read, whose node is always `fixed` (see
    /// ``StoredField/fixed``).
    mutating func capture(unread field: StoredField, _ fixed: TraceValue, redacted: Bool) -> TraceValue {
        if redacted { return .redacted(type: TypeNames.name(of: field.type)) }
        if isExhausted { return .truncated(.init(reason: .size, type: TypeNames.name(of: field.type))) }
        countNode()
        return fixed
    }

    /// Captures the fields of `value`'s stored layout at `base`, at `depth`.
    mutating func captureStoredFields(_ fields: [StoredField], redaction: RedactedFields, of base: UnsafeRawPointer, depth: Int)
        -> [TraceValue.Field]
    {
        if fields.isEmpty { return [] }
        let redacted = redaction.verdicts(under: options.redaction)
        var result: [TraceValue.Field] = []
        result.reserveCapacity(fields.count)
        for index in fields.indices {
            let field = fields[index]
            result.append(TraceValue.Field(field.name, capture(field, of: base, redacted: redacted[index], depth: depth + 1)))
        }
        return result
    }

    // MARK: - Reflection

    /// A class instance: `.object` with its fields when it cannot change, `.reference` (its
    /// identity alone) otherwise.
    private mutating func captureObject(_ value: Any, traits: TypeTraits, depth: Int) -> TraceValue {
        let object = value as AnyObject
        let id = ObjectIdentities.id(of: object)
        guard let layout = traits.classLayout else { return .reference(type: traits.typeName, id: id) }
        if traits.path == .encoding, let tree = try? TraceValueEncoder(options: options, depth: depth).encode(value as! any TraceCapturedByEncoding) {
            return tree
        }
        if traits.hasCustomMirror {
            return .object(type: traits.typeName, id: id, fields: captureFields(Reflection.classFields(Mirror(reflecting: value)), depth: depth))
        }
        let fields = withExtendedLifetime(object) {
            captureStoredFields(layout.fields, redaction: layout.redaction, of: UnsafeRawPointer(Unmanaged.passUnretained(object).toOpaque()), depth: depth)
        }
        return .object(type: traits.typeName, id: id, fields: fields)
    }

    private mutating func captureReflecting(_ value: Any, traits: TypeTraits, depth: Int) -> TraceValue {
        let type = traits.typeName
        if let layout = traits.enumLayout {
            let tree = layout.withCase(of: value) { entry, payload in
                TraceValue.enumeration(
                    type: type, caseName: entry.name,
                    payload: captureStoredFields(entry.fields, redaction: entry.redaction, of: payload, depth: depth))
            }
            if let tree { return tree }
        }
        if traits.isPlainEnum {
            let caseName = TypeNames.caseName(of: value)
            return .enumeration(
                type: type, caseName: caseName,
                payload: captureFields(RuntimeReflection.payloadFields(ofEnum: value), of: .enumCase(caseName), depth: depth))
        }
        if let layout = traits.structLayout, let tree = layout.withAddress(of: value, { base in
            TraceValue.structure(type: type, fields: captureStoredFields(layout.fields, redaction: layout.redaction, of: base, depth: depth))
        }) {
            return tree
        }
        if let reflected = traits.reflectedStruct {
            return .structure(type: type, fields: captureFields(reflected.fields(of: value), depth: depth))
        }
        if traits.isMetatype { return MetatypeFields.node(forMetatype: value, typeName: type) }
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .class?:
            // A value type whose custom mirror calls itself a class: it has no identity (an
            // id taken from its temporary box would be reused by the next value).
            return .structure(type: type, fields: captureFields(Reflection.fields(mirror), depth: depth))
        case .enum?:
            let payload = Reflection.payloadFields(mirror)
            let caseName = TypeNames.caseName(of: value, mirror: mirror)
            return .enumeration(type: type, caseName: caseName, payload: captureFields(payload, of: .enumCase(caseName), depth: depth))
        case .tuple?:
            return .structure(type: Reflection.tupleTypeName, fields: captureFields(Reflection.fields(mirror), of: .tuple, depth: depth))
        case .struct?:
            return .structure(type: type, fields: captureFields(Reflection.fields(mirror), depth: depth))
        case .collection?:
            let elements = mirror.children.map(\.value)
            return .array(captureList(elements.count, elementType: "Any", depth: depth) { elements[$0] })
        case .set?:
            return .set(captureUnordered(mirror.children.map(\.value), elementType: "Any", depth: depth))
        case .dictionary?:
            let pairs = mirror.children.map { Reflection.fields(Mirror(reflecting: $0.value)).map(\.value) }
                .filter { $0.count == 2 }
            return .dictionary(captureEntries(pairs.map { ($0[0], $0[1]) }, valueType: "Any", depth: depth))
        case .optional?:
            guard let wrapped = mirror.children.first?.value else { return .none(type: type) }
            return .some(capture(wrapped, depth: depth))
        case nil:
            if mirror.children.isEmpty { return .scalar(type: type, text: String(describing: value)) }
            return .structure(type: type, fields: captureFields(Reflection.fields(mirror), depth: depth))
        default:
            return .scalar(type: type, text: String(describing: value))
        }
    }

    private mutating func captureFields(
        _ fields: [Reflection.Field], of owner: Redaction.FieldOwner = .fields, depth: Int
    ) -> [TraceValue.Field] {
        let redacted = options.redaction.verdicts(for: fields, of: owner)
        var result: [TraceValue.Field] = []
        result.reserveCapacity(fields.count)
        for (field, redacted) in zip(fields, redacted) {
            if let unread = field.unread, let fixed = unread.fixed {
                result.append(TraceValue.Field(field.name, capture(unread: unread, fixed, redacted: redacted)))
            } else if redacted {
                result.append(TraceValue.Field(field.name, Self.redactedNode(for: field.value)))
            } else {
                result.append(TraceValue.Field(field.name, capture(field.value, depth: depth + 1)))
            }
        }
        return result
    }
}
