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
    /// Each slot's string representation, compared without copying (a copy of a `String` is a
    /// retain and a release).
    private var words: [(UInt64, UInt64)] = Array(repeating: (0, 0), count: slotCount)
    /// Each slot's index; ``empty`` for a slot that holds nothing.
    private var indices: [UInt64] = Array(repeating: empty, count: slotCount)
    /// The strings the slots hold, kept alive so that their storage is not reused meanwhile.
    private var strings: [String?] = Array(repeating: nil, count: slotCount)
    private static let empty = UInt64.max

    /// The index remembered for this very string representation, if any.
    func index(of string: String) -> UInt64? {
        #if _pointerBitWidth(_64)
        let key = Self.words(string)
        let slot = Self.slot(of: key)
        let index = indices[slot]
        guard index != Self.empty, words[slot] == key else { return nil }
        return index
        #else
        return nil
        #endif
    }

    mutating func remember(_ string: String, as index: UInt64) {
        #if _pointerBitWidth(_64)
        let key = Self.words(string)
        let slot = Self.slot(of: key)
        words[slot] = key
        indices[slot] = index
        strings[slot] = string
        #endif
    }

    mutating func removeAll() {
        for slot in indices.indices {
            indices[slot] = Self.empty
            strings[slot] = nil
        }
    }

    #if _pointerBitWidth(_64)
    private static func words(_ string: String) -> (UInt64, UInt64) {
        unsafeBitCast(string, to: (UInt64, UInt64).self)
    }

    private static func slot(of words: (UInt64, UInt64)) -> Int {
        let (w0, w1) = words
        return Int(truncatingIfNeeded: ((w0 ^ (w1 &* 0x9E37_79B9_7F4A_7C15)) &* 0xBF58_476D_1CE4_E5B9) >> (64 - slotBits))
    }
    #endif
}
