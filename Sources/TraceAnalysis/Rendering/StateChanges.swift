/// The change between two states as `set` and `remove` operations on the deepest paths that
/// differ, for actions whose state was recorded as a keyframe instead of a patch.
///
/// Containers of the same shape are compared child by child (struct fields, enum payloads of
/// the same case, equal-length arrays by position, dictionary entries by key); anything else
/// that differs is one `set` of the whole node. Applying the operations to `old` gives `new`.
public enum StateChanges {
    /// The operations that turn `old` into `new` (empty when they are equal), followed by a
    /// `set` of each redacted node whose hidden value changed, as the recorder writes it.
    ///
    /// - Parameter redactedChanges: where a redacted value changed between them (see
    ///   ``DiffRendering/render(from:to:redactedChanges:)``).
    public static func operations(from old: TraceValue, to new: TraceValue, redactedChanges: RedactedChanges = RedactedChanges()) -> [PatchOperation] {
        var operations: [PatchOperation] = []
        compare(old, new, path: [], into: &operations)
        if !redactedChanges.isEmpty {
            operations += redactedChanges.shown(in: new).map { .set(path: $0.path, value: $0.node) }
        }
        return operations
    }

    private static func compare(_ old: TraceValue, _ new: TraceValue, path: [PathComponent], into operations: inout [PatchOperation]) {
        guard old != new else { return }
        switch (old, new) {
        case let (.structure(t1, f1), .structure(t2, f2)) where t1 == t2 && sameLabels(f1, f2),
            let (.enumeration(t1, _, f1), .enumeration(t2, _, f2)) where t1 == t2 && sameCase(old, new) && sameLabels(f1, f2):
            for (index, (a, b)) in zip(f1, f2).enumerated() {
                compare(a.value, b.value, path: path + [a.name.isEmpty ? .index(index) : .field(a.name)], into: &operations)
            }
        case let (.object(t1, i1, f1), .object(t2, i2, f2)) where t1 == t2 && i1 == i2 && sameLabels(f1, f2):
            for (a, b) in zip(f1, f2) { compare(a.value, b.value, path: path + [.field(a.name)], into: &operations) }
        case let (.some(a), .some(b)):
            compare(a, b, path: path + [.some], into: &operations)
        case let (.array(a), .array(b)) where a.count == b.count:
            for (index, (x, y)) in zip(a, b).enumerated() { compare(x, y, path: path + [.index(index)], into: &operations) }
        case let (.dictionary(a), .dictionary(b)):
            var remaining = b
            for entry in a {
                if let match = remaining.firstIndex(where: { $0.key == entry.key }) {
                    compare(entry.value, remaining[match].value, path: path + [.key(entry.key)], into: &operations)
                    remaining.remove(at: match)
                } else {
                    operations.append(.remove(path: path + [.key(entry.key)]))
                }
            }
            for entry in remaining { operations.append(.set(path: path + [.key(entry.key)], value: entry.value)) }
        default:
            operations.append(.set(path: path, value: new))
        }
    }

    private static func sameLabels(_ a: [TraceValue.Field], _ b: [TraceValue.Field]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { $0.name == $1.name }
    }

    private static func sameCase(_ a: TraceValue, _ b: TraceValue) -> Bool {
        if case let .enumeration(_, c1, _) = a, case let .enumeration(_, c2, _) = b { return c1 == c2 }
        return false
    }
}
