import TraceFormat

/// What a state's value tree holds, counted in one walk: its nodes, and its class instances
/// recorded by reference (identity only, their in-place changes never recorded), by type.
///
/// Kept exact through patches by adding what an operation puts in and subtracting what it takes
/// away, like ``StoreSizes`` does for sizes.
struct StateCensus: Sendable, Hashable {
    /// Nodes in the tree (as `TraceValue.nodeCount` counts them).
    var nodes = 0
    /// `.reference` nodes by type name; no entry for a count of 0.
    var references: [String: Int] = [:]

    /// Nothing.
    init() {}

    /// The census of `value`.
    init(_ value: TraceValue) {
        add(value)
    }

    /// Counts `value` in.
    mutating func add(_ value: TraceValue) {
        walk(value, by: 1)
    }

    /// Counts `value` out.
    mutating func remove(_ value: TraceValue) {
        walk(value, by: -1)
    }

    private mutating func walk(_ value: TraceValue, by step: Int) {
        nodes += step
        if case let .reference(type, _) = value {
            let count = references[type, default: 0] + step
            references[type] = count > 0 ? count : nil
        }
        value.forEachChild { child in
            walk(child, by: step)
            return true
        }
    }
}
