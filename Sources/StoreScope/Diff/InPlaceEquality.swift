/// `==` on two values where they are stored, without copying them, and the comparison of their
/// bytes that comes before it (equal bytes are equal values, see ``StoredField/hasEqualBytes(_:_:)``).
///
/// In code not specialized for the type, `a.pointee == b.pointee` copies both values into
/// temporaries before calling `==` (a retain and a release per reference each holds: for a
/// struct of a few strings and arrays, most of the cost of comparing it). Values passed `inout`
/// reach `==` as the addresses they are stored at. They are only read.
enum InPlaceEquality {
    /// Whether the values of type `Value` at `a` and `b` are equal by `Value`'s `==`.
    @inline(__always)
    static func equal<Value: Equatable>(_ a: UnsafePointer<Value>, _ b: UnsafePointer<Value>) -> Bool {
        compare(&UnsafeMutablePointer(mutating: a).pointee, &UnsafeMutablePointer(mutating: b).pointee)
    }

    @inline(__always)
    private static func compare<Value: Equatable>(_ a: inout Value, _ b: inout Value) -> Bool {
        a == b
    }

    /// Whether the values of type `Value` at `a` and `b` have equal ids, read where they are
    /// stored (no copy of either value, as in ``equal(_:_:)``).
    @inline(__always)
    static func sameID<Value: Identifiable>(_ a: UnsafePointer<Value>, _ b: UnsafePointer<Value>) -> Bool {
        compareIDs(&UnsafeMutablePointer(mutating: a).pointee, &UnsafeMutablePointer(mutating: b).pointee)
    }

    @inline(__always)
    private static func compareIDs<Value: Identifiable>(_ a: inout Value, _ b: inout Value) -> Bool {
        a.id == b.id
    }

    /// Whether the `count` bytes at `a` and `b` are equal, compared a word at a time (`true`
    /// when `count` is 0).
    @inline(__always)
    static func bytesAreEqual(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer, count: Int) -> Bool {
        var index = 0
        while index + 8 <= count {
            if a.loadUnaligned(fromByteOffset: index, as: UInt64.self) != b.loadUnaligned(fromByteOffset: index, as: UInt64.self) {
                return false
            }
            index += 8
        }
        while index < count {
            if a.load(fromByteOffset: index, as: UInt8.self) != b.load(fromByteOffset: index, as: UInt8.self) { return false }
            index += 1
        }
        return true
    }
}
