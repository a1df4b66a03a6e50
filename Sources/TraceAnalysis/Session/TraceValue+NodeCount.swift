import TraceFormat

extension TraceValue {
    /// How many nodes the tree has (every value, key and element counts one).
    public var nodeCount: Int {
        var count = 1
        forEachChild { child in
            count += child.nodeCount
            return true
        }
        return count
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
        // A container with more children than what is left cannot fit: no need to look inside.
        guard left >= 0, childNodeCount <= left else { return false }
        return forEachChild { $0.fits(within: &left) }
    }
}
