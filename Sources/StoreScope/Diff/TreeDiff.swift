/// The patch between two captured trees, computed on the trees themselves.
///
/// ``StateDiffer`` uses it wherever it compares captured nodes (scalars, custom
/// representations, encoded values, subtrees holding class instances); it is exact by
/// construction: applying the result to `old` gives `new`.
enum TreeDiff {
    /// The operations that turn `old` into `new`.
    ///
    /// - Parameters:
    ///   - old: the tree before.
    ///   - new: the tree after.
    /// - Returns: operations with paths from the root; empty when the trees are equal.
    static func operations(from old: TraceValue, to new: TraceValue) -> [PatchOperation] {
        var path: [PathComponent] = []
        var operations: [PatchOperation] = []
        append(from: old, to: new, at: &path, into: &operations)
        return operations
    }

    /// Appends the operations that turn the subtree `old` at `path` into `new`.
    static func append(from old: TraceValue, to new: TraceValue, at path: inout [PathComponent], into operations: inout [PatchOperation]) {
        if old == new { return }
        switch (old, new) {
        case let (.structure(t1, f1), .structure(t2, f2)) where t1 == t2 && sameNames(f1, f2):
            fields(f1, f2, payload: false, at: &path, into: &operations)
        case let (.object(t1, i1, f1), .object(t2, i2, f2)) where t1 == t2 && i1 == i2 && sameNames(f1, f2):
            fields(f1, f2, payload: false, at: &path, into: &operations)
        case let (.enumeration(t1, c1, p1), .enumeration(t2, c2, p2)) where t1 == t2 && c1 == c2 && sameNames(p1, p2):
            fields(p1, p2, payload: true, at: &path, into: &operations)
        case let (.some(a), .some(b)):
            path.append(.some)
            append(from: a, to: b, at: &path, into: &operations)
            path.removeLast()
        case let (.array(a), .array(b)):
            elements(a, b, at: &path, into: &operations)
        case let (.dictionary(a), .dictionary(b)) where isStrictlySorted(a.map(\.key)) && isStrictlySorted(b.map(\.key)):
            entries(a, b, at: &path, into: &operations)
        case let (.set(a), .set(b)) where isStrictlySorted(a) && isStrictlySorted(b):
            setElements(a, b, at: &path, into: &operations)
        default:
            operations.append(.set(path: path, value: new))
        }
    }

    private static func fields(
        _ old: [TraceValue.Field], _ new: [TraceValue.Field], payload: Bool,
        at path: inout [PathComponent], into operations: inout [PatchOperation]
    ) {
        for index in old.indices where old[index].value != new[index].value {
            let name = old[index].name
            path.append(payload ? Reflection.payloadPathComponent(name: name, index: index) : .field(name))
            append(from: old[index].value, to: new[index].value, at: &path, into: &operations)
            path.removeLast()
        }
    }

    /// Positional diff after trimming the equal prefix and suffix, so one insertion or removal
    /// anywhere is one operation.
    private static func elements(_ old: [TraceValue], _ new: [TraceValue], at path: inout [PathComponent], into operations: inout [PatchOperation]) {
        let shorter = min(old.count, new.count)
        var prefix = 0
        while prefix < shorter && old[prefix] == new[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < shorter - prefix && old[old.count - 1 - suffix] == new[new.count - 1 - suffix] { suffix += 1 }
        let oldMiddle = old.count - prefix - suffix, newMiddle = new.count - prefix - suffix
        let common = min(oldMiddle, newMiddle)
        for index in prefix..<(prefix + common) where old[index] != new[index] {
            path.append(.index(index))
            append(from: old[index], to: new[index], at: &path, into: &operations)
            path.removeLast()
        }
        for index in (prefix + common)..<(prefix + newMiddle) {
            operations.append(.insert(path: path + [.index(index)], value: new[index]))
        }
        for index in ((prefix + common)..<(prefix + oldMiddle)).reversed() {
            operations.append(.remove(path: path + [.index(index)]))
        }
    }

    /// Merge of two key-sorted entry lists.
    private static func entries(
        _ old: [TraceValue.DictionaryEntry], _ new: [TraceValue.DictionaryEntry],
        at path: inout [PathComponent], into operations: inout [PatchOperation]
    ) {
        var i = 0, j = 0
        while i < old.count || j < new.count {
            let order = i == old.count ? 1 : (j == new.count ? -1 : TraceValue.compare(old[i].key, new[j].key))
            if order < 0 {
                operations.append(.remove(path: path + [.key(old[i].key)]))
                i += 1
            } else if order > 0 {
                operations.append(.set(path: path + [.key(new[j].key)], value: new[j].value))
                j += 1
            } else {
                path.append(.key(new[j].key))
                append(from: old[i].value, to: new[j].value, at: &path, into: &operations)
                path.removeLast()
                i += 1
                j += 1
            }
        }
    }

    /// Merge of two sorted element lists: removals, then insertions.
    private static func setElements(_ old: [TraceValue], _ new: [TraceValue], at path: inout [PathComponent], into operations: inout [PatchOperation]) {
        var removals: [PatchOperation] = [], insertions: [PatchOperation] = []
        var i = 0, j = 0
        while i < old.count || j < new.count {
            let order = i == old.count ? 1 : (j == new.count ? -1 : TraceValue.compare(old[i], new[j]))
            if order < 0 {
                removals.append(.remove(path: path + [.key(old[i])]))
                i += 1
            } else if order > 0 {
                insertions.append(.insert(path: path + [.key(new[j])], value: new[j]))
                j += 1
            } else {
                i += 1
                j += 1
            }
        }
        operations += removals + insertions
    }

    private static func sameNames(_ a: [TraceValue.Field], _ b: [TraceValue.Field]) -> Bool {
        guard a.count == b.count else { return false }
        for index in a.indices where a[index].name != b[index].name { return false }
        var seen = Set<String>()
        return a.allSatisfy { $0.name.isEmpty || seen.insert($0.name).inserted }
    }

    private static func isStrictlySorted(_ values: [TraceValue]) -> Bool {
        zip(values, values.dropFirst()).allSatisfy { TraceValue.compare($0, $1) < 0 }
    }
}
