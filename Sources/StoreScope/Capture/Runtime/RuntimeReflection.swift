/// The Swift runtime's reflection entry points that `Mirror` itself is built on, called
/// directly for enum payloads: `Mirror` wraps them in a class and an `AnyCollection` of
/// closures, which made a `Mirror` about a third of the cost of recording a simple action.
///
/// Used only for enums without a custom mirror (``TypeTraits/isPlainEnum``), whose children the
/// runtime reports exactly as `Mirror` would: one child, labeled with the case name, holding
/// the payload (a tuple when the case has several associated values).
enum RuntimeReflection {
    // Both entry points are passed the value's dynamic type, as `Mirror` passes it. An `Any`
    // may hold another existential (a value of type `Any` converted to `Any` in generic code,
    // as fields and elements of type `Any` are), which opens as that existential: the runtime
    // looks through the nesting to the value, but reflects it as the type it is given, and an
    // existential type has no children. `type(of:)` on the outer `Any` looks through too.

    /// The number of children the runtime reports for `value`.
    static func childCount(of value: Any) -> Int {
        let dynamicType = type(of: value)
        func count<Subject>(_ subject: Subject) -> Int {
            _reflectionChildCount(subject, type: dynamicType)
        }
        return _openExistential(value, do: count)
    }

    /// Child `index` of `value`: its label (if any, and if `needsLabel`) and value.
    static func child(of value: Any, at index: Int, needsLabel: Bool = true) -> (label: String?, value: Any) {
        let dynamicType = type(of: value)
        func read<Subject>(_ subject: Subject) -> (label: String?, value: Any) {
            var name: UnsafePointer<CChar>?
            var free: NameFreeFunction?
            let child = _reflectionChild(of: subject, type: dynamicType, index: index, outName: &name, outFreeFunc: &free)
            let label = needsLabel ? name.map { String(cString: $0) } : nil
            free?(name)
            return (label, child)
        }
        return _openExistential(value, do: read)
    }

    /// The associated values of the enum case `value` holds, named as ``Reflection/payloadFields(_:)``
    /// names them; empty for a case without any.
    static func payloadFields(ofEnum value: Any) -> [Reflection.Field] {
        guard childCount(of: value) > 0 else { return [] }
        let payload = child(of: value, at: 0, needsLabel: false).value
        guard TypeTraits.of(payload).isTuple else { return [Reflection.Field(name: "", value: payload)] }
        return (0..<childCount(of: payload)).map { index in
            let element = child(of: payload, at: index)
            let label = element.label ?? ""
            return Reflection.Field(name: label.hasPrefix(".") ? "" : label, value: element.value)
        }
    }
}

typealias NameFreeFunction = @convention(c) (UnsafePointer<CChar>?) -> Void

@_silgen_name("swift_reflectionMirror_count")
private func _reflectionChildCount<T>(_: T, type: Any.Type) -> Int

@_silgen_name("swift_reflectionMirror_subscript")
private func _reflectionChild<T>(
    of: T, type: Any.Type, index: Int,
    outName: UnsafeMutablePointer<UnsafePointer<CChar>?>,
    outFreeFunc: UnsafeMutablePointer<NameFreeFunction?>
) -> Any
