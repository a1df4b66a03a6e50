/// `Optional` in the differ: `.some` to `.some` descends through a `.some` path step.
protocol _DiffedOptional {
    func _diff(against other: Any, with differ: inout StateDiffer, depth: Int)
}

/// Arrays, dictionaries and sets in the differ: typed paths, no reflection.
protocol _DiffedCollection {
    func _diff(against other: Any, with differ: inout StateDiffer, depth: Int)
}

/// Dictionaries whose values can be compared with `==`.
protocol _EquatableValues {
    /// The keys present in both dictionaries whose values differ.
    func _keysWithUnequalValues(comparedTo other: Any) -> [Any]
}

extension Optional: _DiffedOptional {
    func _diff(against other: Any, with differ: inout StateDiffer, depth: Int) {
        switch (self, other as! Wrapped?) {  // the differ checked that both have this type
        case (.none, .none):
            return
        case let (.some(before), .some(after)):
            differ.path.append(.some)
            defer { differ.path.removeLast() }
            differ.diff(before, after, depth: depth)
        case let (before, after):
            differ.replace(before as Any, after as Any, depth: depth)
        }
    }
}

extension Set: _DiffedCollection {
    /// Removals then insertions, each in canonical order of the captured elements; the whole
    /// set when its elements cannot be told apart once captured (see ``DistinctCaptures``).
    func _diff(against other: Any, with differ: inout StateDiffer, depth: Int) {
        let new = other as! Set<Element>  // the differ checked that both have this type
        if self == new { return }
        let limit = differ.options.maximumCollectionCount
        guard count <= limit && new.count <= limit else {
            differ.replace(self, new, depth: depth)
            return
        }
        let removed = subtracting(new), inserted = new.subtracting(self)
        // An element not equal to itself (a NaN) is "removed" and "inserted" at once.
        guard removed.allSatisfy(contains), inserted.allSatisfy(new.contains),
            DistinctCaptures.hold(for: Element.self, self, new, differ: differ, depth: depth)
        else {
            differ.replace(self, new, depth: depth)
            return
        }
        func captured(_ elements: Set<Element>) -> [TraceValue] {
            var result: [TraceValue] = []
            for element in elements { result.append(differ.capture(element, depth: depth + 1)) }
            return result.sorted(by: TraceValue.canonicalOrder)
        }
        for element in captured(removed) {
            differ.operations.append(.remove(path: differ.path + [.key(element)]))
        }
        for element in captured(inserted) {
            differ.operations.append(.insert(path: differ.path + [.key(element)], value: element))
        }
    }
}

extension Dictionary: _DiffedCollection {
    /// Changes grouped per key, in canonical order of the captured keys: a removed key is a
    /// `remove`, an added one a `set`, a changed value the diff of the two values. The whole
    /// dictionary when a key is not found under itself (a NaN) or when keys cannot be told
    /// apart once captured (see ``DistinctCaptures``).
    func _diff(against other: Any, with differ: inout StateDiffer, depth: Int) {
        let new = other as! [Key: Value]  // the differ checked that both have this type
        if let equals = TypeTraits.of(self).equals, equals(self, new) { return }
        let limit = differ.options.maximumCollectionCount
        guard count <= limit && new.count <= limit,
            DistinctCaptures.hold(for: Key.self, keys, new.keys, differ: differ, depth: depth),
            let groups = keyedChanges(to: new, with: &differ, depth: depth)
        else {
            differ.replace(self, new, depth: depth)
            return
        }
        for group in groups { differ.operations += group.operations }
    }

    /// The operations per captured key, in canonical key order; `nil` when a key is not found
    /// under itself, so keyed operations cannot describe the change.
    private func keyedChanges(
        to new: [Key: Value], with differ: inout StateDiffer, depth: Int
    ) -> [(key: TraceValue, operations: [PatchOperation])]? {
        let changed: [Key]
        if let equatable = self as? any _EquatableValues {
            changed = equatable._keysWithUnequalValues(comparedTo: new).map { $0 as! Key }
        } else {
            changed = keys.filter { new[$0] != nil }
        }
        var groups: [(key: TraceValue, operations: [PatchOperation])] = []
        for key in self.keys where new[key] == nil {
            guard self[key] != nil else { return nil }
            let captured = differ.capture(key, depth: depth + 1)
            groups.append((captured, [.remove(path: differ.path + [.key(captured)])]))
        }
        for (key, value) in new where self[key] == nil {
            guard new[key] != nil else { return nil }
            let captured = differ.capture(key, depth: depth + 1)
            let node = UnorderedCapture.redacts(key: captured, differ.options)
                ? ValueCapturer.redactedNode(for: value) : differ.capture(value, depth: depth + 1)
            groups.append((captured, [.set(path: differ.path + [.key(captured)], value: node)]))
        }
        for key in changed {
            guard let before = self[key], let after = new[key] else { return nil }
            let captured = differ.capture(key, depth: depth + 1)
            let start = differ.operations.count
            differ.path.append(.key(captured))
            defer { differ.path.removeLast() }
            if UnorderedCapture.redacts(key: captured, differ.options) {
                differ.diffRedacted(before, after, at: differ.path, depth: depth + 1)
            } else {
                differ.diff(before, after, depth: depth + 1)
            }
            if differ.operations.count > start {
                groups.append((captured, Array(differ.operations[start...])))
                differ.operations.removeSubrange(start...)
            }
        }
        groups.sort { TraceValue.canonicalOrder($0.key, $1.key) }
        return groups
    }
}

extension Dictionary: _EquatableValues where Value: Equatable {
    func _keysWithUnequalValues(comparedTo other: Any) -> [Any] {
        let other = other as! [Key: Value]  // called with a dictionary of the same type
        var result: [Any] = []
        for (key, value) in self {
            if let otherValue = other[key], otherValue != value { result.append(key) }
        }
        return result
    }
}
