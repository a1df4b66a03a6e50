@_spi(Reflection) import Swift

/// Parts of values that hold a metatype, which neither the runtime's reflection nor a layout
/// may read.
///
/// Inside a struct, a class, a tuple or an enum payload, the compiler stores the metatype of a
/// struct or an enum (`Int.Type`) as nothing at all (a "thin" metatype: there is only one
/// value), also inside an `Optional` or a tuple field, while the type's metadata describes an
/// 8-byte pointer. Reading such a field through that metadata, as `Mirror` and `print` do,
/// reads the wrong bytes: `Int.Type?` reads as `nil`, or as a wild pointer that crashes. So a
/// field whose type contains a metatype (directly, or through optionals and tuples) is never
/// read: it is recorded from its declared type alone.
enum MetatypeFields {
    /// Whether `type`, stored inline, contains a metatype: it is one, or an optional or tuple
    /// that contains one.
    static func contains(_ type: Any.Type) -> Bool {
        switch MetadataKind.of(type) {
        case .metatype, .existentialMetatype:
            return true
        case .optional:
            return contains(genericArgument(of: type))
        case .tuple:
            var found = false
            _ = _forEachField(of: type, options: []) { _, _, element, _ in
                found = contains(element)
                return !found
            }
            return found
        default:
            return false
        }
    }

    /// The node recorded for a field of the declared type `type` (which ``contains(_:)`` a
    /// metatype): the metatype itself when the type allows one value only (`Int.Type` is
    /// `Int.self`), otherwise a scalar saying the value is not recorded.
    static func node(forFieldOf type: Any.Type) -> TraceValue {
        let name = TypeNames.name(of: type)
        if MetadataKind.of(type) == .metatype {
            let instance = instanceType(of: type)
            switch MetadataKind.of(instance) {
            case .struct, .enum, .optional, .tuple:
                return .scalar(type: name, text: TypeNames.name(of: instance))
            default:
                break
            }
        }
        return .scalar(type: name, text: unrecordedText)
    }

    /// The associated values of an enum case whose payload type ``contains(_:)`` a metatype,
    /// none of them read: where one metatype is stored thin, the runtime's offsets of the
    /// elements after it are wrong too.
    static func payloadFields(of type: Any.Type) -> [StoredField] {
        guard MetadataKind.of(type) == .tuple else { return [StoredField(name: "", offset: 0, type: type)] }
        var fields: [StoredField] = []
        _ = _forEachField(of: type, options: []) { label, _, element, _ in
            let label = String(cString: label)
            let node = contains(element) ? node(forFieldOf: element) : .scalar(type: TypeNames.name(of: element), text: unrecordedText)
            fields.append(StoredField(name: label.hasPrefix(".") ? "" : label, type: element, fixed: node))
            return true
        }
        return fields
    }

    /// The text of a metatype-holding value that is not recorded.
    static let unrecordedText = "(not recorded: holds a metatype)"

    /// The node of a metatype value in hand (held in an `Any`, where it is always stored in
    /// full): the scalar `Mirror` would give, without reflecting it.
    static func node(forMetatype value: Any, typeName: String) -> TraceValue {
        guard let metatype = value as? Any.Type else { return .scalar(type: typeName, text: unrecordedText) }
        return .scalar(type: typeName, text: TypeNames.name(of: metatype))
    }

    /// The instance type of a metatype's metadata (its second word).
    private static func instanceType(of metatype: Any.Type) -> Any.Type {
        let metadata = unsafeBitCast(metatype, to: UnsafeRawPointer.self)
        return unsafeBitCast(metadata.load(fromByteOffset: MemoryLayout<UnsafeRawPointer>.size, as: UnsafeRawPointer.self), to: Any.Type.self)
    }

    /// The first generic argument of a value type's metadata (after its kind and descriptor).
    private static func genericArgument(of type: Any.Type) -> Any.Type {
        let metadata = unsafeBitCast(type, to: UnsafeRawPointer.self)
        return unsafeBitCast(metadata.load(fromByteOffset: 2 * MemoryLayout<UnsafeRawPointer>.size, as: UnsafeRawPointer.self), to: Any.Type.self)
    }
}
