import TraceFormat

@_spi(Reflection) import Swift

/// What capture and diff need to know about a type, found once per type and cached: which
/// capture path it takes, its short name, typed entry points ("witnesses") for the protocols it
/// conforms to, and for plain structs and enums where their stored parts live.
///
/// A protocol cast (`value as? any Equatable`) searches the runtime's conformance cache on every
/// call (~1,000 instructions); `_typeName` demangles on every call. With the traits cached, a
/// node costs one dictionary lookup, and a witness reaches the concrete type through the
/// address of the value an `Any` holds (see ``ValueAddress``), which needs no cast at all.
final class TypeTraits: @unchecked Sendable {
    // @unchecked: every property is a `let` set in init; the witnesses capture nothing but the
    // metatype they were made for and are safe to call from any thread; the layouts guard their
    // own mutable state.
    /// The first path of the capture order that applies.
    enum Path: Sendable {
        case optional, scalar, custom, collection, encoding, reflection
    }

    /// The type these traits describe.
    let type: Any.Type
    /// The capture path.
    let path: Path
    /// The short type name (see ``TypeNames``).
    let typeName: String
    /// `==` for two values of this type, when it is `Equatable` (not for optionals, which are
    /// compared by their own path).
    let equals: ((Any, Any) -> Bool)?
    /// ``equals`` for two values of this type stored at the given addresses.
    let equalsAt: ((UnsafeRawPointer, UnsafeRawPointer) -> Bool)?
    /// The captured leaf of a built-in scalar, under a redaction rule (which only a `URL`'s
    /// query items heed).
    let scalar: ((Any, Redaction) -> TraceValue)?
    /// The captured leaf of the built-in scalar stored at an address, under a redaction rule.
    let scalarAt: ((UnsafeRawPointer, Redaction) -> TraceValue)?
    /// Whether two values of this scalar type whose bytes differ have different leaves
    /// (see ``_CapturedScalar/_leafFollowsBytes``).
    let leafFollowsBytes: Bool
    /// Captures an optional or a collection with the capturer.
    let capture: ((Any, inout ValueCapturer, Int) -> TraceValue)?
    /// ``capture`` for the value of this type stored at an address.
    let captureAt: ((UnsafeRawPointer, inout ValueCapturer, Int) -> TraceValue)?
    /// Diffs two optionals or two collections of this type.
    let diff: ((Any, Any, inout StateDiffer, Int) -> Void)?
    /// The id of a value of this type, boxed, when the type is `Identifiable`: how the elements
    /// of a collection reflected by its custom mirror are matched (see ``ArrayDiffInput``).
    let identity: ((Any) -> AnyHashable)?
    /// For an array of `Equatable` elements, its type as ``_EquatableElements``: the typed
    /// element comparisons a diff of two such arrays uses, found by one cast per type.
    let equatableElements: (any _EquatableElements.Type)?
    /// For an array of `Identifiable` elements, its type as ``_IdentifiedElements``.
    let identifiedElements: (any _IdentifiedElements.Type)?

    /// Whether the type is an enum without a custom mirror, whose payload is read without
    /// building a `Mirror` (through ``enumLayout``, else ``RuntimeReflection``).
    let isPlainEnum: Bool
    /// Whether the type is a tuple.
    let isTuple: Bool
    /// Whether the type is a class: its values are recorded with their identity (see
    /// ``ObjectIdentities``), and in full only when ``classLayout`` says they cannot change.
    let isClass: Bool
    /// Whether the type has a custom mirror.
    let hasCustomMirror: Bool
    /// Whether the type is a metatype (`Int.Type`, `Any.Type`): recorded by name, never
    /// reflected (see ``MetatypeFields``).
    let isMetatype: Bool
    /// Whether every value whose static type is this type has exactly this dynamic type: true
    /// for structs, enums, optionals and tuples; false for classes (subclasses), existentials
    /// and metatypes.
    let isExact: Bool
    /// Where the stored properties of a plain struct live; `nil` for other types.
    let structLayout: StructLayout?
    /// The fields of a plain struct without a ``structLayout`` that holds a metatype, read one
    /// by one with the metatype ones left unread; `nil` for other types.
    let reflectedStruct: ReflectedStruct?
    /// How to read the case and payload of a plain enum from memory; `nil` for other types or
    /// when the runtime's layout cannot be relied on (see ``EnumLayout``).
    let enumLayout: EnumLayout?
    /// The stored properties of a class whose instances cannot change; `nil` for other types
    /// (a class without one is recorded by identity only).
    let classLayout: ClassLayout?

    /// Every traits object ever built, by type; entries are never removed or replaced, so
    /// ``table`` may hold them unretained.
    private static let cache = LockedValue<[ObjectIdentifier: TypeTraits]>([:])
    private static let table = TypeTraitsTable()

    /// The traits of the dynamic type of `value`.
    static func of(_ value: Any) -> TypeTraits {
        of(type: Swift.type(of: value))
    }

    /// The traits of `type`.
    static func of(type: Any.Type) -> TypeTraits {
        if let recent = table.traits(of: type) { return recent }
        return lookUp(type)
    }

    @inline(never)
    private static func lookUp(_ type: Any.Type) -> TypeTraits {
        let key = ObjectIdentifier(type)
        if let cached = cache.withLock({ $0[key] }) {
            table.remember(cached)
            return cached
        }
        // Built outside the lock: building a struct's traits builds its fields' traits. When
        // two threads build the same type, the first one stored wins.
        let built = TypeTraits(type)
        let traits = cache.withLock { cache in
            if let first = cache[key] { return first }
            cache[key] = built
            return built
        }
        table.remember(traits)
        return traits
    }

    private init(_ type: Any.Type) {
        self.type = type
        typeName = TypeNames.readableName(of: type)
        var capture: ((Any, inout ValueCapturer, Int) -> TraceValue)?
        var captureAt: ((UnsafeRawPointer, inout ValueCapturer, Int) -> TraceValue)?
        var diff: ((Any, Any, inout StateDiffer, Int) -> Void)?
        var scalar: ((Any, Redaction) -> TraceValue)?
        var scalarAt: ((UnsafeRawPointer, Redaction) -> TraceValue)?
        var leafFollowsBytes = false
        if let optional = type as? any _CapturedOptional.Type {
            path = .optional
            capture = Self.captureWitness(optional)
            captureAt = Self.captureAtWitness(optional)
            if let diffed = type as? any _DiffedOptional.Type { diff = Self.diffWitness(diffed) }
        } else if let leaf = type as? any _CapturedScalar.Type {
            path = .scalar
            scalar = Self.scalarWitness(leaf)
            scalarAt = Self.scalarAtWitness(leaf)
            leafFollowsBytes = leaf._leafFollowsBytes
        } else if type is any TraceValueConvertible.Type {
            path = .custom
        } else if let collection = type as? any _CapturedCollection.Type {
            path = .collection
            capture = Self.captureWitness(collection)
            captureAt = Self.captureAtWitness(collection)
            // Collections without a typed diff (Foundation's) are diffed by their captures.
            if let diffed = type as? any _DiffedCollection.Type { diff = Self.diffWitness(diffed) } else { diff = Self.replaceWitness }
        } else if let elements = type as? any TraceCapturedAsElements.Type {
            path = .collection
            capture = Self.elementsCaptureWitness(elements)
            captureAt = Self.elementsCaptureAtWitness(elements)
            diff = Self.elementsDiffWitness(elements)
        } else if type is any TraceCapturedByEncoding.Type {
            path = .encoding
        } else {
            path = .reflection
        }
        self.capture = capture
        self.captureAt = captureAt
        self.diff = diff
        self.scalar = scalar
        self.scalarAt = scalarAt
        self.leafFollowsBytes = leafFollowsBytes
        if let identifiable = type as? any Identifiable.Type { identity = Self.identityWitness(identifiable) } else { identity = nil }
        equatableElements = type as? any _EquatableElements.Type
        identifiedElements = type as? any _IdentifiedElements.Type
        let kind = MetadataKind.of(type)
        isExact = kind == .struct || kind == .enum || kind == .optional || kind == .tuple
        // What `Mirror(reflecting:).displayStyle` says, read from the metadata kind: a custom
        // mirror decides its own style.
        let reflectsItself = type is any CustomReflectable.Type
        hasCustomMirror = reflectsItself
        isPlainEnum = path == .reflection && kind == .enum && !reflectsItself
        isTuple = path == .reflection && kind == .tuple
        isClass = kind == .class
        isMetatype = kind == .metatype || kind == .existentialMetatype
        structLayout = path == .reflection && kind == .struct && !reflectsItself ? StructLayout.make(for: type) : nil
        reflectedStruct = path == .reflection && kind == .struct && !reflectsItself && structLayout == nil ? ReflectedStruct.make(for: type) : nil
        enumLayout = isPlainEnum ? EnumLayout.make(for: type) : nil
        classLayout = isClass && (path == .reflection || path == .encoding) ? ClassLayout.make(for: type) : nil
        // An optional is compared by its own path.
        if path != .optional, let equatable = type as? any Equatable.Type {
            equals = Self.equalsWitness(equatable)
            equalsAt = Self.equalsAtWitness(equatable)
        } else {
            equals = nil
            equalsAt = nil
        }
    }

    private static func equalsWitness<Value: Equatable>(_: Value.Type) -> (Any, Any) -> Bool {
        { lhs, rhs in
            let equal = ValueAddress.with(lhs, rhs, ifExactly: Value.self) { left, right in
                InPlaceEquality.equal(left.assumingMemoryBound(to: Value.self), right.assumingMemoryBound(to: Value.self))
            }
            if let equal { return equal }
            return castAndCompare(lhs, rhs, as: Value.self)
        }
    }

    private static func equalsAtWitness<Value: Equatable>(_: Value.Type) -> (UnsafeRawPointer, UnsafeRawPointer) -> Bool {
        { InPlaceEquality.equal($0.assumingMemoryBound(to: Value.self), $1.assumingMemoryBound(to: Value.self)) }
    }

    /// `==` through casts, for existentials nested in the `Any`s. Kept out of the witness: the
    /// casts' optional metadata would otherwise be looked up on every call.
    @inline(never)
    private static func castAndCompare<Value: Equatable>(_ lhs: Any, _ rhs: Any, as _: Value.Type) -> Bool {
        guard let lhs = lhs as? Value, let rhs = rhs as? Value else { return false }
        return lhs == rhs
    }

    private static func identityWitness<Value: Identifiable>(_: Value.Type) -> (Any) -> AnyHashable {
        { AnyHashable(($0 as! Value).id) }
    }

    private static func scalarWitness<Value: _CapturedScalar>(_: Value.Type) -> (Any, Redaction) -> TraceValue {
        { value, redaction in
            ValueAddress.with(value, ifExactly: Value.self) {
                $0.assumingMemoryBound(to: Value.self).pointee._capturedScalar(redacting: redaction)
            } ?? (value as! Value)._capturedScalar(redacting: redaction)
        }
    }

    private static func scalarAtWitness<Value: _CapturedScalar>(_: Value.Type) -> (UnsafeRawPointer, Redaction) -> TraceValue {
        { address, redaction in address.load(as: Value.self)._capturedScalar(redacting: redaction) }
    }

    private static func captureWitness<Value: _CapturedOptional>(_: Value.Type) -> (Any, inout ValueCapturer, Int) -> TraceValue {
        { value, capturer, depth in (value as! Value)._capture(with: &capturer, depth: depth) }
    }

    private static func captureWitness<Value: _CapturedCollection>(_: Value.Type) -> (Any, inout ValueCapturer, Int) -> TraceValue {
        { value, capturer, depth in (value as! Value)._capture(with: &capturer, depth: depth) }
    }

    private static func captureAtWitness<Value: _CapturedOptional>(_: Value.Type) -> (UnsafeRawPointer, inout ValueCapturer, Int) -> TraceValue {
        { address, capturer, depth in address.assumingMemoryBound(to: Value.self).pointee._capture(with: &capturer, depth: depth) }
    }

    private static func captureAtWitness<Value: _CapturedCollection>(_: Value.Type) -> (UnsafeRawPointer, inout ValueCapturer, Int) -> TraceValue {
        { address, capturer, depth in address.assumingMemoryBound(to: Value.self).pointee._capture(with: &capturer, depth: depth) }
    }

    private static func elementsCaptureWitness<Value: TraceCapturedAsElements>(_: Value.Type) -> (Any, inout ValueCapturer, Int) -> TraceValue {
        { value, capturer, depth in (value as! Value).recordedElements._capture(with: &capturer, depth: depth) }
    }

    private static func elementsCaptureAtWitness<Value: TraceCapturedAsElements>(_: Value.Type) -> (UnsafeRawPointer, inout ValueCapturer, Int) -> TraceValue {
        { address, capturer, depth in
            address.assumingMemoryBound(to: Value.self).pointee.recordedElements._capture(with: &capturer, depth: depth)
        }
    }

    /// Two collections recorded as their elements are diffed as those arrays are.
    private static func elementsDiffWitness<Value: TraceCapturedAsElements>(_: Value.Type)
        -> (Any, Any, inout StateDiffer, Int) -> Void
    {
        { (old, new, differ, depth) in
            (old as! Value).recordedElements._diff(against: (new as! Value).recordedElements, with: &differ, depth: depth)
        }
    }

    private static func diffWitness<Value: _DiffedOptional>(_: Value.Type)
        -> (Any, Any, inout StateDiffer, Int) -> Void
    {
        { (old, new, differ, depth) in (old as! Value)._diff(against: new, with: &differ, depth: depth) }
    }

    /// The diff of two values compared by their captures.
    private static func replaceWitness(
        _ old: Any, _ new: Any, _ differ: inout StateDiffer, _ depth: Int
    ) {
        differ.replace(old, new, depth: depth)
    }

    private static func diffWitness<Value: _DiffedCollection>(_: Value.Type)
        -> (Any, Any, inout StateDiffer, Int) -> Void
    {
        { (old, new, differ, depth) in (old as! Value)._diff(against: new, with: &differ, depth: depth) }
    }
}
