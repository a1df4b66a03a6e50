extension TraceValue {
    /// The total order used for dictionary keys and set elements, independent of the process's
    /// hash seed: first by kind, then by content (integers numerically, floating point by IEEE 754
    /// totalOrder, strings by their UTF-8 bytes, composite values element by element).
    ///
    /// - Returns: `true` when `lhs` sorts before `rhs`.
    public static func canonicalOrder(_ lhs: TraceValue, _ rhs: TraceValue) -> Bool {
        compare(lhs, rhs) < 0
    }

    /// Three-way comparison behind ``canonicalOrder(_:_:)``: negative, zero or positive.
    public static func compare(_ lhs: TraceValue, _ rhs: TraceValue) -> Int {
        switch (lhs, rhs) {
        case let (.int(a), .int(b)): return a < b ? -1 : (a == b ? 0 : 1)
        case let (.uint(a), .uint(b)): return a < b ? -1 : (a == b ? 0 : 1)
        case let (.string(a), .string(b)): return compareUTF8(a, b)
        case let (.double(a), .double(b)), let (.date(a), .date(b)):
            return compareDoubles(a, b)
        case let (.bool(a), .bool(b)): return a == b ? 0 : (a ? 1 : -1)
        default: break
        }
        let k1 = lhs.kind.rawValue
        let k2 = rhs.kind.rawValue
        if k1 != k2 { return k1 < k2 ? -1 : 1 }
        switch (lhs, rhs) {
        case let (.structure(t1, f1), .structure(t2, f2)):
            return firstNonZero(compareUTF8(t1, t2), compareFields(f1, f2))
        case let (.object(t1, i1, f1), .object(t2, i2, f2)):
            return firstNonZero(compareUTF8(t1, t2), i1 == i2 ? 0 : (i1 < i2 ? -1 : 1), compareFields(f1, f2))
        case let (.reference(t1, i1), .reference(t2, i2)):
            return firstNonZero(compareUTF8(t1, t2), i1 == i2 ? 0 : (i1 < i2 ? -1 : 1))
        case let (.enumeration(t1, c1, p1), .enumeration(t2, c2, p2)):
            return firstNonZero(compareUTF8(t1, t2), compareUTF8(c1, c2), compareFields(p1, p2))
        case let (.none(t1), .none(t2)), let (.redacted(t1), .redacted(t2)):
            return compareUTF8(t1, t2)
        case let (.some(a), .some(b)):
            return compare(a, b)
        case let (.array(a), .array(b)), let (.set(a), .set(b)):
            return compareSequences(a, b, by: compare)
        case let (.dictionary(a), .dictionary(b)):
            return compareSequences(a, b) { firstNonZero(compare($0.key, $1.key), compare($0.value, $1.value)) }
        case let (.data(a), .data(b)):
            return compareSequences(a, b) { $0 == $1 ? 0 : ($0 < $1 ? -1 : 1) }
        case let (.scalar(t1, x1), .scalar(t2, x2)):
            return firstNonZero(compareUTF8(t1, t2), compareUTF8(x1, x2))
        case let (.truncated(a), .truncated(b)):
            return firstNonZero(
                Int(a.reason.rawValue) - Int(b.reason.rawValue), compareUTF8(a.type, b.type),
                a.omitted == b.omitted ? 0 : (a.omitted < b.omitted ? -1 : 1))
        default:
            return 0
        }
    }

    private static func firstNonZero(_ results: Int...) -> Int {
        results.first { $0 != 0 } ?? 0
    }

    private static func compareUTF8(_ a: String, _ b: String) -> Int {
        compareSequences(a.utf8, b.utf8) { $0 == $1 ? 0 : ($0 < $1 ? -1 : 1) }
    }

    /// IEEE 754 totalOrder: -nan < -inf < ... < -0.0 < +0.0 < ... < +inf < +nan. Unlike `<`
    /// with a bit-pattern fallback for nan, this is transitive, which the binary searches of
    /// sorted inserts need; values compare equal exactly when their bit patterns are equal.
    private static func compareDoubles(_ a: Double, _ b: Double) -> Int {
        if a.bitPattern == b.bitPattern { return 0 }
        return a.isTotallyOrdered(belowOrEqualTo: b) ? -1 : 1
    }

    private static func compareFields(_ a: [Field], _ b: [Field]) -> Int {
        compareSequences(a, b) { firstNonZero(compareUTF8($0.name, $1.name), compare($0.value, $1.value)) }
    }

    private static func compareSequences<S: Sequence>(
        _ a: S, _ b: S, by compareElements: (S.Element, S.Element) -> Int
    ) -> Int {
        var ia = a.makeIterator(), ib = b.makeIterator()
        while true {
            switch (ia.next(), ib.next()) {
            case (nil, nil): return 0
            case (nil, _): return -1
            case (_, nil): return 1
            case let (x?, y?):
                let c = compareElements(x, y)
                if c != 0 { return c }
            }
        }
    }
}
