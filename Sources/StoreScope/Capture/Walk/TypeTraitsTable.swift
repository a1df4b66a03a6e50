import CStoreScopeAtomics

/// A lock-free, direct-mapped table in front of the traits dictionary: a hit costs two loads
/// and a compare instead of taking a lock, hashing and probing a dictionary (about 200
/// instructions, paid at the root of every capture and diff and for every element of an array
/// of a type that is not exact).
///
/// Each slot holds the address of a ``TypeTraits`` or zero. Two types that map to the same
/// slot evict each other; a miss falls back to the dictionary, which stays the only owner.
final class TypeTraitsTable: @unchecked Sendable {
    // @unchecked: `slots` points to words that are never freed, read and written only through
    // C11 atomic operations (`CStoreScopeAtomics`: `AtomicValue` holds one word, this table
    // 256). A slot holds an unretained reference, which is sound because only traits held by
    // the dictionary in ``TypeTraits`` are stored, and that dictionary never removes or
    // replaces an entry; the releasing store publishes a fully built object to the acquiring
    // load that reads it.
    private static let count = 256
    private let slots: UnsafeMutablePointer<UInt64>

    init() {
        slots = .allocate(capacity: Self.count)
        slots.initialize(repeating: 0, count: Self.count)
    }

    /// The traits stored for `type`, or `nil` when its slot is empty or holds another type.
    @inline(__always)
    func traits(of type: Any.Type) -> TypeTraits? {
        let word = storescope_atomic_load_acquire(slots + Self.slot(of: type))
        guard let address = UnsafeRawPointer(bitPattern: UInt(truncatingIfNeeded: word)) else { return nil }
        let traits = Unmanaged<TypeTraits>.fromOpaque(address).takeUnretainedValue()
        return ObjectIdentifier(traits.type) == ObjectIdentifier(type) ? traits : nil
    }

    /// Stores `traits`, which the dictionary holds for good, in its type's slot.
    func remember(_ traits: TypeTraits) {
        let word = UInt64(UInt(bitPattern: Unmanaged.passUnretained(traits).toOpaque()))
        storescope_atomic_store_release(slots + Self.slot(of: traits.type), word)
    }

    /// Metadata is at least 8-byte aligned; mixing in higher bits spreads types that the
    /// compiler laid out next to each other.
    @inline(__always)
    private static func slot(of type: Any.Type) -> Int {
        let bits = UInt(bitPattern: ObjectIdentifier(type))
        return Int(truncatingIfNeeded: (bits >> 3) ^ (bits >> 11)) & (count - 1)
    }
}
