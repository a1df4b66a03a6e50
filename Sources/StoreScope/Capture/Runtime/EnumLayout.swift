import TraceFormat

@_spi(Reflection) import Swift

/// How to read the case and the associated values of a plain enum straight from memory, found
/// once per type and once per case, so that capturing an action does not go through the
/// runtime's reflection, which looks up and demangles the payload type on every call (about
/// 10,000 instructions for `.setLoading(true)`).
///
/// Per value it costs a call to the enum's `getEnumTag` witness, an array lookup, and for a case
/// with a payload a copy of the value whose payload is projected in place
/// (`destructiveProjectEnumData`), read through the cached field types, then put back
/// (`destructiveInjectEnumTag`) before the copy is destroyed.
///
/// Why this is sound. It relies on parts of the runtime's layout that are not public API but
/// are the Swift ABI (docs/ABI/TypeMetadata.rst, include/swift/ABI/Metadata.h) on every 64-bit
/// platform without pointer authentication (other platforms never build a layout):
/// - the value witness table is the word before the metadata: eight function pointers, size,
///   stride, 32-bit flags and extra-inhabitant count, then for enums (flag `hasEnumWitnesses`)
///   `getEnumTag`, `destructiveProjectEnumData` and `destructiveInjectEnumTag`, which use the
///   Swift calling convention, identical to C's for pointer and 32-bit integer arguments on
///   x86_64 and arm64;
/// - the nominal type descriptor is the metadata's second word; its field descriptor (a
///   relative pointer 16 bytes in) lists one 12-byte record per case in tag order (flags with
///   bit 0 = indirect, mangled payload type, name), as the runtime's own `getFieldAt` reads it.
///
/// Each assumption is checked before it is relied on: the metadata kind; the witness flag and
/// the table's size, stride and alignment against `MemoryLayout`; the descriptor's kind and the
/// field descriptor's kind, record size and case count; and for every case, the first time a
/// value of it is seen, that its record's name is the very string the runtime's
/// `swift_EnumCaseName` returns for that value (which proves the tag and the record agree).
/// The payload's type comes from the case record's mangled name, and its fields from
/// `_forEachField`; a payload holding a metatype is never read (see ``MetatypeFields``). A type
/// failing a check gets no layout; a case failing one, or an indirect case (unless its payload
/// holds a metatype, which is not read from the box either), or a payload of existential type,
/// is left to ``RuntimeReflection`` for good: those produce exactly what they produced before.
final class EnumLayout: @unchecked Sendable {
    // @unchecked: the pointers refer to immutable runtime metadata and functions safe to call
    // from any thread; the only mutable state, the case table, is behind a mutex.

    /// One case: its name and associated values.
    final class Case: Sendable {
        /// The case name.
        let name: String
        /// Whether the case has associated values (its value must be projected to read them).
        let hasPayload: Bool
        /// The associated values, at offsets from the start of the projected payload; labeled
        /// ones keep their label, unlabeled ones have an empty name.
        let fields: [StoredField]
        /// Which of the values the redaction rule hides: by label, or all of them when the
        /// rule matches the case name.
        let redaction: RedactedFields

        init(name: String, hasPayload: Bool, fields: [StoredField]) {
            self.name = name
            self.hasPayload = hasPayload
            self.fields = fields
            redaction = RedactedFields(names: fields.map(\.name), caseName: name)
        }
    }

    private enum Slot: Sendable {
        case unseen, known(Case), reflected

        /// The case, when it is known.
        var entry: Case? {
            if case let .known(entry) = self { return entry }
            return nil
        }
    }

    private typealias GetTag = @convention(c) (UnsafeRawPointer, UnsafeRawPointer) -> UInt32
    private typealias ProjectPayload = @convention(c) (UnsafeMutableRawPointer, UnsafeRawPointer) -> Void
    private typealias InjectTag = @convention(c) (UnsafeMutableRawPointer, UInt32, UnsafeRawPointer) -> Void

    private let type: Any.Type
    private let metadata: UnsafeRawPointer
    private let size: Int
    private let alignment: Int
    /// Whether a value may be read from a bitwise image of it (see ``withPayload(of:_:)``).
    let readsInPlace: Bool
    private let getTag: GetTag
    private let projectPayload: ProjectPayload
    private let injectTag: InjectTag
    private let records: UnsafeRawPointer
    private let descriptor: UnsafeRawPointer
    /// Per tag: not seen yet, read from memory, or left to reflection.
    private let slots: LockedValue<[Slot]>

    private init(
        type: Any.Type, size: Int, alignment: Int, bitwiseTakable: Bool, witnesses: UnsafeRawPointer, enumWitnesses: Int,
        records: UnsafeRawPointer, descriptor: UnsafeRawPointer, count: Int
    ) {
        self.type = type
        metadata = unsafeBitCast(type, to: UnsafeRawPointer.self)
        self.size = size
        self.alignment = alignment
        readsInPlace = bitwiseTakable
        let word = MemoryLayout<UnsafeRawPointer>.size
        getTag = unsafeBitCast(witnesses.load(fromByteOffset: enumWitnesses, as: UnsafeRawPointer.self), to: GetTag.self)
        projectPayload = unsafeBitCast(witnesses.load(fromByteOffset: enumWitnesses + word, as: UnsafeRawPointer.self), to: ProjectPayload.self)
        injectTag = unsafeBitCast(witnesses.load(fromByteOffset: enumWitnesses + 2 * word, as: UnsafeRawPointer.self), to: InjectTag.self)
        self.records = records
        self.descriptor = descriptor
        slots = LockedValue(Array(repeating: .unseen, count: count))
    }

    /// The layout of `type`, an enum without a custom mirror, or `nil` when its metadata does
    /// not look as expected (or the platform is not one where the layout is known).
    static func make(for type: Any.Type) -> EnumLayout? {
        #if (arch(x86_64) || arch(arm64)) && !_ptrauth(_arm64e)
        guard MetadataKind.of(type) == .enum else { return nil }
        let metadata = unsafeBitCast(type, to: UnsafeRawPointer.self)
        let word = MemoryLayout<UnsafeRawPointer>.size
        func layout<Value>(_: Value.Type) -> (size: Int, stride: Int, alignment: Int) {
            (MemoryLayout<Value>.size, MemoryLayout<Value>.stride, MemoryLayout<Value>.alignment)
        }
        let expected = _openExistential(type, do: layout)
        let witnesses = metadata.load(fromByteOffset: -word, as: UnsafeRawPointer.self)
        let flags = witnesses.load(fromByteOffset: 10 * word, as: UInt32.self)
        let alignmentMask: UInt32 = 0xFF
        let hasEnumWitnesses: UInt32 = 0x0020_0000
        let isNonBitwiseTakable: UInt32 = 0x0010_0000
        guard witnesses.load(fromByteOffset: 8 * word, as: Int.self) == expected.size,
            witnesses.load(fromByteOffset: 9 * word, as: Int.self) == expected.stride,
            Int(flags & alignmentMask) == expected.alignment - 1,
            flags & hasEnumWitnesses != 0
        else { return nil }

        let descriptor = metadata.load(fromByteOffset: word, as: UnsafeRawPointer.self)
        let enumDescriptorKind: UInt32 = 18
        guard descriptor.load(as: UInt32.self) & 0x1F == enumDescriptorKind,
            let fieldDescriptor = relativePointer(at: descriptor + 16)
        else { return nil }
        let payloadCases = Int(descriptor.load(fromByteOffset: 20, as: UInt32.self) & 0xFF_FFFF)
        let emptyCases = Int(descriptor.load(fromByteOffset: 24, as: UInt32.self))
        let fieldKind = fieldDescriptor.load(fromByteOffset: 8, as: UInt16.self)
        let recordSize = fieldDescriptor.load(fromByteOffset: 10, as: UInt16.self)
        let recordCount = Int(fieldDescriptor.load(fromByteOffset: 12, as: UInt32.self))
        let enumFields: UInt16 = 2
        let multiPayloadEnumFields: UInt16 = 3
        guard fieldKind == enumFields || fieldKind == multiPayloadEnumFields, recordSize == 12,
            recordCount == payloadCases + emptyCases, recordCount > 0
        else { return nil }
        // The enum witnesses follow the size, stride, flags and extra-inhabitant count.
        return EnumLayout(
            type: type, size: expected.size, alignment: expected.alignment, bitwiseTakable: flags & isNonBitwiseTakable == 0,
            witnesses: witnesses, enumWitnesses: 10 * word + 8, records: fieldDescriptor + 16, descriptor: descriptor,
            count: recordCount)
        #else
        return nil
        #endif
    }

    /// Calls `body` with the case of the enum `value` holds and the address of its projected
    /// payload (meaningful only when the case has one).
    ///
    /// - Returns: `body`'s result, or `nil` when this case is left to reflection or `value`
    ///   holds another type.
    func withCase<Result>(
        of value: Any, _ body: (Case, UnsafeRawPointer) -> Result
    ) -> Result? {
        func open<Subject>(_ subject: Subject) -> Result? {
            guard Subject.self == type else {
                // An existential nested in the `Any` (see ``ValueAddress/with(_:ifExactly:_:)``).
                guard let inner = ValueAddress.unnested(subject, as: type) else { return nil }
                return _openExistential(inner, do: open)
            }
            let tag = withUnsafePointer(to: subject) { getTag(UnsafeRawPointer($0), metadata) }
            guard let entry = self.case(tag, of: subject) else { return nil }
            guard entry.hasPayload else { return withUnsafePointer(to: subject) { body(entry, UnsafeRawPointer($0)) } }
            // A copy: projecting the payload may clear tag bits stored in it. (The closures
            // return `Result`, not `Result?`: an optional of a generic type costs a metadata
            // lookup per call in unspecialized code.)
            var copy = subject
            return withUnsafeMutablePointer(to: &copy) { (pointer) -> Result in
                let address = UnsafeMutableRawPointer(pointer)
                projectPayload(address, metadata)
                // The copy must be a valid enum again before it is destroyed.
                defer { injectTag(address, tag, metadata) }
                return body(entry, address)
            }
        }
        return _openExistential(value, do: open)
    }

    /// The case of the enum stored at `address`, or `nil` when that case is left to
    /// reflection.
    func knownCase(at address: UnsafeRawPointer) -> Case? {
        let tag = getTag(address, metadata)
        if let entry = slots.withLock({ Int(tag) < $0.count ? $0[Int(tag)].entry : nil }) { return entry }
        // Seen for the first time (or reflected): checked against a copy of the value.
        func find<Subject>(_ subject: Subject) -> Case? { self.case(tag, of: subject) }
        return _openExistential(ValueAddress.load(type, at: address), do: find)
    }

    /// Calls `body` with the address of the payload of the enum stored at `address`, projected
    /// in a bitwise image of it on the stack, so the value is neither copied (retained) nor
    /// touched. Only for layouts that ``readsInPlace``.
    ///
    /// Sound because projecting only strips tag bits from the image's memory (it transfers no
    /// ownership), the image is never destroyed (it owns nothing: no retain was made for it),
    /// every field read from it is copied with its type's own witness, and the value it was
    /// taken from outlives `body`. A type whose values are not bitwise-takable (their address
    /// matters, as for Objective-C weak references) never gets here.
    func withPayload<Result, Failure: Error>(
        of address: UnsafeRawPointer, _ body: (UnsafeRawPointer) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        // A value of no bytes has nothing to project (and the allocation no address).
        guard size > 0 else { return try body(address) }
        return try withUnsafeTemporaryAllocation(byteCount: size, alignment: alignment) { (buffer) throws(Failure) -> Result in
            let image = buffer.baseAddress!
            image.copyMemory(from: address, byteCount: size)
            projectPayload(image, metadata)
            return try body(UnsafeRawPointer(image))
        }
    }

    private func `case`<Subject>(_ tag: UInt32, of subject: Subject) -> Case? {
        let index = Int(tag)
        let slot = slots.withLock { index < $0.count ? $0[index] : .reflected }
        switch slot {
        case let .known(entry): return entry
        case .reflected: return nil
        case .unseen: break
        }
        let entry = makeCase(index, of: subject)
        slots.withLock { $0[index] = entry.map(Slot.known) ?? .reflected }
        return entry
    }

    /// Reads the record of case `index`, checked against the runtime's view of `subject`.
    private func makeCase<Subject>(_ index: Int, of subject: Subject) -> Case? {
        let record = records + index * 12
        let isIndirect = record.load(as: UInt32.self) & 1 != 0
        guard let name = relativePointer(at: record + 8), let runtimeName = _enumCaseName(subject),
            UnsafeRawPointer(runtimeName) == name
        else { return nil }
        let caseName = String(cString: name.assumingMemoryBound(to: CChar.self))
        guard let mangledPayloadType = relativePointer(at: record + 4) else {
            return isIndirect ? nil : Case(name: caseName, hasPayload: false, fields: [])
        }
        // The payload's declared type, from the record, without reading the payload: the
        // runtime's reflection would misread one that holds a metatype (see ``MetatypeFields``),
        // in an indirect case's box too. Such a payload is never read, so where it is stored
        // does not matter; any other indirect payload is left to reflection.
        guard let payloadType = payloadType(mangledName: mangledPayloadType) else { return nil }
        if MetatypeFields.contains(payloadType) {
            return Case(name: caseName, hasPayload: true, fields: MetatypeFields.payloadFields(of: payloadType))
        }
        guard !isIndirect else { return nil }
        var fields: [StoredField] = []
        switch MetadataKind.of(payloadType) {
        case .existential:
            return nil
        case .tuple:
            let complete = _forEachField(of: payloadType, options: []) { label, offset, elementType, _ in
                let label = String(cString: label)
                fields.append(StoredField(name: label.hasPrefix(".") ? "" : label, offset: offset, type: elementType))
                return true
            }
            guard complete else { return nil }
        default:
            fields = [StoredField(name: "", offset: 0, type: payloadType)]
        }
        guard fields.allSatisfy({ $0.offset + $0.size <= size }) else { return nil }
        return Case(name: caseName, hasPayload: true, fields: fields)
    }
}

extension EnumLayout {
    /// The type a case record's mangled payload type names, in the context of this enum (its
    /// generic arguments follow the metadata's kind and descriptor words).
    private func payloadType(mangledName name: UnsafeRawPointer) -> Any.Type? {
        // The name runs to a NUL byte; symbolic references embed 4-byte (0x01-0x17) or
        // 8-byte (0x18-0x1F) operands, which may contain zero bytes.
        var length = 0
        while true {
            let byte = name.load(fromByteOffset: length, as: UInt8.self)
            if byte == 0 { break }
            length += byte <= 0x17 ? 5 : (byte <= 0x1F ? 9 : 1)
        }
        let arguments = metadata + 2 * MemoryLayout<UnsafeRawPointer>.size
        return _getTypeByMangledNameInContext(
            name.assumingMemoryBound(to: UInt8.self), UInt(length), genericContext: descriptor, genericArguments: arguments)
    }
}

/// The target of the 32-bit relative pointer at `address`, or `nil` when it is null.
private func relativePointer(at address: UnsafeRawPointer) -> UnsafeRawPointer? {
    let offset = address.load(as: Int32.self)
    return offset == 0 ? nil : address + Int(offset)
}
