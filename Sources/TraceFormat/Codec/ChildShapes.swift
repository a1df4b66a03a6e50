/// A node's children as they are decoded into shapes: no array of their own while they are
/// all leaves, and if they all are (a `[String]`, a struct of scalars), the array of that many
/// leaves that every such node of the chunk shares (issue 40: each user's tags allocated an
/// array in `stats`' decoding, freed when the user was removed). An array is a
/// value: a patch that changes a shared one changes a copy.
struct ChildShapes {
    private let count: Int
    private var built: [ValueShape] = []
    /// Leaves decoded before the first child that is not one, not yet in ``built``.
    private var leaves = 0

    /// Children to come, `count` of them.
    init(count: Int) {
        self.count = count
    }

    mutating func append(_ child: ValueShape) {
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
