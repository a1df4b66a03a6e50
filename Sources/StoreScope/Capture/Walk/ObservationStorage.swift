/// The stored properties an observation macro writes into a type, recorded as the properties the
/// type declares.
///
/// The Composable Architecture's `@ObservableState` (like Observation's `@Observable` and
/// Perception's `@Perceptible`) turns each `var title` into a computed property over a stored
/// `_title`, and adds a stored `_$observationRegistrar`, the macro's bookkeeping (an id class and
/// a lock, which change on every mutation). Recording the stored properties as they are would
/// name every field of such a state `_title`, and record the registrar as two mutable class
/// instances in every state. So in a type that has a stored `_$observationRegistrar`:
///
/// - the stored properties whose names begin with `_$` are not recorded (swift-custom-dump
///   leaves them out too);
/// - a stored `_name` is recorded as `name`, the property the code reads and writes, unless the
///   type also stores a property called `name`.
///
/// Capture, diff, redaction and the worker's collection walk all name fields through here, so
/// keyframes and patches always agree; any other type's fields keep their stored names.
enum ObservationStorage {
    /// The stored property every observation macro adds.
    static let registrarName = "_$observationRegistrar"

    /// The names the stored properties `names` of one type (in declaration order) are recorded
    /// under, `nil` for one that is not recorded; `nil` as a whole when the type is not written
    /// by an observation macro, so every property is recorded under its own name.
    static func recordedNames(_ names: [String]) -> [String?]? {
        guard names.contains(registrarName) else { return nil }
        let stored = Set(names)
        return names.map { name in
            if name.hasPrefix("_$") { return nil }
            guard name.count > 1, name.first == "_" else { return name }
            let declared = String(name.dropFirst())
            return stored.contains(declared) ? name : declared
        }
    }

    /// The fields of `fields` that are recorded, under their recorded names (see
    /// ``recordedNames(_:)``); `fields` itself for a type no observation macro wrote.
    static func recorded<Field>(_ fields: [Field], name: (Field) -> String, renamed: (Field, String) -> Field) -> [Field] {
        guard fields.contains(where: { name($0) == registrarName }), let names = recordedNames(fields.map(name)) else { return fields }
        return zip(fields, names).compactMap { field, recorded in recorded.map { renamed(field, $0) } }
    }
}
