@_spi(Reflection) import Swift
import TraceFormat

/// A stored part of a value: a struct's property or an enum case's associated value, with where
/// it lives and how to read it.
struct StoredField: @unchecked Sendable {
    // @unchecked: `type` is a pointer to immutable runtime metadata; `traits` is Sendable.
    /// The field name (empty for an unlabeled associated value).
    let name: String
    /// The byte offset from the start of the value (or of the enum's payload).
    let offset: Int
    /// The byte size of the field (0 for a field that is never read, see ``fixed``).
    let size: Int
    /// The declared type.
    let type: Any.Type
    /// The declared type's traits when every value stored here has exactly that type (see
    /// ``TypeTraits/isExact``), so it needs no lookup by dynamic type; `nil` otherwise.
    let traits: TypeTraits?
    /// For a field whose type contains a metatype, the node recorded for it from the declared
    /// type alone: such a field is never read (see ``MetatypeFields``) and never changes.
    let fixed: TraceValue?
    /// `[.field(name)]`, made once: the path of a patch that sets this field of the root (a
    /// scalar-only change) shares it instead of allocating its own.
    let pathFromRoot: [PathComponent]

    init(name: String, offset: Int, type: Any.Type) {
        self.name = name
        pathFromRoot = [.field(name)]
        self.offset = offset
        self.type = type
        if MetatypeFields.contains(type) {
            fixed = MetatypeFields.node(forFieldOf: type)
            self.size = 0
            traits = nil
            return
        }
        fixed = nil
        func size<Field>(_: Field.Type) -> Int { MemoryLayout<Field>.size }
        self.size = _openExistential(type, do: size)
        let traits = TypeTraits.of(type: type)
        self.traits = traits.isExact ? traits : nil
    }

    /// A field that is never read, recorded as `node`.
    init(name: String, type: Any.Type, fixed node: TraceValue) {
        self.name = name
        pathFromRoot = [.field(name)]
        offset = 0
        self.type = type
        size = 0
        traits = nil
        fixed = node
    }

    /// A copy of the field of the value at `base`, in an `Any`.
    func load(from base: UnsafeRawPointer) -> Any {
        ValueAddress.load(type, at: base + offset)
    }

    /// Whether the field's bytes are equal in the values at `a` and `b`.
    ///
    /// Equal bytes mean equal values: scalars are equal, and copy-on-write collections and
    /// strings share their storage. So a diff touches only changed fields; a state whose one
    /// Bool flipped costs a comparison of a few words per field, not an `==` of each.
    func hasEqualBytes(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer) -> Bool {
        InPlaceEquality.bytesAreEqual(a + offset, b + offset, count: size)
    }
}

/// The stored-property layout of a plain struct, read once per type (it lives in the type's
/// ``TypeTraits``), so reflecting a struct costs one load per field instead of `Mirror`'s
/// per-child demangling (the dominant cost of a diff that descends through a few structs).
///
/// Only structs without a custom mirror and without weak or unowned fields qualify; everything
/// else (`CustomReflectable`, tuples) goes through `Mirror`, so the fields seen are exactly
/// `Mirror`'s. A field whose type contains a metatype is part of the layout but never read
/// (see ``MetatypeFields``): `Mirror` would misread it. A struct with a weak or unowned field
/// and such a field is read field by field instead (see ``ReflectedStruct``). The fields of a
/// type an observation macro wrote are named as ``ObservationStorage`` says.
final class StructLayout: @unchecked Sendable {
    // @unchecked: all `let`s; `type` points to immutable runtime metadata.
    /// The stored properties in declaration order.
    let fields: [StoredField]
    /// Which of them the redaction rule hides.
    let redaction: RedactedFields
    /// For a struct with padding, the significant bytes of a block of values in an array (see
    /// ``ElementBlocks``).
    let blockMask: [UInt64]?
    private let type: Any.Type

    private init(type: Any.Type, fields: [StoredField]) {
        self.type = type
        self.fields = fields
        redaction = RedactedFields(names: fields.map(\.name))
        func stride<Value>(_: Value.Type) -> Int { MemoryLayout<Value>.stride }
        blockMask = ElementBlocks.makeMask(fields: fields, stride: _openExistential(type, do: stride))
    }

    /// The layout of `type`, a struct without a custom mirror, or `nil` when it must be
    /// reflected with `Mirror`.
    static func make(for type: Any.Type) -> StructLayout? {
        // Weak and unowned fields are stored differently from their declared type; structs
        // holding one are left to `Mirror` (the key-path walk refuses non-strong fields).
        func allFieldsStrong<Subject>(_: Subject.Type) -> Bool { _forEachFieldWithKeyPath(of: Subject.self) { _, _ in true } }
        guard _openExistential(type, do: allFieldsStrong) else { return nil }
        var found: [(name: String, offset: Int, type: Any.Type)] = []
        let complete = _forEachField(of: type, options: []) { name, offset, fieldType, _ in
            found.append((String(cString: name), offset, fieldType))
            return true
        }
        guard complete else { return nil }
        let recorded = ObservationStorage.recorded(found, name: \.name) { ($1, $0.offset, $0.type) }
        return StructLayout(type: type, fields: recorded.map { StoredField(name: $0.name, offset: $0.offset, type: $0.type) })
    }

    /// Which fields' bytes differ between two structs of this layout.
    enum FieldChanges {
        /// None: the structs capture alike (see ``StoredField/hasEqualBytes(_:_:)``).
        case none
        /// Only fields that are arrays, dictionaries or sets.
        case onlyCollections
        /// At least one field of another kind.
        case others
    }

    /// Which fields' bytes differ in the structs at `a` and `b`, found in one pass that stops
    /// at the first changed field that is not a collection.
    func changes(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer) -> FieldChanges {
        var changes = FieldChanges.none
        fields.withUnsafeBufferPointer { fields in
            for index in fields.indices where !fields[index].hasEqualBytes(a, b) {
                guard fields[index].traits?.path == .collection else {
                    changes = .others
                    return
                }
                changes = .onlyCollections
            }
        }
        return changes
    }

    /// Calls `body` with the address of the struct `value` holds; `nil` when `value` holds
    /// another type (an existential nested in the `Any`, see ``ValueAddress``).
    func withAddress<Result>(
        of value: Any, _ body: (UnsafeRawPointer) -> Result
    ) -> Result? {
        ValueAddress.with(value, ifExactly: type, body)
    }

    /// Calls `body` with the addresses of the structs `old` and `new` hold; `nil` when either
    /// holds another type.
    func withAddresses<Result>(
        of old: Any, _ new: Any, _ body: (UnsafeRawPointer, UnsafeRawPointer) -> Result
    ) -> Result? {
        ValueAddress.with(old, new, ifExactly: type, body)
    }
}
