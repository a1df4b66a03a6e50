import TraceFormat

/// The diff told the action's patch (``DiffRendering/render(from:to:redactedChanges:patch:)``):
/// how each operation's path relates to the walk's node, and the containers compared only
/// where the patch names their children — a dictionary at its keys, an array at the indices
/// it sets — so a diff of one change in a huge container costs the change.
extension DiffRendering.Walk {
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

    /// The diff of two dictionaries at `keys` only, the rest being the same entries; `false`
    /// (nothing written) when the two do not line up that way.
    mutating func keyedDiff(
        _ old: [TraceValue.DictionaryEntry], _ new: [TraceValue.DictionaryEntry], keys: [TraceValue], label: String, indent: Int,
        into lines: inout [RenderedLine]
    ) -> Bool {
        guard !old.isEmpty, !new.isEmpty, let shape = ContainerShape(.dictionary(old)) else { return false }
        let places = keys.map { (key: $0, old: old.firstIndex(notBefore: $0), new: new.firstIndex(notBefore: $0)) }
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
                lines.append(RenderedLine(mark: .context, indent: indent + 1, content: TreeLayout.keyLabel(first.key) + single, path: statePath + [.key(first.key)]))
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
                let start = lines.count
                TreeLayout.lines(of: old[i].value, label: childLabel, mark: .removed, indent: indent + 1, into: &lines)
                Self.give(statePath + [.key(place.key)], to: &lines, from: start)
            case (false, true):
                flush()
                let start = lines.count
                TreeLayout.lines(of: new[j].value, label: childLabel, mark: .added, indent: indent + 1, into: &lines)
                Self.give(statePath + [.key(place.key)], to: &lines, from: start)
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
        var unchanged = 0, firstUnchanged: (index: Int, value: TraceValue)?
        func flush() {
            if unchanged == 1, let first = firstUnchanged, let single = TreeLayout.singleLine(first.value) {
                lines.append(RenderedLine(mark: .context, indent: indent + 1, content: TreeLayout.indexLabel(first.index) + single, path: statePath + [.index(first.index)]))
            } else if unchanged > 0 {
                lines.append(RenderedLine(mark: .context, indent: indent + 1, content: "… (\(unchanged) unchanged)"))
            }
            unchanged = 0
            firstUnchanged = nil
        }
        var next = 0
        for index in indices {
            if index > next {
                if unchanged == 0 { firstUnchanged = (next, old[next]) }
                unchanged += index - next
            }
            childrenVisited += 1
            let (before, after) = (old[index], new[index])
            if before == after && !hidesChange(under: .index(index)) {
                if unchanged == 0 { firstUnchanged = (index, after) }
                unchanged += 1
            } else {
                flush()
                descend(.index(index)) { $0.diff(before, after, label: TreeLayout.indexLabel(index), indent: indent + 1, into: &lines) }
            }
            next = index + 1
        }
        if old.count > next {
            if unchanged == 0 { firstUnchanged = (next, old[next]) }
            unchanged += old.count - next
        }
        flush()
        lines.append(RenderedLine(mark: .context, indent: indent, content: shape.closer))
        return true
    }
}
