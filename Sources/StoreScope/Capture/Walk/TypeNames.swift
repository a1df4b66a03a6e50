import TraceFormat

/// Readable type names used throughout captured trees: as the source spells them from the
/// outermost type, without modules (`User`, `Array<User>`, `AppFeature.State`; see
/// ``readableName(of:)``), so names are stable across module renames, short on the wire, and
/// tell nested types of the same name apart.
enum TypeNames {
    /// The name of `type` (cached per type: building it demangles).
    static func name(of type: Any.Type) -> String {
        let key = ObjectIdentifier(type)
        if let name = names.withLock({ $0[key] }) { return name }
        let name = readableName(of: type)
        names.withLock { $0[key] = name }
        return name
    }

    /// The name of the dynamic type of `value` (cached per type).
    static func name(ofValue value: Any) -> String {
        TypeTraits.of(value).typeName
    }

    /// The case name of an enum value, read from the runtime's reflection metadata; falls back
    /// to the reflected child label or to the value's description.
    static func caseName(of value: Any, mirror: Mirror) -> String {
        if let pointer = _enumCaseName(value) { return String(cString: pointer) }
        if let label = mirror.children.first?.label { return label }
        return String(describing: value)
    }

    /// The case name of an enum value without a custom mirror (see ``TypeTraits/isPlainEnum``).
    static func caseName(of value: Any) -> String {
        if let pointer = _enumCaseName(value) { return internedCaseName(pointer) }
        if RuntimeReflection.childCount(of: value) > 0, let label = RuntimeReflection.child(of: value, at: 0).label { return label }
        return String(describing: value)
    }
}

/// Type names by type: a type's metadata never moves.
private let names = LockedValue<[ObjectIdentifier: String]>([:])

/// Case names by the address of their text in the type's metadata, which never moves: the
/// same case costs a lookup instead of a String allocation each time.
private let caseNames = LockedValue<[UInt: String]>([:])

private func internedCaseName(_ pointer: UnsafePointer<CChar>) -> String {
    let key = UInt(bitPattern: pointer)
    if let name = caseNames.withLock({ $0[key] }) { return name }
    let name = String(cString: pointer)
    caseNames.withLock { $0[key] = name }
    return name
}

/// The Swift runtime entry point behind `print` for enums; returns nil without metadata.
@_silgen_name("swift_EnumCaseName")
func _enumCaseName<T>(_ value: T) -> UnsafePointer<CChar>?
