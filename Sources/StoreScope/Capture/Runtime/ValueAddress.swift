@_spi(Reflection) import Swift

/// The address of the value an `Any` holds, so that a value of a known type is read in place
/// instead of being cast out of the existential (a dynamic cast costs a few hundred
/// instructions; opening the existential, a few dozen).
enum ValueAddress {
    /// Calls `body` with the address of the value `value` holds, when the existential holds a
    /// value of exactly `type`.
    ///
    /// An existential nested in `value` is looked through: reflection hands out a field of
    /// type `any P` as an `Any` holding an `any P`, and generic code converts an element of
    /// type `Any` to an `Any` holding an `Any`; their dynamic type (what `type(of:)` reports)
    /// is not what opening them yields.
    ///
    /// - Returns: `body`'s result, or `nil` when the value held has another type.
    static func with<Result>(
        _ value: Any, ifExactly type: Any.Type, _ body: (UnsafeRawPointer) -> Result
    ) -> Result? {
        func open<Subject>(_ subject: Subject) -> Result? {
            guard Subject.self == type else {
                guard let inner = unnested(subject, as: type) else { return nil }
                return with(inner, ifExactly: type, body)
            }
            return withUnsafePointer(to: subject) { (pointer) -> Result in body(UnsafeRawPointer(pointer)) }
        }
        return _openExistential(value, do: open)
    }

    /// The value of type `type` inside the existential `subject` (of a static type that is an
    /// existential), in an `Any` that holds it directly; `nil` when `subject` is no existential
    /// or holds another type.
    static func unnested<Subject>(_ subject: Subject, as type: Any.Type) -> Any? {
        guard MetadataKind.of(Subject.self) == .existential else { return nil }
        // A cast looks through the nesting; the result is boxed with its concrete type.
        func cast<Value>(_: Value.Type) -> Any? { (subject as? Value).map { $0 as Any } }
        return _openExistential(type, do: cast)
    }

    /// Calls `body` with the addresses of the values `first` and `second` hold, when both hold a
    /// value of exactly `type`; `nil` otherwise.
    static func with<Result>(
        _ first: Any, _ second: Any, ifExactly type: Any.Type,
        _ body: (UnsafeRawPointer, UnsafeRawPointer) -> Result
    ) -> Result? {
        let result = with(first, ifExactly: type) { (firstAddress) -> Result? in
            with(second, ifExactly: type) { (secondAddress) -> Result in body(firstAddress, secondAddress) }
        }
        return result ?? nil
    }

    /// A copy of the value of type `type` stored at `address`, in an `Any`.
    static func load(_ type: Any.Type, at address: UnsafeRawPointer) -> Any {
        func typed<Value>(_: Value.Type) -> Any { address.load(as: Value.self) }
        return _openExistential(type, do: typed)
    }
}

/// The kind of a type's runtime metadata (struct, enum, class, tuple, existential, ...).
enum MetadataKind {
    /// The kind of `type`'s metadata; `.unknown` for kinds this version does not name.
    static func of(_ type: Any.Type) -> _MetadataKind {
        _MetadataKind(rawValue: _metadataKind(type)) ?? .unknown
    }
}

/// The runtime entry point behind the standard library's `_getMetadataKind`.
@_silgen_name("swift_getMetadataKind")
private func _metadataKind(_ type: Any.Type) -> UInt
