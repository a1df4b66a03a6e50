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

    /// Counts out what `operation` takes out of `state` and counts in what it puts in,
    /// `state` being the tree before the operation applies (as ``TraceValue/apply(_:)`` applies
    /// it): a `set` replaces the node at its path, or adds a dictionary entry, key and value,
    /// under a key not there yet; an `insert` adds its value, or to a set its element unless
    /// the set holds it already; a `remove` takes the node away, a dictionary entry with its key.
    ///
    /// - Returns: whether applying the operation can change what a census of `state` or a later
    ///   operation's path finds. `false` only for a `set` that replaces a scalar (a string,
    ///   number, Boolean, date, data or other scalar) with a scalar at a path that
    ///   ``TraceValue/apply(_:)`` can write through: the census and every path stay as they
    ///   were, so a caller that follows only sizes may leave the old scalar in place.
    mutating func count(_ operation: PatchOperation, appliedTo state: TraceValue) -> Bool {
        let path = operation.path
        guard let last = path.last else {
            if case let .set(_, value) = operation {
                remove(state)
                add(value)
            }
            return true
        }
        var parent: TraceValue? = state
        var isWritable = true
        for component in path.dropLast() {
            isWritable = isWritable && Self.canWrite(component, in: parent)
            parent = parent?.child(component)
        }
        let old = parent?.child(last)
        let isDictionaryKey: Bool
        if case .dictionary? = parent, case .key = last { isDictionaryKey = true } else { isDictionaryKey = false }
        switch operation {
        case let .set(_, value):
            if let old {
                remove(old)
            } else if isDictionaryKey, case let .key(key) = last {
                add(key)
            }
            add(value)
            guard let old, old.isScalar, value.isScalar, isWritable, Self.canWrite(last, in: parent) else { return true }
            return false
        case let .insert(_, value):
            if case .set? = parent, case let .key(element) = last {
                if old == nil { add(element) }
            } else {
                add(value)
            }
        case .remove:
            guard let old else { return true }
            remove(old)
            if isDictionaryKey, case let .key(key) = last { remove(key) }
        case .move:
            break
        }
        return true
    }

    /// Whether ``TraceValue/apply(_:)`` steps through `component` of `node` (it names a struct's
    /// or class's fields only by name and never steps into a set's element, which
    /// ``TraceValue/child(_:)`` does).
    private static func canWrite(_ component: PathComponent, in node: TraceValue?) -> Bool {
        switch (node, component) {
        case (.structure?, .index), (.object?, .index), (.set?, _): false
        default: true
        }
    }

    /// Counts `value` and its subtree in or out. Recursion by a switch rather than through
    /// ``TraceValue/forEachChild(_:)``, whose closure call per node was most of the cost of
    /// counting a user in or out (`stats` counts every inserted and removed subtree).
    private mutating func walk(_ value: TraceValue, by step: Int) {
        nodes += step
        switch value {
        case let .structure(_, fields), let .object(_, _, fields), let .enumeration(_, _, fields):
            for field in fields { walk(field.value, by: step) }
        case let .reference(type, _):
            let count = references[type, default: 0] + step
            references[type] = count > 0 ? count : nil
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

extension TraceValue {
    /// A string, number, Boolean, date, data or other scalar: a node with no children, which no
    /// path steps into and which holds no class instance.
    fileprivate var isScalar: Bool {
        switch self {
        case .string, .int, .uint, .double, .bool, .date, .data, .scalar: true
        default: false
        }
    }
}
