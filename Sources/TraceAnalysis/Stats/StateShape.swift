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
/// The shapes a patch's values put in come from a ``StateShapeSource``: built from the values,
/// or read with the chunk straight into their shape, the values never built (what `stats`
/// reads).
///
/// A value type: a copy shares the tree until one of the two changes it, and a patch copies
/// only the nodes on its path that are not this tree's alone.
struct StateShape: Sendable {
    /// Nodes in the state's value tree (as `TraceValue.nodeCount` counts them).
    private(set) var nodes = 0
    /// `.reference` nodes by type name; no entry for a count of 0.
    private(set) var references: [String: Int] = [:]
    private var root: ValueShape = .leaf

    /// The shape of `state`.
    init(_ state: TraceValue) {
        self.init(ShapedValue(state))
    }

    /// The state whose shape is `shaped`.
    init(_ shaped: ShapedValue) {
        root = counted(shaped)
    }

    /// Applies `operation` as ``TraceValue/apply(_:)`` would to the state, the shape of the
    /// value it puts in (a `set`'s or an `insert`'s) taken from `source`, whether it fits or not.
    ///
    /// - Returns: `false` when the operation does not fit the state (applying it to the state
    ///   throws): the shape is then partly changed and no longer the state's.
    mutating func apply(_ operation: PatchOperation, shapes source: inout StateShapeSource) -> Bool {
        let value: ShapedValue?
        switch operation {
        case let .set(_, put), let .insert(_, put): value = source.shape(of: put)
        case .remove, .move: value = nil
        }
        return apply(operation, putting: value)
    }

    /// Applies `operation`, `value` the shape of what it puts in.
    private mutating func apply(_ operation: PatchOperation, putting value: ShapedValue?) -> Bool {
        let path = operation.path
        if case .set = operation, let value, setsScalarOverScalar(at: path, value) {
            // The tree stays as it is (a user renamed): no node on the path is copied, though
            // it be shared.
            nodes += value.nodes - 1
            return true
        }
        var root = self.root
        // Taken out while it changes, so the only reference to a tree not shared with a copy
        // of this shape is the local one.
        self.root = .leaf
        defer { self.root = root }
        guard let last = path.last else {
            guard case .set = operation, let value else { return false }
            count(root, by: -1)
            root = counted(value)
            return true
        }
        guard path.count > 1 else { return apply(operation, putting: value, at: last, in: &root) }
        // Down the path as ``TraceValue/apply(_:)`` walks the state, to the node that holds the
        // operation's parent: a loop over the nodes (classes), not a recursion through `inout`
        // children (issue 40: the walk cost more than the change it leads to). Each node on
        // the way is made this tree's own first (``owned(_:)``): a node alike to others of
        // its chunk is one node for all (``ValueShapeNode/isShared``), and a copy of this
        // shape shares the whole tree.
        guard var holder = Self.owned(&root) else { return false }
        // By index: each step borrowed from the path, not copied out of a slice's iterator.
        for step in 0..<(path.count - 2) {
            guard let index = holder.stepIndex(path[step]), let child = Self.owned(&holder.children[index]) else { return false }
            holder = child
        }
        guard let index = holder.stepIndex(path[path.count - 2]) else { return false }
        return apply(operation, putting: value, at: last, in: &holder.children[index])
    }

    /// Whether a `set` of `value` at `path` puts a scalar where the state holds one, which
    /// leaves the tree as it is; found as ``set(_:to:in:)`` finds the child (a dictionary's
    /// key is not looked for: a new one is an insertion).
    private func setsScalarOverScalar(at path: [PathComponent], _ value: ShapedValue) -> Bool {
        guard case .leaf = value.shape, value.references.isEmpty, let last = path.last, case var .node(holder) = root else { return false }
        for step in 0..<(path.count - 1) {
            guard let index = holder.stepIndex(path[step]), case let .node(child) = holder.children[index] else { return false }
            holder = child
        }
        guard holder.kind != .dictionary, let index = holder.stepIndex(last), case .leaf = holder.children[index] else { return false }
        return true
    }

    /// The node `shape` holds, made the tree's own first: copied (its children shared) when
    /// another place or another shape holds it too; `nil` when `shape` is no node.
    private static func owned(_ shape: inout ValueShape) -> ValueShapeNode? {
        guard case var .node(node) = shape else { return nil }
        shape = .leaf
        if !isKnownUniquelyReferenced(&node) { node = node.copy() }
        shape = .node(node)
        return node
    }

    /// Applies `operation`, whose path ends in `component`, to `parent`, as the state's
    /// parent node takes it; `value` is the shape of what it puts in.
    private mutating func apply(
        _ operation: PatchOperation, putting value: ShapedValue?, at component: PathComponent, in parent: inout ValueShape
    ) -> Bool {
        // A switch on the operation alone: one on a tuple of it and the parent copies both.
        guard let node = Self.owned(&parent) else {
            // `nil` set to a value: the optional now wraps it.
            guard case .none = parent, case .set = operation, let value, case .some = component else { return false }
            count(parent, by: -1)
            parent = .node(ValueShapeNode(.some, children: [counted(value)]))
            nodes += 1
            return true
        }
        switch operation {
        case .set:
            guard let value else { return false }
            return set(component, to: value, in: node)
        case .insert:
            switch (node.kind, component) {
            case let (.array, .index(index)):
                guard index >= 0 && index <= node.children.count, let value else { return false }
                node.children.insert(counted(value), at: index)
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
    private mutating func set(_ component: PathComponent, to value: ShapedValue, in node: ValueShapeNode) -> Bool {
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
                node.children.insert(counted(value), at: position)
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
        node.children[index] = counted(value)
        return true
    }

    /// The shape of `shaped`, its nodes and references counted in.
    private mutating func counted(_ shaped: ShapedValue) -> ValueShape {
        count(shaped, by: 1)
        return shaped.shape
    }

    /// Counts the nodes and references `shaped` counted in or out.
    private mutating func count(_ shaped: ShapedValue, by step: Int) {
        nodes += step * shaped.nodes
        for (type, count) in shaped.references {
            let count = references[type, default: 0] + step * count
            references[type] = count > 0 ? count : nil
        }
    }

    /// Counts `shape` and its subtree in or out.
    private mutating func count(_ shape: ValueShape, by step: Int) {
        nodes += step
        guard case let .node(node) = shape else { return }
        if case let .reference(type) = node.kind {
            let count = references[type, default: 0] + step
            references[type] = count > 0 ? count : nil
        }
        for key in node.keys { count(key, by: step) }
        for child in node.children { count(child, by: step) }
    }

    /// Counts `key` (a dictionary key or set element, held whole) and its subtree in or out.
    private mutating func count(_ key: TraceValue, by step: Int) {
        count(ShapedValue(countingKey: key), by: step)
    }
}

extension ValueShapeNode {
    /// The child that one step of a path that ``TraceValue/apply(_:)`` writes through reaches:
    /// a struct's or class's field by name, an enum payload's value by name or position, an
    /// array element, a dictionary's value by key, an optional's wrapped value (never a set's
    /// element).
    fileprivate func stepIndex(_ component: PathComponent) -> Int? {
        // On the component, then the kind: a switch on a tuple of the two copies both (issue
        // 40: a tenth of following sizes).
        switch component {
        case let .field(name):
            switch kind {
            case .structure, .object, .enumeration: names.firstIndex(of: name)
            default: nil
            }
        case let .index(index):
            switch kind {
            case .enumeration, .array: children.indices.contains(index) ? index : nil
            default: nil
            }
        case let .key(key):
            kind == .dictionary ? keys.index(ofKey: key) : nil
        case .some:
            kind == .some ? 0 : nil
        }
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
