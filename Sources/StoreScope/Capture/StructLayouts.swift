@_spi(Reflection) import Swift
import Synchronization

/// Stored-property layouts of plain structs, read once per type and cached, so reflecting a
/// struct costs a dictionary lookup and one load per field instead of `Mirror`'s per-child
/// demangling (the dominant cost of a diff that descends through a few structs).
///
/// Only structs without a custom mirror and without weak or unowned fields qualify; everything
/// else (`CustomReflectable`, enums, classes, tuples) goes through `Mirror`, so the fields seen
/// are exactly `Mirror`'s.
enum StructLayouts {
    /// Where each stored property of a struct lives.
    struct Layout {
        var names: [String]
        var offsets: [Int]
        var types: [Any.Type]
    }

    /// Type -> layout, or `nil` for a type that must be reflected with `Mirror`. Guarded by a
    /// mutex: capture and diff may run on several threads.
    private static let cache = Mutex<[ObjectIdentifier: Layout?]>([:])

    /// The stored properties of `value` in declaration order, or `nil` when `value` is not a
    /// plain struct.
    static func fields(of value: Any) -> [Reflection.Field]? {
        guard let layout = layout(of: value) else { return nil }
        func read<Subject>(_ subject: Subject) -> [Reflection.Field] {
            withUnsafePointer(to: subject) { pointer in
                let base = UnsafeRawPointer(pointer)
                return layout.names.indices.map { index in
                    Reflection.Field(name: layout.names[index], value: load(layout.types[index], at: base + layout.offsets[index]))
                }
            }
        }
        return _openExistential(value, do: read)
    }

    private static func layout(of value: Any) -> Layout? {
        let key = ObjectIdentifier(type(of: value))
        if let cached = cache.withLock({ $0[key] }) { return cached }
        var layout: Layout?
        // Weak and unowned fields are stored differently from their declared type; structs
        // holding one are left to `Mirror` (the key-path walk refuses non-strong fields).
        func allFieldsStrong<Subject>(_: Subject) -> Bool { _forEachFieldWithKeyPath(of: Subject.self) { _, _ in true } }
        if !(value is any CustomReflectable), Mirror(reflecting: value).displayStyle == .struct, _openExistential(value, do: allFieldsStrong) {
            var found = Layout(names: [], offsets: [], types: [])
            let complete = _forEachField(of: type(of: value), options: []) { name, offset, fieldType, _ in
                found.names.append(String(cString: name))
                found.offsets.append(offset)
                found.types.append(fieldType)
                return true
            }
            if complete { layout = found }
        }
        cache.withLock { $0[key] = .some(layout) }
        return layout
    }

    /// Copies the value of type `type` stored at `address` into an `Any`.
    private static func load(_ type: Any.Type, at address: UnsafeRawPointer) -> Any {
        func typed<Field>(_: Field.Type) -> Any { address.load(as: Field.self) }
        return _openExistential(type, do: typed)
    }
}
