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
    /// A slot: a string's representation, compared without copying the string (a copy of a
    /// `String` is a retain and a release), and its index; ``empty`` for a slot that holds
    /// nothing. One array, so that a look-up reads one buffer.
    private struct Slot {
        var words: (UInt64, UInt64) = (0, 0)
        var index = RecentStrings.empty
    }

    private var slots = [Slot](repeating: Slot(), count: slotCount)
    /// The strings the slots hold, kept alive so that their storage is not reused meanwhile.
    private var strings: [String?] = Array(repeating: nil, count: slotCount)
    private static let empty = UInt64.max

    /// The index remembered for this very string representation, if any.
    @inline(__always)
    func index(of string: String) -> UInt64? {
        #if _pointerBitWidth(_64)
        let key = Self.words(string)
        // `slot(of:)` is below `slotCount`, the array's count: read without a bounds check.
        let slot = slots.withUnsafeBufferPointer { $0.baseAddress.unsafelyUnwrapped[Self.slot(of: key)] }
        guard slot.index != Self.empty, slot.words == key else { return nil }
        return slot.index
        #else
        return nil
        #endif
    }

    mutating func remember(_ string: String, as index: UInt64) {
        #if _pointerBitWidth(_64)
        let key = Self.words(string)
        let slot = Self.slot(of: key)
        slots[slot] = Slot(words: key, index: index)
        strings[slot] = string
        #endif
    }

    mutating func removeAll() {
        for slot in slots.indices {
            slots[slot].index = Self.empty
            strings[slot] = nil
        }
    }

    #if _pointerBitWidth(_64)
    @inline(__always)
    private static func words(_ string: String) -> (UInt64, UInt64) {
        unsafeBitCast(string, to: (UInt64, UInt64).self)
    }

    @inline(__always)
    private static func slot(of words: (UInt64, UInt64)) -> Int {
        let (w0, w1) = words
        return Int(truncatingIfNeeded: ((w0 ^ (w1 &* 0x9E37_79B9_7F4A_7C15)) &* 0xBF58_476D_1CE4_E5B9) >> (64 - slotBits))
    }
    #endif
}
