/// The shape of a value (``ValueShape``) with what it counts: its nodes, as
/// `TraceValue.nodeCount` counts them (a dictionary's keys and a set's elements with their
/// subtrees), and its `.reference` nodes by type name. Built from a value
/// (``init(_:)``), or straight from a chunk's bytes where the value is never built (a read with
/// states as shapes, what `stats` reads).
package struct ShapedValue {
    package var shape: ValueShape
    /// Nodes in the value's tree.
    package var nodes: Int
    /// `.reference` nodes by type name; no entry for a count of 0.
    package var references: [String: Int]

    package init(shape: ValueShape, nodes: Int, references: [String: Int]) {
        self.shape = shape
        self.nodes = nodes
        self.references = references
    }

    /// The shape of `value`, counted.
    package init(_ value: TraceValue) {
        nodes = 0
        references = [:]
        shape = .leaf
        shape = shape(of: value)
    }

    private mutating func shape(of value: TraceValue) -> ValueShape {
        nodes += 1
        switch value {
        case let .structure(_, fields):
            return .node(ValueShapeNode(.structure, names: fields.map(\.name), children: fields.map { shape(of: $0.value) }))
        case let .object(_, _, fields):
            return .node(ValueShapeNode(.object, names: fields.map(\.name), children: fields.map { shape(of: $0.value) }))
        case let .enumeration(_, _, fields):
            return .node(ValueShapeNode(.enumeration, names: fields.map(\.name), children: fields.map { shape(of: $0.value) }))
        case let .some(wrapped):
            return .node(ValueShapeNode(.some, children: [shape(of: wrapped)]))
        case let .array(elements):
            return .node(ValueShapeNode(.array, children: elements.map { shape(of: $0) }))
        case let .set(elements):
            for element in elements { countKey(element) }
            return .node(ValueShapeNode(.set, keys: elements))
        case let .dictionary(entries):
            var keys: [TraceValue] = [], children: [ValueShape] = []
            keys.reserveCapacity(entries.count)
            children.reserveCapacity(entries.count)
            for entry in entries {
                countKey(entry.key)
                keys.append(entry.key)
                children.append(shape(of: entry.value))
            }
            return .node(ValueShapeNode(.dictionary, keys: keys, children: children))
        case let .reference(type, _):
            references[type, default: 0] += 1
            return .node(ValueShapeNode(.reference(type)))
        case .none:
            return .none
        default:
            return .leaf
        }
    }

    /// The counts of a dictionary key or set element, which is held whole, not as a shape (its
    /// ``shape`` a leaf).
    package init(countingKey key: TraceValue) {
        self.init(shape: .leaf, nodes: 0, references: [:])
        countKey(key)
    }

    /// Counts in a dictionary key or set element and its subtree. Recursion by a switch rather
    /// than through ``TraceValue/forEachChild(_:)``, whose closure call per node was most of
    /// the cost of counting a subtree.
    private mutating func countKey(_ key: TraceValue) {
        nodes += 1
        switch key {
        case let .structure(_, fields), let .object(_, _, fields), let .enumeration(_, _, fields):
            for field in fields { countKey(field.value) }
        case let .reference(type, _):
            references[type, default: 0] += 1
        case let .some(wrapped):
            countKey(wrapped)
        case let .array(elements), let .set(elements):
            for element in elements { countKey(element) }
        case let .dictionary(entries):
            for entry in entries {
                countKey(entry.key)
                countKey(entry.value)
            }
        default:
            break
        }
    }
}
