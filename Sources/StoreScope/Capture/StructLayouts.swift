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
        var sizes: [Int]
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

    /// The stored properties whose bytes differ between `old` and `new`, two values of the same
    /// plain struct type, or `nil` when the type is not a plain struct.
    ///
    /// Equal bytes mean equal values: scalars are equal, and copy-on-write collections and
    /// strings share their storage. So a diff of a struct touches only its changed fields; a
    /// state whose one Bool flipped costs a `memcmp` per field, not a comparison of each.
    static func differingFields(_ old: Any, _ new: Any) -> (old: [Reflection.Field], new: [Reflection.Field])? {
        guard let layout = layout(of: old) else { return nil }
        func compare<Subject>(_ subject: Subject) -> (old: [Reflection.Field], new: [Reflection.Field]) {
            let other = new as! Subject
            return withUnsafePointer(to: subject) { oldPointer in
                withUnsafePointer(to: other) { newPointer in
                    let oldBase = UnsafeRawPointer(oldPointer)
                    let newBase = UnsafeRawPointer(newPointer)
                    var before: [Reflection.Field] = []
                    var after: [Reflection.Field] = []
                    for index in layout.names.indices {
                        let offset = layout.offsets[index]
                        if bytesEqual(oldBase + offset, newBase + offset, count: layout.sizes[index]) { continue }
                        before.append(Reflection.Field(name: layout.names[index], value: load(layout.types[index], at: oldBase + offset)))
                        after.append(Reflection.Field(name: layout.names[index], value: load(layout.types[index], at: newBase + offset)))
                    }
                    return (before, after)
                }
            }
        }
        return _openExistential(old, do: compare)
    }

    private static func layout(of value: Any) -> Layout? {
        let key = ObjectIdentifier(type(of: value))
        if let cached = cache.withLock({ $0[key] }) { return cached }
        var layout: Layout?
        // Weak and unowned fields are stored differently from their declared type; structs
        // holding one are left to `Mirror` (the key-path walk refuses non-strong fields).
        func allFieldsStrong<Subject>(_: Subject) -> Bool { _forEachFieldWithKeyPath(of: Subject.self) { _, _ in true } }
        if !(value is any CustomReflectable), Mirror(reflecting: value).displayStyle == .struct, _openExistential(value, do: allFieldsStrong) {
            var found = Layout(names: [], offsets: [], types: [], sizes: [])
            func size<Field>(_: Field.Type) -> Int { MemoryLayout<Field>.size }
            let complete = _forEachField(of: type(of: value), options: []) { name, offset, fieldType, _ in
                found.names.append(String(cString: name))
                found.offsets.append(offset)
                found.types.append(fieldType)
                found.sizes.append(_openExistential(fieldType, do: size))
                return true
            }
            if complete { layout = found }
        }
        cache.withLock { $0[key] = .some(layout) }
        return layout
    }

    /// Whether `count` bytes at `a` and `b` are equal (fields are a few words long).
    private static func bytesEqual(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer, count: Int) -> Bool {
        var offset = 0
        while offset + 8 <= count {
            if a.loadUnaligned(fromByteOffset: offset, as: UInt64.self) != b.loadUnaligned(fromByteOffset: offset, as: UInt64.self) {
                return false
            }
            offset += 8
        }
        while offset < count {
            if a.load(fromByteOffset: offset, as: UInt8.self) != b.load(fromByteOffset: offset, as: UInt8.self) { return false }
            offset += 1
        }
        return true
    }

    /// Copies the value of type `type` stored at `address` into an `Any`.
    private static func load(_ type: Any.Type, at address: UnsafeRawPointer) -> Any {
        func typed<Field>(_: Field.Type) -> Any { address.load(as: Field.self) }
        return _openExistential(type, do: typed)
    }
}
