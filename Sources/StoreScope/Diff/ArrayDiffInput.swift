/// The two arrays ``StateDiffer/diffArray(_:depth:)`` compares, read through typed code so one
/// algorithm serves every element type.
///
/// A value type the algorithm is generic over, not a struct of closures: a diff of one array
/// built seven closure contexts and freed them again, some 2,500 instructions for a one-user
/// rename among 1,000 (callgrind), more than the changed user's own patch.
protocol ArrayDiffInput {
    var oldCount: Int { get }
    var newCount: Int { get }
    /// The element type's name, for the marker of a truncated window.
    var elementType: String { get }
    /// Old element `i` and new element `j`, boxed.
    func old(_ i: Int) -> Any
    func new(_ j: Int) -> Any
    /// The equal prefix and suffix of the whole arrays, when computed by typed code.
    var affixes: (prefix: Int, suffix: Int)? { get }
    /// Whether elements can be compared with ``equal(_:_:)``; otherwise they are compared by
    /// diffing them.
    var comparesElements: Bool { get }
    /// Whether old element `i` equals new element `j` (only when ``comparesElements``).
    func equal(_ i: Int, _ j: Int) -> Bool
    /// Whether every element is `Identifiable`, so ``oldID(_:)`` and ``newID(_:)`` answer.
    var identifiesElements: Bool { get }
    func oldID(_ i: Int) -> AnyHashable
    func newID(_ j: Int) -> AnyHashable
    /// Whether ``sameID(_:_:)`` compares ids typed (no boxes).
    var comparesIDs: Bool { get }
    /// Whether old element `i` and new element `j` have the same id (only when ``comparesIDs``).
    func sameID(_ i: Int, _ j: Int) -> Bool
    /// Whether every element has exactly the element type, so ``diffInPlace(_:_:_:depth:)``
    /// can read them where they are stored.
    var diffsInPlace: Bool { get }
    /// Diffs old element `i` against new element `j` (at the differ's path, at `depth`) where
    /// they are stored (only when ``diffsInPlace``).
    func diffInPlace(_ i: Int, _ j: Int, _ differ: inout StateDiffer, depth: Int)
}

/// Two arrays of one Swift type, compared with the conformances their type's traits found.
struct TypedArrays<Element>: ArrayDiffInput {
    let oldArray: [Element]
    let newArray: [Element]
    private let equatable: (any _EquatableElements.Type)?
    private let identified: (any _IdentifiedElements.Type)?
    private let elementTraits: TypeTraits
    let affixes: (prefix: Int, suffix: Int)?

    init(old: [Element], new: [Element]) {
        oldArray = old
        newArray = new
        let traits = TypeTraits.of(type: [Element].self)
        equatable = traits.equatableElements
        identified = traits.identifiedElements
        elementTraits = TypeTraits.of(type: Element.self)
        affixes = equatable.map { equatable in
            withUnsafePointer(to: old) { old in withUnsafePointer(to: new) { new in equatable._commonAffixes(old, new) } }
        }
    }

    var oldCount: Int { oldArray.count }
    var newCount: Int { newArray.count }
    var elementType: String { TypeNames.name(of: Element.self) }
    func old(_ i: Int) -> Any { oldArray[i] }
    func new(_ j: Int) -> Any { newArray[j] }

    var comparesElements: Bool { equatable != nil }

    func equal(_ i: Int, _ j: Int) -> Bool {
        withUnsafePointer(to: oldArray) { old in withUnsafePointer(to: newArray) { new in equatable!._elementsEqual(old, new, i, j) } }
    }

    var identifiesElements: Bool { identified != nil }
    func oldID(_ i: Int) -> AnyHashable { withUnsafePointer(to: oldArray) { identified!._id(of: $0, at: i) } }
    func newID(_ j: Int) -> AnyHashable { withUnsafePointer(to: newArray) { identified!._id(of: $0, at: j) } }
    var comparesIDs: Bool { identified != nil }

    func sameID(_ i: Int, _ j: Int) -> Bool {
        withUnsafePointer(to: oldArray) { old in withUnsafePointer(to: newArray) { new in identified!._sameID(old, new, i, j) } }
    }

    var diffsInPlace: Bool { elementTraits.isExact }

    func diffInPlace(_ i: Int, _ j: Int, _ differ: inout StateDiffer, depth: Int) {
        // Read where the elements are stored: no copy of either into an `Any`.
        oldArray.withUnsafeBufferPointer { old in
            newArray.withUnsafeBufferPointer { new in
                differ.diff(
                    at: UnsafeRawPointer(old.baseAddress! + i), UnsafeRawPointer(new.baseAddress! + j), traits: elementTraits,
                    depth: depth)
            }
        }
    }
}

/// The elements of two collections read through their custom mirrors, held as `Any` and
/// captured as an array of `Any`: compared by diffing them, matched by id when every element is
/// `Identifiable` (see ``TypeTraits/identity``).
struct ReflectedElements: ArrayDiffInput {
    private let oldElements: [Any]
    private let newElements: [Any]
    private let oldIDs: ((Int) -> AnyHashable)?
    private let newIDs: ((Int) -> AnyHashable)?

    init(old: [Any], new: [Any]) {
        oldElements = old
        newElements = new
        oldIDs = Self.identities(of: old)
        newIDs = Self.identities(of: new)
    }

    var oldCount: Int { oldElements.count }
    var newCount: Int { newElements.count }
    var elementType: String { "Any" }
    func old(_ i: Int) -> Any { oldElements[i] }
    func new(_ j: Int) -> Any { newElements[j] }
    var affixes: (prefix: Int, suffix: Int)? { nil }
    var comparesElements: Bool { false }
    func equal(_ i: Int, _ j: Int) -> Bool { preconditionFailure("elements of a mirror are compared by diffing them") }
    var identifiesElements: Bool { oldIDs != nil && newIDs != nil }
    func oldID(_ i: Int) -> AnyHashable { oldIDs!(i) }
    func newID(_ j: Int) -> AnyHashable { newIDs!(j) }
    var comparesIDs: Bool { false }
    func sameID(_ i: Int, _ j: Int) -> Bool { preconditionFailure("ids of a mirror's elements are compared boxed") }
    var diffsInPlace: Bool { false }
    func diffInPlace(_ i: Int, _ j: Int, _ differ: inout StateDiffer, depth: Int) {
        preconditionFailure("elements of a mirror are diffed as `Any`")
    }

    /// The id of each element, read when asked; `nil` unless every element is `Identifiable`.
    private static func identities(of elements: [Any]) -> ((Int) -> AnyHashable)? {
        var identities: [(Any) -> AnyHashable] = []
        identities.reserveCapacity(elements.count)
        for element in elements {
            guard let identity = TypeTraits.of(element).identity else { return nil }
            identities.append(identity)
        }
        return { identities[$0](elements[$0]) }
    }
}
