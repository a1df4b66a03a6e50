import TraceFormat

/// The root state struct's fields as a ``StatePatcher`` reads them once per state type, so that
/// a change of scalar fields alone (a flag flipped, a query typed) is found without the
/// differ's generic walk: each field's bytes, and for each scalar field the redaction rule
/// leaves visible, its leaf and its path from the root.
///
/// A patch finds the fields whose bytes changed in one pass. When every one of them is such a
/// scalar, it asks the state's `==` (which prunes, as everywhere) and sets each changed leaf:
/// the operations ``StateDiffer/diff(root:_:traits:)`` finds, in the same order. A change of
/// any other field (a collection, a nested struct, an enum, an optional, a redacted field) is
/// left to that walk. Types the walk does not read through a ``StructLayout`` (classes, enums,
/// structs with a custom mirror) have no fast path.
final class RootScalarFields {
    /// Where a field's bytes are, and for a Bool or an integer how its leaf is read: all a
    /// patch that flips one reads, without copying a ``Leaf`` (a retain per reference in it).
    private struct Span {
        let offset: Int
        let size: Int
        let bits: BitsLeaf?

        /// Whether the field's bytes are equal in the values at `a` and `b`.
        @inline(__always)
        func hasEqualBytes(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer) -> Bool {
            switch size {
            case 1: a.load(fromByteOffset: offset, as: UInt8.self) == b.load(fromByteOffset: offset, as: UInt8.self)
            case 8: a.loadUnaligned(fromByteOffset: offset, as: UInt64.self) == b.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            case 9...16:
                // A string, an optional word: its first and last eight bytes, which overlap
                // below 16 and together are every byte of it (the loop took ~20 instructions).
                a.loadUnaligned(fromByteOffset: offset, as: UInt64.self) == b.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                    && a.loadUnaligned(fromByteOffset: offset + size - 8, as: UInt64.self)
                        == b.loadUnaligned(fromByteOffset: offset + size - 8, as: UInt64.self)
            default: InPlaceEquality.bytesAreEqual(a + offset, b + offset, count: size)
            }
        }
    }

    /// How a visible scalar field is read as a leaf.
    private struct Leaf {
        let scalarAt: (UnsafeRawPointer, Redaction) -> TraceValue
        let followsBytes: Bool
    }

    /// The scalars whose leaf is their bits, read as `_capturedScalar` reads them, without
    /// ``Leaf/scalarAt``'s generic call (~90 instructions for a Bool).
    private enum BitsLeaf {
        case bool, int8, int16, int32, int64, uint8, uint16, uint32, uint64

        init?(_ type: Any.Type) {
            let wordIsInt64 = MemoryLayout<Int>.size == 8
            switch ObjectIdentifier(type) {
            case ObjectIdentifier(Bool.self): self = .bool
            case ObjectIdentifier(Int.self): self = wordIsInt64 ? .int64 : .int32
            case ObjectIdentifier(UInt.self): self = wordIsInt64 ? .uint64 : .uint32
            case ObjectIdentifier(Int8.self): self = .int8
            case ObjectIdentifier(Int16.self): self = .int16
            case ObjectIdentifier(Int32.self): self = .int32
            case ObjectIdentifier(Int64.self): self = .int64
            case ObjectIdentifier(UInt8.self): self = .uint8
            case ObjectIdentifier(UInt16.self): self = .uint16
            case ObjectIdentifier(UInt32.self): self = .uint32
            case ObjectIdentifier(UInt64.self): self = .uint64
            default: return nil
            }
        }

        func leaf(at address: UnsafeRawPointer) -> TraceValue {
            switch self {
            case .bool: .bool(address.load(as: Bool.self))
            case .int8: .int(Int64(address.load(as: Int8.self)))
            case .int16: .int(Int64(address.loadUnaligned(as: Int16.self)))
            case .int32: .int(Int64(address.loadUnaligned(as: Int32.self)))
            case .int64: .int(address.loadUnaligned(as: Int64.self))
            case .uint8: .uint(UInt64(address.load(as: UInt8.self)))
            case .uint16: .uint(UInt64(address.loadUnaligned(as: UInt16.self)))
            case .uint32: .uint(UInt64(address.loadUnaligned(as: UInt32.self)))
            case .uint64: .uint(address.loadUnaligned(as: UInt64.self))
            }
        }
    }

    /// The state type.
    let type: Any.Type
    private let spans: [Span]
    /// Bit `i` set: field `i` is a visible scalar, ``leaves``[i] says how to read it.
    private let scalarMask: UInt64
    /// Bit `i` set: field `i` is a visible scalar whose leaves may be equal when its bytes are
    /// not (a string, a double), compared as captured leaves, as the walk compares them.
    private let comparedMask: UInt64
    private let leaves: [Leaf?]
    /// Each field's path from the root (see ``StoredField/pathFromRoot``): `[.field(name)]`.
    private let paths: [[PathComponent]]
    /// Each field's name, the one step of its path.
    private let names: [String]
    private let equalsAt: ((UnsafeRawPointer, UnsafeRawPointer) -> Bool)?
    /// The rule the leaves are captured under.
    private let redaction: Redaction

    /// The fast path for roots of the type `traits` describes, captured with `options`; `nil`
    /// when the generic walk must find every patch of it.
    init?(traits: TypeTraits, options: CaptureOptions) {
        guard traits.isExact, traits.path == .reflection, !traits.isClass, let layout = traits.structLayout,
            layout.fields.count <= UInt64.bitWidth, options.maximumDepth > 0
        else { return nil }
        let redacted = layout.redaction.verdicts(under: options.redaction)
        var mask: UInt64 = 0
        var leaves: [Leaf?] = []
        for (index, field) in layout.fields.enumerated() {
            guard !redacted[index], let fieldTraits = field.traits, let scalarAt = fieldTraits.scalarAt else {
                leaves.append(nil)
                continue
            }
            mask |= 1 << UInt64(index)
            leaves.append(Leaf(scalarAt: scalarAt, followsBytes: fieldTraits.leafFollowsBytes))
        }
        guard mask != 0 else { return nil }
        type = traits.type
        spans = layout.fields.enumerated().map { index, field in
            Span(offset: field.offset, size: field.size, bits: leaves[index] == nil ? nil : BitsLeaf(field.type))
        }
        paths = layout.fields.map(\.pathFromRoot)
        names = layout.fields.map(\.name)
        // A set is written from the field's name (``RecordEncoder/encodeSet(field:value:)``):
        // only where that is its path.
        guard zip(paths, names).allSatisfy({ $0 == [.field($1)] }) else { return nil }
        scalarMask = mask
        var compared: UInt64 = 0
        for (index, leaf) in leaves.enumerated() where leaf != nil && spans[index].bits == nil && !leaf.unsafelyUnwrapped.followsBytes {
            compared |= 1 << UInt64(index)
        }
        comparedMask = compared
        self.leaves = leaves
        equalsAt = traits.equalsAt
        redaction = options.redaction
    }

    /// The fields whose leaves differ between the roots at `old` and `new` (bit `i`: field
    /// `i`), when only visible scalar fields changed: none when nothing did or `==` calls the
    /// states equal. `nil` when another field changed.
    func changedLeaves(_ old: UnsafeRawPointer, _ new: UnsafeRawPointer) -> UInt64? {
        var changed: UInt64 = 0
        spans.withUnsafeBufferPointer { spans in
            for index in spans.indices {
                if !spans[index].hasEqualBytes(old, new) {
                    changed |= 1 << UInt64(index)
                }
            }
        }
        guard changed & ~scalarMask == 0 else { return nil }
        if changed == 0 { return 0 }
        // Called where it is stored: bound to a local first, its context was retained and
        // released per patch (~60 instructions).
        if equalsAt?(old, new) == true { return 0 }
        // Elsewhere bytes that differ are a leaf that differs.
        var compared = changed & comparedMask
        while compared != 0 {
            let index = compared.trailingZeroBitCount
            compared &= compared &- 1
            let leaf = leaves[index].unsafelyUnwrapped
            let offset = spans[index].offset
            if leaf.scalarAt(old + offset, redaction) == leaf.scalarAt(new + offset, redaction) {
                changed &= ~(1 << UInt64(index))
            }
        }
        return changed
    }

    /// Calls `body` with the index and the leaf in the root at `root` of each field in
    /// `fields` (found by ``changedLeaves(_:_:)``), in the order of the fields: the `set`
    /// operations of the change.
    @inline(__always)
    func forEachSet(of fields: UInt64, in root: UnsafeRawPointer, _ body: (_ field: Int, _ leaf: TraceValue) -> Void) {
        var remaining = fields
        while remaining != 0 {
            let index = remaining.trailingZeroBitCount
            remaining &= remaining &- 1
            let address = root + spans[index].offset
            if let bits = spans[index].bits {
                body(index, bits.leaf(at: address))
            } else {
                body(index, leaves[index].unsafelyUnwrapped.scalarAt(address, redaction))
            }
        }
    }

    /// Field `index`'s path from the root.
    func path(ofField index: Int) -> [PathComponent] { paths[index] }

    /// Field `index`'s name.
    func name(ofField index: Int) -> String { names[index] }
}
