import TraceFormat

extension TraceValue {
    /// How many nodes the tree has (every value, key and element counts one).
    public var nodeCount: Int {
        switch self {
        case let .structure(_, fields), let .object(_, _, fields), let .enumeration(_, _, fields):
            fields.reduce(1) { $0 + $1.value.nodeCount }
        case let .some(wrapped):
            1 + wrapped.nodeCount
        case let .array(elements), let .set(elements):
            elements.reduce(1) { $0 + $1.nodeCount }
        case let .dictionary(entries):
            entries.reduce(1) { $0 + $1.key.nodeCount + $1.value.nodeCount }
        default:
            1
        }
    }

    /// Whether the tree has more than `limit` nodes (counted as ``nodeCount`` counts them),
    /// looking at no more than `limit + 1` of them: cheap on a small state, bounded on a huge one.
    public func hasMoreNodes(than limit: Int) -> Bool {
        var left = limit
        return !fits(within: &left)
    }

    /// Counts this node and its children down from `left`; `false` once it goes below zero.
    private func fits(within left: inout Int) -> Bool {
        left -= 1
        guard left >= 0 else { return false }
        switch self {
        case let .structure(_, fields), let .object(_, _, fields), let .enumeration(_, _, fields):
            for field in fields where !field.value.fits(within: &left) { return false }
        case let .some(wrapped):
            return wrapped.fits(within: &left)
        case let .array(elements), let .set(elements):
            // A container larger than what is left cannot fit: no need to look inside.
            guard elements.count <= left else { return false }
            for element in elements where !element.fits(within: &left) { return false }
        case let .dictionary(entries):
            guard 2 * entries.count <= left else { return false }
            for entry in entries where !entry.key.fits(within: &left) || !entry.value.fits(within: &left) { return false }
        default:
            break
        }
        return true
    }
}
