/// Renders the change between two states as `-`/`+` lines, the way swift-custom-dump does.
///
/// Lines start with `- ` (only in the old state), `+ ` (only in the new one) or two spaces
/// (context), then two spaces of indentation per level. Containers that exist on both sides are
/// opened and their children compared: struct and class fields by name, enum payloads of the
/// same case, dictionary entries by key, set elements, and array elements after trimming the
/// equal prefix and suffix. A run of unchanged children collapses into `… (N unchanged)`,
/// except a single child that fits on one line, which is shown. The output depends only on the
/// two trees (and the redacted changes given), so it is stable across runs.
///
/// A redacted value that changed is the same `<redacted T>` node in both trees; given the
/// patches' ``RedactedChanges``, it is shown on one line marked `~`:
/// `~   password: <redacted String> (changed)`.
///
/// ```
///   AppState(
///     … (2 unchanged)
/// -   isLoading: false
/// +   isLoading: true
///     selected: nil
///   )
/// ```
public enum DiffRendering {
    /// The rendering of the change from `old` to `new`.
    ///
    /// - Parameters:
    ///   - old: the state before.
    ///   - new: the state after.
    ///   - redactedChanges: where a redacted value changed between them (from the patches in
    ///     between; paths relative to `old` and `new`).
    /// - Returns: the lines joined by newlines (no trailing newline); empty when the trees are
    ///   equal and no redacted value changed.
    ///   - patch: when `new` is `old` with a patch applied, its operations: then a dictionary
    ///     whose entries the patch names only by key is compared at those keys alone, and an
    ///     array whose elements it only sets (or changes inside) by index at those indices
    ///     alone, not child by child (a diff of one change in a 1M-entry dictionary or a
    ///     2M-element array costs the change, not the container). `nil`: compare everything.
    public static func render(
        from old: TraceValue, to new: TraceValue, redactedChanges: RedactedChanges = RedactedChanges(), patch: [PatchOperation]? = nil
    ) -> String {
        var visited = 0
        return render(from: old, to: new, redactedChanges: redactedChanges, patch: patch, childrenVisited: &visited)
    }

    /// ``render(from:to:redactedChanges:patch:)``, counting the children the walk compared:
    /// what tests count instead of timing.
    static func render(
        from old: TraceValue, to new: TraceValue, redactedChanges: RedactedChanges, patch: [PatchOperation]?, childrenVisited: inout Int
    ) -> String {
        let hidden = redactedChanges.isEmpty ? [] : Set(redactedChanges.shown(in: new).map(\.steps))
        if patch?.isEmpty == true, hidden.isEmpty { return "" }
        guard patch != nil || old != new || !hidden.isEmpty else { return "" }
        var lines: [RenderedLine] = []
        var walk = Walk(hidden: hidden, changed: patch)
        walk.diff(old, new, label: "", indent: 0, into: &lines)
        childrenVisited = walk.childrenVisited
        // Compared by the patch's paths, an operation may have set a value to itself.
        if patch != nil, lines.allSatisfy({ $0.mark == .context }) { return "" }
        return lines.map(\.text).joined(separator: "\n")
    }

    /// The rendering of what `patch` changes in `old`.
    ///
    /// - Parameters:
    ///   - patch: the operations of one state patch.
    ///   - old: the state they apply to.
    /// - Returns: see ``render(from:to:)``.
    /// - Throws: ``PatchError`` when the patch does not apply to `old`.
    public static func render(_ patch: [PatchOperation], appliedTo old: TraceValue) throws(PatchError) -> String {
        var new = old
        try new.apply(patch)
        return render(from: old, to: new, redactedChanges: RedactedChanges(patch))
    }

    // MARK: - Comparing

    /// The walk down both trees, with the path it is at.
    private struct Walk {
        /// The renderer's paths of the redacted changes to show (``RedactedChanges``).
        let hidden: Set<[PathComponent]>
        /// The patch's operations (see ``DiffRendering/render(from:to:redactedChanges:patch:)``).
        var changed: [PatchOperation]?
        var path: [PathComponent] = []
        /// The field name of each step of ``path`` that is a field or payload by position:
        /// the patch names those by name.
        var names: [String?] = []
        /// How many children the walk compared (or counted as unchanged one by one).
        var childrenVisited = 0

        init(hidden: Set<[PathComponent]>, changed: [PatchOperation]?) {
            self.hidden = hidden
            self.changed = changed
        }

        /// Where an operation's path leads, seen from the walk's node.
        enum Relation {
            /// Not through this node.
            case elsewhere
            /// To this node or one of its ancestors: the node changes whole.
            case atOrAbove
            /// Below this node, by these steps (the first is not `.some`).
            case below(ArraySlice<PathComponent>)
        }

        /// Where `operationPath` leads from the walk's node. The patch names fields by name
        /// and steps into optionals with `.some`; the walk steps into fields by position and
        /// through optionals without a step.
        func relation(of operationPath: [PathComponent]) -> Relation {
            var steps = operationPath[...]
            func skipSome() { while steps.first == .some { steps = steps.dropFirst() } }
            for (step, name) in zip(path, names) {
                skipSome()
                guard let first = steps.first else { return .atOrAbove }
                switch (step, first) {
                case let (.index(position), .index(index)) where position == index: break
                case let (.index, .field(field)) where field == name: break
                case let (.key(a), .key(b)) where a == b: break
                default: return .elsewhere
                }
                steps = steps.dropFirst()
            }
            skipSome()
            return steps.isEmpty ? .atOrAbove : .below(steps)
        }

        /// The keys the patch names directly under the path, sorted, when it names the
        /// children here only by key (an operation on this node itself, or on a child by any
        /// other step, gives `nil`: compare everything).
        func changedKeys() -> [TraceValue]? {
            guard let changed else { return nil }
            var keys: [TraceValue] = []
            for operation in changed {
                switch relation(of: operation.path) {
                case .elsewhere: continue
                case .atOrAbove: return nil
                case let .below(rest):
                    guard case let .key(key) = rest.first else { return nil }
                    keys.append(key)
                }
            }
            keys.sort { TraceValue.compare($0, $1) < 0 }
            return keys.enumerated().filter { $0.offset == 0 || TraceValue.compare(keys[$0.offset - 1], $0.element) != 0 }.map(\.element)
        }

        /// The first index in `entries` (sorted by key) whose key is not before `key`.
        static func lowerBound(_ entries: [TraceValue.DictionaryEntry], _ key: TraceValue) -> Int {
            var low = 0, high = entries.count
            while low < high {
                let mid = (low + high) / 2
                if TraceValue.compare(entries[mid].key, key) < 0 { low = mid + 1 } else { high = mid }
            }
            return low
        }

        /// The diff of two dictionaries at `keys` only, the rest being the same entries; `false`
        /// (nothing written) when the two do not line up that way.
        mutating func keyedDiff(
            _ old: [TraceValue.DictionaryEntry], _ new: [TraceValue.DictionaryEntry], keys: [TraceValue], label: String, indent: Int,
            into lines: inout [RenderedLine]
        ) -> Bool {
            guard !old.isEmpty, !new.isEmpty, let shape = ContainerShape(.dictionary(old)) else { return false }
            let places = keys.map { (key: $0, old: Self.lowerBound(old, $0), new: Self.lowerBound(new, $0)) }
            // Between two named keys both sides hold the same number of (untouched) entries.
            var i = 0, j = 0
            // Entries are sorted by key (the format's canonical order); where a side is not
            // around a named key, compare everything instead.
            func sorted(around index: Int, _ entries: [TraceValue.DictionaryEntry], _ key: TraceValue) -> Bool {
                (index == 0 || TraceValue.compare(entries[index - 1].key, key) < 0) && (index == entries.count || TraceValue.compare(key, entries[index].key) <= 0)
            }
            for place in places {
                guard place.old >= i, place.new >= j, place.old - i == place.new - j,
                    sorted(around: place.old, old, place.key), sorted(around: place.new, new, place.key)
                else { return false }
                i = place.old + (place.old < old.count && TraceValue.compare(old[place.old].key, place.key) == 0 ? 1 : 0)
                j = place.new + (place.new < new.count && TraceValue.compare(new[place.new].key, place.key) == 0 ? 1 : 0)
            }
            guard old.count - i == new.count - j else { return false }
            lines.append(RenderedLine(mark: .context, indent: indent, content: label + shape.opener))
            var unchanged = 0, firstUnchanged: TraceValue.DictionaryEntry?
            func flush() {
                if unchanged == 1, let first = firstUnchanged, let single = TreeLayout.singleLine(first.value) {
                    lines.append(RenderedLine(mark: .context, indent: indent + 1, content: TreeLayout.keyLabel(first.key) + single))
                } else if unchanged > 0 {
                    lines.append(RenderedLine(mark: .context, indent: indent + 1, content: "… (\(unchanged) unchanged)"))
                }
                unchanged = 0
                firstUnchanged = nil
            }
            func same(_ entries: ArraySlice<TraceValue.DictionaryEntry>) {
                guard let first = entries.first else { return }
                if unchanged == 0 { firstUnchanged = first }
                unchanged += entries.count
            }
            i = 0
            j = 0
            for place in places {
                childrenVisited += 1
                same(old[i..<place.old])
                i = place.old
                j = place.new
                let inOld = i < old.count && TraceValue.compare(old[i].key, place.key) == 0
                let inNew = j < new.count && TraceValue.compare(new[j].key, place.key) == 0
                let childLabel = TreeLayout.keyLabel(place.key)
                switch (inOld, inNew) {
                case (true, true) where old[i].value == new[j].value && !hidesChange(under: .key(place.key)):
                    same(old[i...i])
                case (true, true):
                    flush()
                    let (before, after) = (old[i].value, new[j].value)
                    descend(.key(place.key)) { $0.diff(before, after, label: childLabel, indent: indent + 1, into: &lines) }
                case (true, false):
                    flush()
                    TreeLayout.lines(of: old[i].value, label: childLabel, mark: .removed, indent: indent + 1, into: &lines)
                case (false, true):
                    flush()
                    TreeLayout.lines(of: new[j].value, label: childLabel, mark: .added, indent: indent + 1, into: &lines)
                case (false, false):
                    break
                }
                if inOld { i += 1 }
                if inNew { j += 1 }
            }
            same(old[i...])
            flush()
            lines.append(RenderedLine(mark: .context, indent: indent, content: shape.closer))
            return true
        }

        /// The indices the patch changes directly under the path, sorted and unique, when it
        /// only sets elements here or changes them inside (an insert, removal or move here
        /// shifts the others, and an operation on this node itself or a child by another step
        /// changes more: `nil`, compare everything). The redacted changes under the path are
        /// named by the same patch; their indices are included all the same.
        func changedIndices() -> [Int]? {
            guard let changed else { return nil }
            var indices: [Int] = []
            for operation in changed {
                switch relation(of: operation.path) {
                case .elsewhere: continue
                case .atOrAbove: return nil
                case let .below(rest):
                    guard case let .index(index) = rest.first else { return nil }
                    if rest.count == 1, case .set = operation {} else if rest.count == 1 { return nil }
                    indices.append(index)
                }
            }
            for steps in hidden where steps.count > path.count && steps.starts(with: path) {
                guard case let .index(index) = steps[path.count] else { return nil }
                indices.append(index)
            }
            return Array(Set(indices)).sorted()
        }

        /// The diff of two arrays of the same length at `indices` only, the other elements
        /// being the same; `false` (nothing written) when they do not line up that way.
        mutating func indexedDiff(
            _ old: [TraceValue], _ new: [TraceValue], indices: [Int], label: String, indent: Int, into lines: inout [RenderedLine]
        ) -> Bool {
            guard !old.isEmpty, old.count == new.count, indices.allSatisfy({ old.indices.contains($0) }),
                let shape = ContainerShape(.array(old))
            else { return false }
            lines.append(RenderedLine(mark: .context, indent: indent, content: label + shape.opener))
            // What the full walk shows: runs of unchanged elements collapse, one alone is shown.
            var unchanged = 0, firstUnchanged: TraceValue?
            func flush() {
                if unchanged == 1, let first = firstUnchanged, let single = TreeLayout.singleLine(first) {
                    lines.append(RenderedLine(mark: .context, indent: indent + 1, content: single))
                } else if unchanged > 0 {
                    lines.append(RenderedLine(mark: .context, indent: indent + 1, content: "… (\(unchanged) unchanged)"))
                }
                unchanged = 0
                firstUnchanged = nil
            }
            var next = 0
            for index in indices {
                if index > next {
                    if unchanged == 0 { firstUnchanged = old[next] }
                    unchanged += index - next
                }
                childrenVisited += 1
                let (before, after) = (old[index], new[index])
                if before == after && !hidesChange(under: .index(index)) {
                    if unchanged == 0 { firstUnchanged = after }
                    unchanged += 1
                } else {
                    flush()
                    descend(.index(index)) { $0.diff(before, after, label: "", indent: indent + 1, into: &lines) }
                }
                next = index + 1
            }
            if old.count > next {
                if unchanged == 0 { firstUnchanged = old[next] }
                unchanged += old.count - next
            }
            flush()
            lines.append(RenderedLine(mark: .context, indent: indent, content: shape.closer))
            return true
        }

        /// Whether a redacted change lies at or under the path extended by `step`.
        func hidesChange(under step: PathComponent) -> Bool {
            !hidden.isEmpty && hidden.contains { $0.count > path.count && $0[path.count] == step && $0.starts(with: path) }
        }

        mutating func diff(_ old: TraceValue, _ new: TraceValue, label: String, indent: Int, into lines: inout [RenderedLine]) {
            if case let .some(a) = old, case let .some(b) = new {
                diff(a, b, label: label, indent: indent, into: &lines)
                return
            }
            if case let .dictionary(a) = old, case let .dictionary(b) = new, let keys = changedKeys(),
                keyedDiff(a, b, keys: keys, label: label, indent: indent, into: &lines) {
                return
            }
            if case let .array(a) = old, case let .array(b) = new, let indices = changedIndices(),
                indexedDiff(a, b, indices: indices, label: label, indent: indent, into: &lines) {
                return
            }
            if old == new {
                // Reached only on the way to a change in `hidden`: the value changed behind its
                // redaction.
                if case let .redacted(type) = new, hidden.contains(path) {
                    lines.append(RenderedLine(mark: .hiddenChange, indent: indent, content: label + (TreeLayout.singleLine(new) ?? "<redacted \(type)>") + " (changed)"))
                }
                if !ChildPairing.pairable(old, new) { return }
            }
            // An empty container has no closing line to pair with, so it changes whole.
            guard ChildPairing.pairable(old, new), let shape = ContainerShape(old),
                TreeOutline.childCount(of: old) > 0, TreeOutline.childCount(of: new) > 0
            else {
                TreeLayout.lines(of: old, label: label, mark: .removed, indent: indent, into: &lines)
                TreeLayout.lines(of: new, label: label, mark: .added, indent: indent, into: &lines)
                return
            }
            lines.append(RenderedLine(mark: .context, indent: indent, content: label + shape.opener))
            // A run of unchanged children: how many, and the first (shown when it is alone).
            var unchanged = 0, firstUnchanged: (label: ChildPairing.Label, value: TraceValue)?
            func flush() {
                if unchanged == 1, let first = firstUnchanged, let single = TreeLayout.singleLine(first.value) {
                    lines.append(RenderedLine(mark: .context, indent: indent + 1, content: first.label.text + single))
                } else if unchanged > 0 {
                    lines.append(RenderedLine(mark: .context, indent: indent + 1, content: "… (\(unchanged) unchanged)"))
                }
                unchanged = 0
                firstUnchanged = nil
            }
            ChildPairing.forEachPair(old, new) { pair in
                childrenVisited += 1
                switch pair {
                case let .same(label, step, value):
                    guard hidesChange(under: step) else {
                        if unchanged == 0 { firstUnchanged = (label, value) }
                        unchanged += 1
                        return
                    }
                    flush()
                    descend(step, name: Self.fieldName(of: old, at: step)) { $0.diff(value, value, label: label.text, indent: indent + 1, into: &lines) }
                case let .changed(label, step, before, after):
                    flush()
                    descend(step, name: Self.fieldName(of: old, at: step)) { $0.diff(before, after, label: label.text, indent: indent + 1, into: &lines) }
                case let .removed(label, value):
                    flush()
                    TreeLayout.lines(of: value, label: label.text, mark: .removed, indent: indent + 1, into: &lines)
                case let .added(label, value):
                    flush()
                    TreeLayout.lines(of: value, label: label.text, mark: .added, indent: indent + 1, into: &lines)
                }
            }
            flush()
            lines.append(RenderedLine(mark: .context, indent: indent, content: shape.closer))
        }

        private mutating func descend(_ step: PathComponent, name: String? = nil, _ body: (inout Walk) -> Void) {
            path.append(step)
            names.append(name)
            body(&self)
            path.removeLast()
            names.removeLast()
        }

        /// The name of the field or payload that `step` (by position) takes in `node`.
        static func fieldName(of node: TraceValue, at step: PathComponent) -> String? {
            guard case let .index(position) = step else { return nil }
            switch node {
            case let .structure(_, fields), let .object(_, _, fields), let .enumeration(_, _, fields):
                return fields.indices.contains(position) ? fields[position].name : nil
            default:
                return nil
            }
        }
    }
}

/// One output line: its mark, indentation level and content.
struct RenderedLine {
    enum Mark: String {
        /// `~`: a redacted value that changed, shown once since both sides read the same.
        case context = " ", removed = "-", added = "+", hiddenChange = "~"
    }
    var mark: Mark
    var indent: Int
    var content: String

    var text: String {
        mark.rawValue + " " + String(repeating: "  ", count: indent) + content
    }
}
