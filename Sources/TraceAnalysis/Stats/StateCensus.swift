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
        switch value {
        case let .reference(type, _):
            let count = references[type, default: 0] + step
            references[type] = count > 0 ? count : nil
        case let .structure(_, fields), let .object(_, _, fields), let .enumeration(_, _, fields):
            for field in fields { walk(field.value, by: step) }
        case let .some(wrapped):
            walk(wrapped, by: step)
        case let .array(elements), let .set(elements):
            for element in elements { walk(element, by: step) }
        case let .dictionary(entries):
            for entry in entries {
                walk(entry.key, by: step)
                walk(entry.value, by: step)
            }
        default:
            break
        }
    }
}
