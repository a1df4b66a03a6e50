/// How the children of two containers of the same shape line up, for ``DiffRendering``.
enum ChildPairing {
    /// A child on one or both sides, with the label it is rendered with (`name: `, `key: `, or
    /// empty for array elements and unlabeled payloads). A child on both sides also has its
    /// step in the new tree: a field by position, an array element by index, an entry by key.
    enum Pair {
        case same(String, PathComponent, TraceValue)
        case changed(String, PathComponent, TraceValue, TraceValue)
        case removed(String, TraceValue)
        case added(String, TraceValue)
    }

    /// The paired children, or `nil` when the two nodes are not the same kind of container
    /// (then the renderer shows old and new whole).
    static func pairs(_ old: TraceValue, _ new: TraceValue) -> [Pair]? {
        switch (old, new) {
        case let (.structure(t1, f1), .structure(t2, f2)) where t1 == t2 && sameNames(f1, f2):
            return fields(f1, f2)
        case let (.object(t1, i1, f1), .object(t2, i2, f2)) where t1 == t2 && i1 == i2 && sameNames(f1, f2):
            return fields(f1, f2)
        case let (.enumeration(t1, c1, p1), .enumeration(t2, c2, p2)) where t1 == t2 && c1 == c2 && !p1.isEmpty && sameNames(p1, p2):
            return fields(p1, p2)
        case let (.array(a), .array(b)):
            return elements(a, b)
        case let (.set(a), .set(b)):
            return merged(a.map { ($0, $0) }, b.map { ($0, $0) }, label: { _ in "" })
        case let (.dictionary(a), .dictionary(b)):
            return merged(a.map { ($0.key, $0.value) }, b.map { ($0.key, $0.value) }) { TreeLayout.keyLabel($0) }
        default:
            return nil
        }
    }

    private static func fields(_ old: [TraceValue.Field], _ new: [TraceValue.Field]) -> [Pair] {
        zip(old, new).enumerated().map { position, fields in
            let (before, after) = fields
            let label = TreeLayout.fieldLabel(before.name)
            return before.value == after.value
                ? .same(label, .index(position), after.value) : .changed(label, .index(position), before.value, after.value)
        }
    }

    /// Equal prefix and suffix, then pairs by position; the longer side's extra elements are
    /// removed or added.
    private static func elements(_ old: [TraceValue], _ new: [TraceValue]) -> [Pair] {
        let shorter = min(old.count, new.count)
        var prefix = 0
        while prefix < shorter && old[prefix] == new[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < shorter - prefix && old[old.count - 1 - suffix] == new[new.count - 1 - suffix] { suffix += 1 }
        var pairs = old[..<prefix].enumerated().map { Pair.same("", .index($0), $1) }
        let oldMiddle = Array(old[prefix..<(old.count - suffix)]), newMiddle = Array(new[prefix..<(new.count - suffix)])
        let common = min(oldMiddle.count, newMiddle.count)
        for index in 0..<common {
            let step = PathComponent.index(prefix + index)
            pairs.append(oldMiddle[index] == newMiddle[index] ? .same("", step, newMiddle[index]) : .changed("", step, oldMiddle[index], newMiddle[index]))
        }
        pairs += oldMiddle[common...].map { Pair.removed("", $0) }
        pairs += newMiddle[common...].map { Pair.added("", $0) }
        pairs += new[(new.count - suffix)...].enumerated().map { Pair.same("", .index(new.count - suffix + $0), $1) }
        return pairs
    }

    /// Merge of two lists sorted by key (dictionaries and sets are stored that way).
    private static func merged(
        _ old: [(key: TraceValue, value: TraceValue)], _ new: [(key: TraceValue, value: TraceValue)], label: (TraceValue) -> String
    ) -> [Pair] {
        var pairs: [Pair] = []
        var i = 0, j = 0
        while i < old.count || j < new.count {
            let order = i == old.count ? 1 : (j == new.count ? -1 : TraceValue.compare(old[i].key, new[j].key))
            if order < 0 {
                pairs.append(.removed(label(old[i].key), old[i].value))
                i += 1
            } else if order > 0 {
                pairs.append(.added(label(new[j].key), new[j].value))
                j += 1
            } else {
                let text = label(new[j].key), step = PathComponent.key(new[j].key)
                pairs.append(old[i].value == new[j].value ? .same(text, step, new[j].value) : .changed(text, step, old[i].value, new[j].value))
                i += 1
                j += 1
            }
        }
        return pairs
    }

    private static func sameNames(_ a: [TraceValue.Field], _ b: [TraceValue.Field]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { $0.name == $1.name }
    }
}
