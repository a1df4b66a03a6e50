import Synchronization

/// What capture and diff need to know about a type, found once per type and cached: which
/// capture path it takes, its short name, and typed entry points ("witnesses") for the
/// protocols it conforms to.
///
/// A protocol cast (`value as? any Equatable`) searches the runtime's conformance cache on every
/// call (~1,000 instructions); `_typeName` demangles on every call. With the traits cached, a
/// node costs one dictionary lookup, and a witness reaches the concrete type through a cast to
/// that exact type, which needs no conformance search.
final class TypeTraits: @unchecked Sendable {
    // @unchecked: every property is a `let` set in init; the witnesses capture nothing but the
    // metatype they were made for and are safe to call from any thread.
    /// The first path of the capture order that applies.
    enum Path: Sendable {
        case optional, scalar, custom, collection, encoding, reflection
    }

    /// The capture path.
    let path: Path
    /// The short type name (see ``TypeNames``).
    let typeName: String
    /// `==` for two values of this type, when it is `Equatable` (not for optionals, which are
    /// compared by their own path).
    let equals: ((Any, Any) -> Bool)?
    /// The captured leaf of a built-in scalar.
    let scalar: ((Any) -> TraceValue)?
    /// Captures an optional or a collection with the capturer.
    let capture: ((Any, inout ValueCapturer, Int) -> TraceValue)?
    /// Diffs two optionals or two collections of this type.
    let diff: ((Any, Any, inout StateDiffer, Int) throws(ReferenceTypeEncountered) -> Void)?

    /// Whether the type is an enum without a custom mirror, whose payload
    /// ``RuntimeReflection`` reads without building a `Mirror`.
    let isPlainEnum: Bool
    /// Whether the type is a tuple.
    let isTuple: Bool


    private static let cache = Mutex<[ObjectIdentifier: TypeTraits]>([:])

    /// The traits of the dynamic type of `value`.
    static func of(_ value: Any) -> TypeTraits {
        let key = ObjectIdentifier(type(of: value))
        if let cached = cache.withLock({ $0[key] }) { return cached }
        let traits = TypeTraits(value)
        cache.withLock { $0[key] = traits }
        return traits
    }

    private init(_ value: Any) {
        typeName = _typeName(type(of: value), qualified: false)
        var capture: ((Any, inout ValueCapturer, Int) -> TraceValue)?
        var diff: ((Any, Any, inout StateDiffer, Int) throws(ReferenceTypeEncountered) -> Void)?
        var scalar: ((Any) -> TraceValue)?
        if let optional = value as? any _CapturedOptional {
            path = .optional
            capture = Self.captureWitness(optional)
            if let diffed = value as? any _DiffedOptional { diff = Self.diffWitness(diffed) }
        } else if let leaf = value as? any _CapturedScalar {
            path = .scalar
            scalar = Self.scalarWitness(leaf)
        } else if value is any TraceValueConvertible {
            path = .custom
        } else if let collection = value as? any _CapturedCollection {
            path = .collection
            capture = Self.captureWitness(collection)
            if let diffed = value as? any _DiffedCollection { diff = Self.diffWitness(diffed) }
        } else if value is any TraceCapturedByEncoding {
            path = .encoding
        } else {
            path = .reflection
        }
        self.capture = capture
        self.diff = diff
        self.scalar = scalar
        let style = path == .reflection ? Mirror(reflecting: value).displayStyle : nil
        isPlainEnum = style == .enum && !(value is any CustomReflectable)
        isTuple = style == .tuple
        // An optional held in `Any` would be looked through by the cast.
        if path != .optional, let equatable = value as? any Equatable {
            equals = Self.equalsWitness(equatable)
        } else {
            equals = nil
        }
    }

    private static func equalsWitness<Value: Equatable>(_: Value) -> (Any, Any) -> Bool {
        { lhs, rhs in
            guard let lhs = lhs as? Value, let rhs = rhs as? Value else { return false }
            return lhs == rhs
        }
    }

    private static func scalarWitness<Value: _CapturedScalar>(_: Value) -> (Any) -> TraceValue {
        { ($0 as! Value)._capturedScalar }
    }

    private static func captureWitness<Value: _CapturedOptional>(_: Value) -> (Any, inout ValueCapturer, Int) -> TraceValue {
        { value, capturer, depth in (value as! Value)._capture(with: &capturer, depth: depth) }
    }

    private static func captureWitness<Value: _CapturedCollection>(_: Value) -> (Any, inout ValueCapturer, Int) -> TraceValue {
        { value, capturer, depth in (value as! Value)._capture(with: &capturer, depth: depth) }
    }

    private static func diffWitness<Value: _DiffedOptional>(_: Value)
        -> (Any, Any, inout StateDiffer, Int) throws(ReferenceTypeEncountered) -> Void
    {
        { (old, new, differ, depth) throws(ReferenceTypeEncountered) in try (old as! Value)._diff(against: new, with: &differ, depth: depth) }
    }

    private static func diffWitness<Value: _DiffedCollection>(_: Value)
        -> (Any, Any, inout StateDiffer, Int) throws(ReferenceTypeEncountered) -> Void
    {
        { (old, new, differ, depth) throws(ReferenceTypeEncountered) in try (old as! Value)._diff(against: new, with: &differ, depth: depth) }
    }
}
