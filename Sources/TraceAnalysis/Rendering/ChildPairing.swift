/// How the children of two containers of the same shape line up, for ``DiffRendering``.
enum ChildPairing {
    /// A child on one or both sides, with the label it is rendered with (`name: `, `key: `,
    /// `[17] ` for array elements, or empty for set elements and unlabeled payloads), and its
    /// step: a field by position, an array element by index (in the old array for a removed
    /// one, else in the new), an entry or a set element by key.
    enum Pair {
        case same(Label, PathComponent, TraceValue)
        case changed(Label, PathComponent, TraceValue, TraceValue)
        case removed(Label, PathComponent, TraceValue)
        case added(Label, PathComponent, TraceValue)
        /// An array element matched by id that moved from index `from` in the old array to
        /// index `to` in the new, changed or not.
        case moved(to: Int, from: Int, TraceValue, TraceValue)
    }

    /// A child's label, built only when a line shows it: a diff of a 1M-entry dictionary
    /// shows a few entries, and building every key's label cost more than the comparison.
    enum Label {
        case text(String)
        case key(TraceValue)
        /// An array element's index: in the old array for a removed element, else in the new.
        case index(Int)

        var text: String {
            switch self {
            case let .text(text): text
            case let .key(key): TreeLayout.keyLabel(key)
            case let .index(index): TreeLayout.indexLabel(index)
            }
        }
    }

    /// The paired children, or `nil` when the two nodes are not the same kind of container
    /// (then the renderer shows old and new whole).
    static func pairs(_ old: TraceValue, _ new: TraceValue) -> [Pair]? {
        var pairs: [Pair] = []
        return forEachPair(old, new) { pairs.append($0) } ? pairs : nil
    }

    /// Whether the children of `old` and `new` pair up: the same kind of container (what
    /// ``forEachPair(_:_:_:)`` answers, without pairing anything).
    static func pairable(_ old: TraceValue, _ new: TraceValue) -> Bool {
        switch (old, new) {
        case let (.structure(t1, f1), .structure(t2, f2)): t1 == t2 && sameNames(f1, f2)
        case let (.object(t1, i1, f1), .object(t2, i2, f2)): t1 == t2 && i1 == i2 && sameNames(f1, f2)
        case let (.enumeration(t1, c1, p1), .enumeration(t2, c2, p2)): t1 == t2 && c1 == c2 && !p1.isEmpty && sameNames(p1, p2)
        case (.array, .array), (.set, .set), (.dictionary, .dictionary): true
        default: false
        }
    }

    /// Calls `body` with each pair of children in order, without collecting them (a diff of a
    /// 1M-entry dictionary passes a million pairs and keeps a few); returns `false`, calling
    /// nothing, when the two nodes are not the same kind of container.
    @discardableResult
    static func forEachPair(_ old: TraceValue, _ new: TraceValue, _ body: (Pair) -> Void) -> Bool {
        switch (old, new) {
        case let (.structure(t1, f1), .structure(t2, f2)) where t1 == t2 && sameNames(f1, f2):
            fields(f1, f2).forEach(body)
        case let (.object(t1, i1, f1), .object(t2, i2, f2)) where t1 == t2 && i1 == i2 && sameNames(f1, f2):
            fields(f1, f2).forEach(body)
        case let (.enumeration(t1, c1, p1), .enumeration(t2, c2, p2)) where t1 == t2 && c1 == c2 && !p1.isEmpty && sameNames(p1, p2):
            fields(p1, p2).forEach(body)
        case let (.array(a), .array(b)):
            elements(a, b, body)
        case let (.set(a), .set(b)):
            merged(a, b, key: { $0 }, value: { $0 }, label: { _ in .text("") }, body)
        case let (.dictionary(a), .dictionary(b)):
            merged(a, b, key: \.key, value: \.value, label: { .key($0) }, body)
        default:
            return false
        }
        return true
    }

    private static func fields(_ old: [TraceValue.Field], _ new: [TraceValue.Field]) -> [Pair] {
        zip(old, new).enumerated().map { position, fields in
            let (before, after) = fields
            let label = Label.text(TreeLayout.fieldLabel(before.name))
            return before.value == after.value
                ? .same(label, .index(position), after.value) : .changed(label, .index(position), before.value, after.value)
        }
    }

    /// Equal prefix and suffix, then the elements in between: by id when they all have one
    /// (``identified(_:_:offset:_:)``), else by position, the longer side's extra elements
    /// removed or added.
    private static func elements(_ old: [TraceValue], _ new: [TraceValue], _ body: (Pair) -> Void) {
        let shorter = min(old.count, new.count)
        var prefix = 0
        while prefix < shorter && old[prefix] == new[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < shorter - prefix && old[old.count - 1 - suffix] == new[new.count - 1 - suffix] { suffix += 1 }
        for index in 0..<prefix { body(.same(.index(index), .index(index), new[index])) }
        let oldMiddle = old[prefix..<(old.count - suffix)], newMiddle = new[prefix..<(new.count - suffix)]
        if !identified(oldMiddle, newMiddle, offset: prefix, body) {
            let common = min(oldMiddle.count, newMiddle.count)
            for index in prefix..<(prefix + common) {
                let step = PathComponent.index(index)
                body(old[index] == new[index] ? .same(.index(index), step, new[index]) : .changed(.index(index), step, old[index], new[index]))
            }
            for index in (prefix + common)..<oldMiddle.endIndex { body(.removed(.index(index), .index(index), old[index])) }
            for index in (prefix + common)..<newMiddle.endIndex { body(.added(.index(index), .index(index), new[index])) }
        }
        for index in (new.count - suffix)..<new.count { body(.same(.index(index), .index(index), new[index])) }
    }

    /// Merge of two lists sorted by key (dictionaries and sets are stored that way).
    private static func merged<Item>(
        _ old: [Item], _ new: [Item], key: (Item) -> TraceValue, value: (Item) -> TraceValue,
        label: (TraceValue) -> Label, _ body: (Pair) -> Void
    ) {
        var i = 0, j = 0
        while i < old.count || j < new.count {
            let order = i == old.count ? 1 : (j == new.count ? -1 : TraceValue.compare(key(old[i]), key(new[j])))
            if order < 0 {
                body(.removed(label(key(old[i])), .key(key(old[i])), value(old[i])))
                i += 1
            } else if order > 0 {
                body(.added(label(key(new[j])), .key(key(new[j])), value(new[j])))
                j += 1
            } else {
                let newKey = key(new[j]), before = value(old[i]), after = value(new[j])
                body(before == after ? .same(label(newKey), .key(newKey), after) : .changed(label(newKey), .key(newKey), before, after))
                i += 1
                j += 1
            }
        }
    }

    private static func sameNames(_ a: [TraceValue.Field], _ b: [TraceValue.Field]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { $0.name == $1.name }
    }
}
