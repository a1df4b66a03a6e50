import TraceFormat

/// What ``StoreSizes`` keeps of a store's state: its shape, without its scalars' values, with
/// the state's node count and the classes it holds by reference (identity only, their in-place
/// changes never recorded), kept exact through every patch.
///
/// A patch applies to the shape as ``TraceValue/apply(_:)`` applies it to the state: the same
/// paths reach the same nodes, and an operation that does not fit the state fails here too.
/// What it saves is the state's weight: a scalar is no node of its own, a collection holds one
/// word per child (a 1,000-user array shifts 8 KB for an insertion at its front, not the
/// state's 40 KB), and no payload is moved out of an enum and back per step. Counting follows
/// the nodes an operation takes out and puts in, so a patch costs its path and its values, not
/// a walk of the state (issue 40: following sizes was most of `stats`).
///
/// A value type: a copy shares the tree until one of the two changes it.
struct StateShape: Sendable {
    /// Nodes in the state's value tree (as `TraceValue.nodeCount` counts them).
    private(set) var nodes = 0
    /// `.reference` nodes by type name; no entry for a count of 0.
    private(set) var references: [String: Int] = [:]
    private var root: Shape = .leaf

    /// The shape of `state`.
    init(_ state: TraceValue) {
        root = shape(of: state)
    }

    /// Applies `operation` as ``TraceValue/apply(_:)`` would to the state.
    ///
    /// - Returns: `false` when the operation does not fit the state (applying it to the state
    ///   throws): the shape is then partly changed and no longer the state's.
    mutating func apply(_ operation: PatchOperation) -> Bool {
        var root = self.root
        // Taken out while it changes, so the only reference to a tree not shared with a copy
        // of this shape is the local one.
        self.root = .leaf
        defer { self.root = root }
        if case .node(var node) = root {
            root = .leaf
            if !isKnownUniquelyReferenced(&node) { node = node.copy() }
            root = .node(node)
        }
        let path = operation.path
        guard let last = path.last else {
            guard case let .set(_, value) = operation else { return false }
            count(root, by: -1)
            root = shape(of: value)
            return true
        }
        guard path.count > 1 else { return apply(operation, at: last, in: &root) }
        // Down the path as ``TraceValue/apply(_:)`` walks the state, to the node that holds the
        // operation's parent: a loop over the nodes (classes), not a recursion through `inout`
        // children (issue 40: the walk cost more than the change it leads to).
        guard case var .node(holder) = root else { return false }
        for component in path[..<(path.count - 2)] {
            guard let index = holder.stepIndex(component), case let .node(child) = holder.children[index] else { return false }
            holder = child
        }
        guard let index = holder.stepIndex(path[path.count - 2]) else { return false }
        return apply(operation, at: last, in: &holder.children[index])
    }

    /// Applies `operation`, whose path ends in `component`, to `parent`, as the state's
    /// parent node takes it.
    private mutating func apply(_ operation: PatchOperation, at component: PathComponent, in parent: inout Shape) -> Bool {
        // A switch on the operation alone: one on a tuple of it and the parent copies both.
        guard case let .node(node) = parent else {
            // `nil` set to a value: the optional now wraps it.
            guard case .none = parent, case let .set(_, value) = operation, case .some = component else { return false }
            count(parent, by: -1)
            parent = .node(ShapeNode(.some, children: [shape(of: value)]))
            nodes += 1
            return true
        }
        switch operation {
        case let .set(_, value):
            return set(component, to: value, in: node)
        case let .insert(_, value):
            switch (node.kind, component) {
            case let (.array, .index(index)):
                guard index >= 0 && index <= node.children.count else { return false }
                node.children.insert(shape(of: value), at: index)
            case let (.set, .key(element)):
                let position = node.keys.partitioningIndex { !TraceValue.canonicalOrder($0, element) }
                if position < node.keys.count && node.keys[position] == element { return true }
                node.keys.insert(element, at: position)
                count(element, by: 1)
            default:
                return false
            }
            return true
        case .remove:
            switch (node.kind, component) {
            case let (.array, .index(index)):
                guard node.children.indices.contains(index) else { return false }
                count(node.children.remove(at: index), by: -1)
            case let (.dictionary, .key(key)):
                guard let index = node.keys.index(ofKey: key) else { return false }
                count(node.keys.remove(at: index), by: -1)
                count(node.children.remove(at: index), by: -1)
            case let (.set, .key(element)):
                guard let index = node.keys.firstIndex(of: element) else { return false }
                count(node.keys.remove(at: index), by: -1)
            default:
                return false
            }
            return true
        case let .move(_, to):
            guard node.kind == .array, case let .index(from) = component, node.children.indices.contains(from),
                node.children.indices.contains(to)
            else { return false }
            node.children.insert(node.children.remove(at: from), at: to)
            return true
        }
    }

    /// A `set` of `component` of `node`, as the state's node takes it: an array element in
    /// range, a dictionary entry (replaced, or added under a new key), a struct's or class's
    /// field by name, an enum payload's value by name or position, an optional's wrapped value.
    private mutating func set(_ component: PathComponent, to value: TraceValue, in node: ShapeNode) -> Bool {
        let index: Int
        switch (node.kind, component) {
        case let (.array, .index(position)):
            guard node.children.indices.contains(position) else { return false }
            index = position
        case let (.dictionary, .key(key)):
            let position = node.keys.partitioningIndex { !TraceValue.canonicalOrder($0, key) }
            guard position < node.keys.count && node.keys[position] == key else {
                node.keys.insert(key, at: position)
                count(key, by: 1)
                node.children.insert(shape(of: value), at: position)
                return true
            }
            index = position
        case let (.structure, .field(name)), let (.object, .field(name)), let (.enumeration, .field(name)):
            guard let found = node.names.firstIndex(of: name) else { return false }
            index = found
        case let (.enumeration, .index(position)):
            guard node.children.indices.contains(position) else { return false }
            index = position
        case (.some, .some):
            index = 0
        default:
            return false
        }
        count(node.children[index], by: -1)
        node.children[index] = shape(of: value)
        return true
    }

    /// The shape of `value`, counted in.
    private mutating func shape(of value: TraceValue) -> Shape {
        nodes += 1
        switch value {
        case let .structure(_, fields):
            return .node(ShapeNode(.structure, names: fields.map(\.name), children: fields.map { shape(of: $0.value) }))
        case let .object(_, _, fields):
            return .node(ShapeNode(.object, names: fields.map(\.name), children: fields.map { shape(of: $0.value) }))
        case let .enumeration(_, _, fields):
            return .node(ShapeNode(.enumeration, names: fields.map(\.name), children: fields.map { shape(of: $0.value) }))
        case let .some(wrapped):
            return .node(ShapeNode(.some, children: [shape(of: wrapped)]))
        case let .array(elements):
            return .node(ShapeNode(.array, children: elements.map { shape(of: $0) }))
        case let .set(elements):
            for element in elements { count(element, by: 1) }
            return .node(ShapeNode(.set, keys: elements))
        case let .dictionary(entries):
            var keys: [TraceValue] = [], children: [Shape] = []
            keys.reserveCapacity(entries.count)
            children.reserveCapacity(entries.count)
            for entry in entries {
                count(entry.key, by: 1)
                keys.append(entry.key)
                children.append(shape(of: entry.value))
            }
            return .node(ShapeNode(.dictionary, keys: keys, children: children))
        case let .reference(type, _):
            references[type, default: 0] += 1
            return .node(ShapeNode(.reference(type)))
        case .none:
            return .none
        default:
            return .leaf
        }
    }

    /// Counts `shape` and its subtree in or out.
    private mutating func count(_ shape: Shape, by step: Int) {
        nodes += step
        guard case let .node(node) = shape else { return }
        if case let .reference(type) = node.kind {
            let count = references[type, default: 0] + step
            references[type] = count > 0 ? count : nil
        }
        for key in node.keys { count(key, by: step) }
        for child in node.children { count(child, by: step) }
    }

    /// Counts `value` (a dictionary key or set element, held whole) and its subtree in or out.
    /// Recursion by a switch rather than through ``TraceValue/forEachChild(_:)``, whose closure
    /// call per node was most of the cost of counting a subtree.
    private mutating func count(_ value: TraceValue, by step: Int) {
        nodes += step
        switch value {
        case let .structure(_, fields), let .object(_, _, fields), let .enumeration(_, _, fields):
            for field in fields { count(field.value, by: step) }
        case let .reference(type, _):
            let count = references[type, default: 0] + step
            references[type] = count > 0 ? count : nil
        case let .some(wrapped):
            count(wrapped, by: step)
        case let .array(elements), let .set(elements):
            for element in elements { count(element, by: step) }
        case let .dictionary(entries):
            for entry in entries {
                count(entry.key, by: step)
                count(entry.value, by: step)
            }
        default:
            break
        }
    }
}

/// One node of a ``StateShape``: a leaf (a scalar, whatever its value, a redaction or a
/// truncation: no path steps into it and no patch writes through it), an optional's `nil`
/// (which a `set` of `.some` replaces), or a node with children or a class held by reference.
/// One word.
private enum Shape {
    case leaf
    case none
    case node(ShapeNode)
}

/// A node of a ``StateShape`` that is more than a leaf.
///
/// `@unchecked Sendable`: a node is changed only through the ``StateShape`` that alone holds
/// it (``StateShape/apply(_:)`` copies a tree shared with a copy of the shape first).
private final class ShapeNode: @unchecked Sendable {
    enum Kind: Equatable {
        case structure, object, enumeration, array, set, dictionary, some
        case reference(String)
    }

    let kind: Kind
    /// A struct's, class's or enum payload's field names, in order.
    let names: [String]
    /// The field values, an array's elements, a dictionary's values (by key, as ``keys``), or
    /// an optional's wrapped value.
    var children: [Shape]
    /// A dictionary's keys or a set's elements, whole (paths name them), in the state's order.
    var keys: [TraceValue]

    init(_ kind: Kind, names: [String] = [], keys: [TraceValue] = [], children: [Shape] = []) {
        self.kind = kind
        self.names = names
        self.keys = keys
        self.children = children
    }

    /// The child that one step of a path that ``TraceValue/apply(_:)`` writes through reaches:
    /// a struct's or class's field by name, an enum payload's value by name or position, an
    /// array element, a dictionary's value by key, an optional's wrapped value (never a set's
    /// element).
    func stepIndex(_ component: PathComponent) -> Int? {
        switch (kind, component) {
        case let (.structure, .field(name)), let (.object, .field(name)), let (.enumeration, .field(name)):
            names.firstIndex(of: name)
        case let (.enumeration, .index(index)), let (.array, .index(index)):
            children.indices.contains(index) ? index : nil
        case let (.dictionary, .key(key)):
            keys.index(ofKey: key)
        case (.some, .some):
            0
        default:
            nil
        }
    }

    /// A copy of this node and every node under it.
    func copy() -> ShapeNode {
        ShapeNode(kind, names: names, keys: keys, children: children.map { child in
            if case let .node(node) = child { .node(node.copy()) } else { child }
        })
    }
}

extension Array where Element == TraceValue {
    /// The index of `key` among a dictionary's keys: found by binary search in the canonical
    /// order, and by a linear search in a dictionary a hostile writer left unsorted (as the
    /// state's own look-up finds it).
    fileprivate func index(ofKey key: TraceValue) -> Int? {
        let position = partitioningIndex { !TraceValue.canonicalOrder($0, key) }
        if position < count, self[position] == key { return position }
        return firstIndex(of: key)
    }
}
