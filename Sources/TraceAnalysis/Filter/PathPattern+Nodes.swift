import TraceFormat

/// What a pattern names in a state: the node at a concrete pattern, the nodes a `[*]` reaches.
extension PathPattern {
    /// The value the pattern names in `state` (a pattern with `[*]` names nothing).
    public func node(in state: TraceValue) -> TraceValue? {
        var current = state
        for step in unwrappedSteps {
            while case let .some(wrapped) = current { current = wrapped }
            guard let child = Self.child(of: current, step) else { return nil }
            current = child
        }
        return current
    }

    /// Whether the pattern names at least one node of `state`: with `[*]`, at some index or
    /// key.
    ///
    /// - Parameter throughEmpty: whether a `[*]` on an empty collection counts as reaching
    ///   (it names the elements to come).
    public func reaches(into state: TraceValue, throughEmpty: Bool) -> Bool {
        Self.reaches(unwrappedSteps[...], state, throughEmpty: throughEmpty)
    }

    private static func reaches(_ steps: ArraySlice<Step>, _ value: TraceValue, throughEmpty: Bool) -> Bool {
        var current = value
        while case let .some(wrapped) = current { current = wrapped }
        guard let step = steps.first else { return true }
        guard step == .any else {
            guard let child = child(of: current, step) else { return false }
            return reaches(steps.dropFirst(), child, throughEmpty: throughEmpty)
        }
        let children: [TraceValue]
        switch current {
        case let .array(elements), let .set(elements): children = elements
        case let .dictionary(entries): children = entries.map(\.value)
        default: return false
        }
        return (throughEmpty && children.isEmpty) || children.contains { reaches(steps.dropFirst(), $0, throughEmpty: throughEmpty) }
    }

    /// Every node of `state` the pattern names, with its concrete path (each `[*]` replaced
    /// by the index or key it stands for), in tree order; optionals are looked through as
    /// ``node(in:)`` does.
    public func nodes(in state: TraceValue) -> [(path: [PathComponent], value: TraceValue)] {
        var found: [(path: [PathComponent], value: TraceValue)] = []
        Self.collect(unwrappedSteps[...], state, [], into: &found)
        return found
    }

    private static func collect(
        _ steps: ArraySlice<Step>, _ value: TraceValue, _ path: [PathComponent], into found: inout [(path: [PathComponent], value: TraceValue)]
    ) {
        var current = value, path = path
        guard let step = steps.first else {
            found.append((path, value))
            return
        }
        while case let .some(wrapped) = current {
            current = wrapped
            path.append(.some)
        }
        let rest = steps.dropFirst()
        switch (step, current) {
        case let (.any, .array(elements)):
            for (i, element) in elements.enumerated() { collect(rest, element, path + [.index(i)], into: &found) }
        case let (.any, .dictionary(entries)):
            for entry in entries { collect(rest, entry.value, path + [.key(entry.key)], into: &found) }
        case let (.any, .set(elements)):
            for element in elements { collect(rest, element, path + [.key(element)], into: &found) }
        case (.any, _):
            return
        case let (.case(name), .enumeration(_, caseName, _)):
            if name == caseName { collect(rest, current, path, into: &found) }
        case let (.field(name), _):
            if let child = current.child(.field(name)) { collect(rest, child, path + [.field(name)], into: &found) }
        case let (.index(i), _):
            if let child = current.child(.index(i)) { collect(rest, child, path + [.index(i)], into: &found) }
        case let (.key(text), .dictionary(entries)):
            if let entry = entries.first(where: { Self.step(.key(text), matches: .key($0.key)) }) {
                collect(rest, entry.value, path + [.key(entry.key)], into: &found)
            }
        case let (.key(text), .set(elements)):
            if let element = elements.first(where: { Self.step(.key(text), matches: .key($0)) }) {
                collect(rest, element, path + [.key(element)], into: &found)
            }
        default:
            return
        }
    }

    /// Whether the case steps of the pattern hold for `path` (a recorded path the pattern's
    /// other steps match) in `state`: each enum the path passes where the pattern has `/case`
    /// is that case. Where `state` has no node on the way, the rest is not judged.
    public func namesCases(along path: [PathComponent], in state: TraceValue) -> Bool {
        var current: TraceValue? = state
        var components = path.filter { $0 != .some }[...]
        for step in unwrappedSteps {
            while case let .some(wrapped)? = current { current = wrapped }
            guard let value = current else { return true }
            if case let .case(name) = step {
                guard case let .enumeration(_, caseName, _) = value, caseName == name else { return false }
                continue
            }
            guard let component = components.popFirst() else { return true }
            current = value.child(component)
        }
        return true
    }

    /// The pattern up to its first `[*]` (all of it when it has none).
    public var beforeWildcard: PathPattern {
        prefix(steps.firstIndex(of: .any) ?? steps.count)
    }

    static func child(of value: TraceValue, _ step: Step) -> TraceValue? {
        switch step {
        case let .field(name): return value.child(.field(name))
        case let .index(i): return value.child(.index(i))
        case .some:
            if case let .some(wrapped) = value { return wrapped }
            return nil
        case .any: return nil
        case let .case(name):
            if case let .enumeration(_, caseName, _) = value, caseName == name { return value }
            return nil
        case let .key(text):
            switch value {
            case let .dictionary(entries):
                return entries.first { Self.step(.key(text), matches: .key($0.key)) }?.value
            case let .set(elements):
                return elements.first { Self.step(.key(text), matches: .key($0)) }
            default:
                return nil
            }
        }
    }
}
