/// `==` on two values where they are stored, without copying them.
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
}
