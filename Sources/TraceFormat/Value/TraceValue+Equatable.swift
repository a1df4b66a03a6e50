extension TraceValue: Hashable {
    /// Structural equality. Floating-point values compare by bit pattern, so `nan == nan`
    /// holds and `0.0` differs from `-0.0`: a reconstructed state equals the captured one
    /// exactly, bit for bit.
    public static func == (lhs: TraceValue, rhs: TraceValue) -> Bool {
        switch (lhs, rhs) {
        case let (.structure(t1, f1), .structure(t2, f2)):
            return t1 == t2 && f1 == f2
        case let (.object(t1, i1, f1), .object(t2, i2, f2)):
            return t1 == t2 && i1 == i2 && f1 == f2
        case let (.reference(t1, i1), .reference(t2, i2)):
            return t1 == t2 && i1 == i2
        case let (.enumeration(t1, c1, p1), .enumeration(t2, c2, p2)):
            return t1 == t2 && c1 == c2 && p1 == p2
        case let (.none(t1), .none(t2)):
            return t1 == t2
        case let (.some(v1), .some(v2)):
            return v1 == v2
        case let (.array(a1), .array(a2)), let (.set(a1), .set(a2)):
            return a1 == a2
        case let (.dictionary(e1), .dictionary(e2)):
            return e1 == e2
        case let (.string(s1), .string(s2)):
            return s1 == s2
        case let (.int(i1), .int(i2)):
            return i1 == i2
        case let (.uint(u1), .uint(u2)):
            return u1 == u2
        case let (.double(d1), .double(d2)), let (.date(d1), .date(d2)):
            return d1.bitPattern == d2.bitPattern
        case let (.bool(b1), .bool(b2)):
            return b1 == b2
        case let (.data(d1), .data(d2)):
            return d1 == d2
        case let (.scalar(t1, x1), .scalar(t2, x2)):
            return t1 == t2 && x1 == x2
        case let (.redacted(t1), .redacted(t2)):
            return t1 == t2
        case let (.truncated(r1), .truncated(r2)):
            return r1 == r2
        default:
            return false
        }
    }

    /// Hashes the value consistently with ``==(_:_:)``.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(kind.rawValue)
        switch self {
        case let .structure(type, fields):
            hasher.combine(type)
            hasher.combine(fields)
        case let .object(type, id, fields):
            hasher.combine(type)
            hasher.combine(id)
            hasher.combine(fields)
        case let .reference(type, id):
            hasher.combine(type)
            hasher.combine(id)
        case let .enumeration(type, caseName, payload):
            hasher.combine(type)
            hasher.combine(caseName)
            hasher.combine(payload)
        case let .none(type), let .redacted(type):
            hasher.combine(type)
        case let .some(wrapped):
            hasher.combine(wrapped)
        case let .array(elements), let .set(elements):
            hasher.combine(elements)
        case let .dictionary(entries):
            hasher.combine(entries)
        case let .string(string):
            hasher.combine(string)
        case let .int(value):
            hasher.combine(value)
        case let .uint(value):
            hasher.combine(value)
        case let .double(value), let .date(value):
            hasher.combine(value.bitPattern)
        case let .bool(value):
            hasher.combine(value)
        case let .data(bytes):
            hasher.combine(bytes)
        case let .scalar(type, text):
            hasher.combine(type)
            hasher.combine(text)
        case let .truncated(truncation):
            hasher.combine(truncation)
        }
    }
}
