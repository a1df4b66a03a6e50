extension TraceValue {
    /// The type name captured for tuples; their elements are fields named by label, or by
    /// position (`0`, `1`, ...) when unlabeled.
    public static let tupleTypeName = "(tuple)"

    /// Whether `type` names a function type (`(Int) -> String`, `@Sendable () -> ()`): a
    /// captured closure, which text renders as `<closure>`.
    public static func isFunctionType(_ type: String) -> Bool {
        type.contains("->")
    }
}

extension String {
    /// Whether the string is a tuple position label (`0`, `1`, ...); no Swift field name is.
    public var isTupleIndex: Bool {
        !isEmpty && utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
    }
}
