/// A value tree without its scalars' values: what following a state's size through its
/// patches keeps of it (`StateShape` in TraceAnalysis). A leaf is a scalar, whatever its
/// value, a redaction or a truncation (no path steps into it and no patch writes through it);
/// `none` an optional's `nil` (which a `set` of `.some` replaces); a node anything with
/// children, or a class held by reference. One word.
package enum ValueShape {
    case leaf
    case none
    case node(ValueShapeNode)
}

/// A node of a ``ValueShape`` that is more than a leaf.
///
/// `@unchecked Sendable`: a node is built by one thread (a chunk's decoding, or the shape of a
/// value), then handed over whole and changed only by whoever alone holds the tree (`StateShape`
/// copies a tree shared with a copy of it before changing it).
package final class ValueShapeNode: @unchecked Sendable {
    package enum Kind: Equatable {
        case structure, object, enumeration, array, set, dictionary, some
        case reference(String)
    }

    package let kind: Kind
    /// A struct's, class's or enum payload's field names, in order.
    package let names: [String]
    /// The field values, an array's elements, a dictionary's values (by key, as ``keys``), or
    /// an optional's wrapped value.
    package var children: [ValueShape]
    /// A dictionary's keys or a set's elements, whole (paths name them), in the value's order.
    package var keys: [TraceValue]
    /// Whether the node may stand in several places: decoded once for the nodes alike of a
    /// chunk (`SharedShapes`), all its children leaves, `nil`s or such nodes themselves.
    package let isShared: Bool

    package init(_ kind: Kind, names: [String] = [], keys: [TraceValue] = [], children: [ValueShape] = [], isShared: Bool = false) {
        self.kind = kind
        self.names = names
        self.keys = keys
        self.children = children
        self.isShared = isShared
    }

    /// A copy of this node that shares its children: what a change to a node held elsewhere
    /// too changes (the nodes under it are copied in turn if the change goes through them).
    package func copy() -> ValueShapeNode {
        ValueShapeNode(kind, names: names, keys: keys, children: children)
    }
}
