/// A small cache in front of ``StringTable``'s dictionary, keyed by a string's representation
/// rather than its contents: the names a recorder interns (store, type, case and field names)
/// are the same `String` instances record after record, so comparing two machine words finds
/// them without hashing their characters.
///
/// Equal representations always mean equal strings: a small string holds its characters in
/// those words, and a large one points to its storage, which the cache keeps alive by holding
/// the string, so the address cannot be reused by another string meanwhile. Unequal
/// representations say nothing; the caller falls back to the dictionary.
struct RecentStrings {
    private static let slotBits = 6
    private static let slotCount = 1 << slotBits
    private var slots: [(string: String, index: UInt64)?] = Array(repeating: nil, count: slotCount)

    /// The index remembered for this very string representation, if any.
    func index(of string: String) -> UInt64? {
        #if _pointerBitWidth(_64)
        guard let slot = slots[Self.slot(of: string)], Self.sameRepresentation(slot.string, string) else { return nil }
        return slot.index
        #else
        return nil
        #endif
    }

    mutating func remember(_ string: String, as index: UInt64) {
        #if _pointerBitWidth(_64)
        slots[Self.slot(of: string)] = (string, index)
        #endif
    }

    mutating func removeAll() {
        for slot in slots.indices { slots[slot] = nil }
    }

    #if _pointerBitWidth(_64)
    private static func words(_ string: String) -> (UInt64, UInt64) {
        unsafeBitCast(string, to: (UInt64, UInt64).self)
    }

    private static func sameRepresentation(_ a: String, _ b: String) -> Bool {
        let (a0, a1) = words(a)
        let (b0, b1) = words(b)
        return a0 == b0 && a1 == b1
    }

    private static func slot(of string: String) -> Int {
        let (w0, w1) = words(string)
        return Int(truncatingIfNeeded: ((w0 ^ (w1 &* 0x9E37_79B9_7F4A_7C15)) &* 0xBF58_476D_1CE4_E5B9) >> (64 - slotBits))
    }
    #endif
}
