/// A node's children as they are decoded into shapes: no array of their own while they are
/// all leaves, and if they all are (a `[String]`, a struct of scalars), the array of that many
/// leaves that every such node of the chunk shares (issue 40: each user's tags allocated an
/// array in `stats`' decoding, freed when the user was removed). An array is a
/// value: a patch that changes a shared one changes a copy. Also what tells a node alike to
/// one decoded before (``SharedShapes``): whether the children may be shared, and their
/// identity.
struct ChildShapes {
    private let count: Int
    private var built: [ValueShape] = []
    /// Leaves decoded before the first child that is not one, not yet in ``built``.
    private var leaves = 0
    /// Whether every child is a leaf, a `nil` or a shared node (``ValueShapeNode/isShared``).
    private(set) var areShared = true
    /// The children combined: equal for the same children (leaves, `nil`s, the same nodes).
    private(set) var identity = 0

    /// Children to come, `count` of them.
    init(count: Int) {
        self.count = count
    }

    mutating func append(_ child: ValueShape) {
        switch child {
        case .leaf: identity = identity &* 31 &+ 1
        case .none: identity = identity &* 31 &+ 2
        case let .node(node):
            identity = identity &* 31 &+ ObjectIdentifier(node).hashValue
            areShared = areShared && node.isShared
        }
        if built.isEmpty {
            if case .leaf = child {
                leaves += 1
                return
            }
            built.reserveCapacity(count)
            built.append(contentsOf: repeatElement(ValueShape.leaf, count: leaves))
        }
        built.append(child)
    }

    /// The children, an array from `leafRuns` (by count, filled as needed) when they are all
    /// leaves.
    func finished(sharing leafRuns: inout [[ValueShape]]) -> [ValueShape] {
        guard built.isEmpty else { return built }
        guard leaves <= 64 else { return Array(repeating: .leaf, count: leaves) }
        while leafRuns.count <= leaves { leafRuns.append(Array(repeating: .leaf, count: leafRuns.count)) }
        return leafRuns[leaves]
    }
}
