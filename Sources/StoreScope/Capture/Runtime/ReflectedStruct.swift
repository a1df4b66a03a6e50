@_spi(Reflection) import Swift

/// The fields of a plain struct that has no ``StructLayout`` (it holds a `weak` or `unowned`
/// field) but has a field whose type contains a metatype, which `Mirror` would misread or crash
/// on (see ``MetatypeFields``).
///
/// Such a field is never read: it is recorded from its declared type, as the layout records it.
/// Every other field is read on its own through the runtime's reflection, exactly as `Mirror`
/// reads it (a weak reference is loaded strong, or `nil`), so the struct's capture is the one it
/// had before, the metatype fields aside. Structs without a metatype field keep to `Mirror`.
struct ReflectedStruct: Sendable {
    /// The recorded stored properties in declaration order: each one's index among the
    /// runtime's children, its recorded name (see ``ObservationStorage``) and, for a field whose
    /// type contains a metatype, the field, never read.
    private let fields: [(index: Int, name: String, unread: StoredField?)]

    /// The fields of `type`, a struct without a custom mirror or a layout, when one of them
    /// holds a metatype; `nil` when none does (`Mirror` reads it right).
    static func make(for type: Any.Type) -> ReflectedStruct? {
        var found: [(index: Int, name: String, unread: StoredField?)] = []
        let complete = _forEachField(of: type, options: []) { name, _, fieldType, _ in
            let name = String(cString: name)
            found.append((found.count, name, MetatypeFields.contains(fieldType) ? StoredField(name: name, offset: 0, type: fieldType) : nil))
            return true
        }
        guard complete, found.contains(where: { $0.unread != nil }) else { return nil }
        return ReflectedStruct(fields: ObservationStorage.recorded(found, name: \.name) { ($0.index, $1, $0.unread) })
    }

    /// The fields of `value`, a struct of this type: the metatype ones unread (their value an
    /// empty tuple, their ``Reflection/Field/unread`` set), the others read.
    func fields(of value: Any) -> [Reflection.Field] {
        fields.map { field in
            if let unread = field.unread { return Reflection.Field(name: field.name, value: (), unread: unread) }
            return Reflection.Field(name: field.name, value: RuntimeReflection.child(of: value, at: field.index, needsLabel: false).value)
        }
    }
}
