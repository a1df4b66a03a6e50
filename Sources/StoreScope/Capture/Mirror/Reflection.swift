/// How `Mirror` children become named fields. Capture and diff both go through here, so they
/// always agree on names and on how enum payloads and tuples are split.
enum Reflection {
    /// A reflected child: its field name and value.
    struct Field {
        /// The field name; empty for an unlabeled enum associated value.
        var name: String
        /// The value.
        var value: Any
        /// For a field whose type contains a metatype, the field, never read (see
        /// ``ReflectedStruct``): recorded from its declared type, and never changed.
        var unread: StoredField? = nil
    }

    /// The type name recorded for tuples.
    static let tupleTypeName = "(tuple)"

    /// Fields of a struct or tuple. Unlabeled tuple elements are named `0`, `1`, ... (as in
    /// `pair.0`), so every field of a structure has a unique name. The fields of a type an
    /// observation macro wrote are named as ``ObservationStorage`` says.
    static func fields(_ mirror: Mirror) -> [Field] {
        var result: [Field] = []
        var index = 0
        for child in mirror.children {
            result.append(Field(name: tupleLabel(child.label, index: index), value: child.value))
            index += 1
        }
        return ObservationStorage.recorded(result, name: \.name) { field, name in
            var renamed = field
            renamed.name = name
            return renamed
        }
    }

    /// Fields of a class instance: the root class's fields first, then each subclass's.
    static func classFields(_ mirror: Mirror) -> [Field] {
        var chain = [mirror]
        while let parent = chain.last?.superclassMirror { chain.append(parent) }
        return chain.reversed().flatMap(fields)
    }

    /// The associated values of an enum case. Labeled values keep their label; unlabeled ones
    /// get an empty name (patch paths address them by position).
    static func payloadFields(_ mirror: Mirror) -> [Field] {
        guard let payload = mirror.children.first?.value else { return [] }
        let payloadMirror = Mirror(reflecting: payload)
        guard payloadMirror.displayStyle == .tuple else { return [Field(name: "", value: payload)] }
        return payloadMirror.children.map { child in
            let label = child.label ?? ""
            return Field(name: label.hasPrefix(".") ? "" : label, value: child.value)
        }
    }

    /// The path step that reaches payload field `index` named `name`.
    static func payloadPathComponent(name: String, index: Int) -> PathComponent {
        name.isEmpty ? .index(index) : .field(name)
    }

    private static func tupleLabel(_ label: String?, index: Int) -> String {
        guard let label, !label.isEmpty else { return String(index) }
        return label.hasPrefix(".") ? String(label.dropFirst()) : label
    }
}
