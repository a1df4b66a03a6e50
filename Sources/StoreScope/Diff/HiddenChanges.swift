/// Redacted values that changed between two captured trees, found by comparing captures taken
/// without redaction: for the paths ``StateDiffer`` can only compare as whole trees (values
/// captured by encoding, states holding class instances).
///
/// The unredacted captures stay in the app's process; only the redacted node is written.
enum HiddenChanges {
    /// Appends a `set` of the redacted node for every redacted node that `old` and `new` both
    /// hold, at the same path, whose unredacted captures differ.
    ///
    /// - Parameters:
    ///   - old: the capture of the old value, redacted.
    ///   - new: the capture of the new value, redacted.
    ///   - revealedOld: the capture of the old value without redaction by name.
    ///   - revealedNew: the capture of the new value without redaction by name.
    static func append(
        from old: TraceValue, to new: TraceValue, revealedOld: TraceValue, revealedNew: TraceValue,
        at path: inout [PathComponent], into operations: inout [PatchOperation]
    ) {
        if revealedOld == revealedNew { return }
        switch (old, new) {
        case (.redacted, .redacted):
            if old == new { operations.append(.set(path: path, value: new)) }
        case let (.structure(_, f1), .structure(_, f2)), let (.object(_, _, f1), .object(_, _, f2)):
            fields(f1, f2, revealedOld, revealedNew, payload: false, at: &path, into: &operations)
        case let (.enumeration(_, c1, p1), .enumeration(_, c2, p2)) where c1 == c2:
            fields(p1, p2, revealedOld, revealedNew, payload: true, at: &path, into: &operations)
        case let (.some(a), .some(b)):
            guard case let .some(c) = revealedOld, case let .some(d) = revealedNew else { return }
            path.append(.some)
            append(from: a, to: b, revealedOld: c, revealedNew: d, at: &path, into: &operations)
            path.removeLast()
        case let (.array(a), .array(b)):
            guard case let .array(c) = revealedOld, case let .array(d) = revealedNew,
                a.count == b.count, c.count == a.count, d.count == a.count
            else { return }
            for index in a.indices {
                path.append(.index(index))
                append(from: a[index], to: b[index], revealedOld: c[index], revealedNew: d[index], at: &path, into: &operations)
                path.removeLast()
            }
        case let (.dictionary(a), .dictionary(b)):
            // Entries line up only when revealing changed no key.
            guard case let .dictionary(c) = revealedOld, case let .dictionary(d) = revealedNew,
                a.map(\.key) == b.map(\.key), c.map(\.key) == a.map(\.key), d.map(\.key) == a.map(\.key)
            else { return }
            for index in a.indices {
                path.append(.key(a[index].key))
                append(from: a[index].value, to: b[index].value, revealedOld: c[index].value, revealedNew: d[index].value, at: &path, into: &operations)
                path.removeLast()
            }
        default:
            return
        }
    }

    private static func fields(
        _ old: [TraceValue.Field], _ new: [TraceValue.Field], _ revealedOld: TraceValue, _ revealedNew: TraceValue,
        payload: Bool, at path: inout [PathComponent], into operations: inout [PatchOperation]
    ) {
        guard let c = revealedOld.fields, let d = revealedNew.fields,
            old.map(\.name) == new.map(\.name), c.map(\.name) == old.map(\.name), d.map(\.name) == old.map(\.name)
        else { return }
        for index in old.indices {
            path.append(payload ? Reflection.payloadPathComponent(name: old[index].name, index: index) : .field(old[index].name))
            append(from: old[index].value, to: new[index].value, revealedOld: c[index].value, revealedNew: d[index].value, at: &path, into: &operations)
            path.removeLast()
        }
    }
}

extension TraceValue {
    /// The fields of a structure or object, or the payload of an enumeration.
    fileprivate var fields: [Field]? {
        switch self {
        case let .structure(_, fields), let .object(_, _, fields), let .enumeration(_, _, fields): fields
        default: nil
        }
    }
}
