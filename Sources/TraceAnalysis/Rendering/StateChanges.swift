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
        if old != new { compare(old, new, path: [], into: &operations) }
        if !redactedChanges.isEmpty {
            operations += redactedChanges.shown(in: new).map { .set(path: $0.path, value: $0.node) }
        }
        return operations
    }

    /// The operations for two nodes that differ. Callers compare first, so an equal child
    /// costs no path of its own (a million equal entries built a million paths).
    private static func compare(_ old: TraceValue, _ new: TraceValue, path: [PathComponent], into operations: inout [PatchOperation]) {
        switch (old, new) {
        case let (.structure(t1, f1), .structure(t2, f2)) where t1 == t2 && sameLabels(f1, f2),
            let (.enumeration(t1, _, f1), .enumeration(t2, _, f2)) where t1 == t2 && sameCase(old, new) && sameLabels(f1, f2):
            for (index, (a, b)) in zip(f1, f2).enumerated() where a.value != b.value {
                compare(a.value, b.value, path: path + [a.name.isEmpty ? .index(index) : .field(a.name)], into: &operations)
            }
        case let (.object(t1, i1, f1), .object(t2, i2, f2)) where t1 == t2 && i1 == i2 && sameLabels(f1, f2):
            for (a, b) in zip(f1, f2) where a.value != b.value { compare(a.value, b.value, path: path + [.field(a.name)], into: &operations) }
        case let (.some(a), .some(b)):
            // Unequal, as their optionals are.
            compare(a, b, path: path + [.some], into: &operations)
        case let (.array(a), .array(b)) where a.count == b.count:
            for (index, (x, y)) in zip(a, b).enumerated() where x != y { compare(x, y, path: path + [.index(index)], into: &operations) }
        case let (.dictionary(a), .dictionary(b)) where sameKeys(a, b):
            // The usual case (a keyframe of a dictionary whose values changed): matching
            // by key pairs each entry with the one at its own position.
            for (x, y) in zip(a, b) where x.value != y.value {
                compare(x.value, y.value, path: path + [.key(x.key)], into: &operations)
            }
        case let (.dictionary(a), .dictionary(b)):
            // Each entry of `a` is matched with the first unmatched entry of `b` with its key:
            // compared, or removed; the unmatched entries of `b` are set, in `b`'s order.
            let matches = matchedEntries(a, b)
            var matched = [Bool](repeating: false, count: b.count)
            for (entry, match) in zip(a, matches) {
                if let match {
                    matched[match] = true
                    guard entry.value != b[match].value else { continue }
                    compare(entry.value, b[match].value, path: path + [.key(entry.key)], into: &operations)
                } else {
                    operations.append(.remove(path: path + [.key(entry.key)]))
                }
            }
            for (entry, isMatched) in zip(b, matched) where !isMatched {
                operations.append(.set(path: path + [.key(entry.key)], value: entry.value))
            }
        default:
            operations.append(.set(path: path, value: new))
        }
    }

    /// For each entry of `a`, the index in `b` of the first entry with its key not matched by
    /// an earlier entry of `a`. Linear in both: a merge when both are in the canonical key
    /// order (as every dictionary a recorder writes is), else a table of `b`'s keys (a
    /// hostile writer's duplicate or unsorted keys). Searching `b` per entry of `a` made a
    /// keyframe of a million-entry dictionary cost 10^12 comparisons.
    static func matchedEntries(_ a: [TraceValue.DictionaryEntry], _ b: [TraceValue.DictionaryEntry]) -> [Int?] {
        if isStrictlySorted(a), isStrictlySorted(b) {
            var matches: [Int?] = []
            matches.reserveCapacity(a.count)
            var j = 0
            for entry in a {
                while j < b.count, TraceValue.canonicalOrder(b[j].key, entry.key) { j += 1 }
                matches.append(j < b.count && b[j].key == entry.key ? j : nil)
            }
            return matches
        }
        var positions: [TraceValue: [Int]] = [:]
        for (index, entry) in b.enumerated().reversed() { positions[entry.key, default: []].append(index) }
        return a.map { positions[$0.key]?.popLast() }
    }

    /// Whether `a` and `b` hold the same keys in the same order. Then the first unmatched
    /// entry of `b` with the key of `a[i]` is `b[i]`, duplicates or not: the earlier entries
    /// of `a` with that key took the earlier ones of `b`, position by position.
    private static func sameKeys(_ a: [TraceValue.DictionaryEntry], _ b: [TraceValue.DictionaryEntry]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key }
    }

    private static func isStrictlySorted(_ entries: [TraceValue.DictionaryEntry]) -> Bool {
        zip(entries, entries.dropFirst()).allSatisfy { TraceValue.canonicalOrder($0.key, $1.key) }
    }

    private static func sameLabels(_ a: [TraceValue.Field], _ b: [TraceValue.Field]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { $0.name == $1.name }
    }

    private static func sameCase(_ a: TraceValue, _ b: TraceValue) -> Bool {
        if case let .enumeration(_, c1, _) = a, case let .enumeration(_, c2, _) = b { return c1 == c2 }
        return false
    }
}
