/// The nodes of one chunk's shapes that are alike, decoded once and shared: every user a
/// chunk inserts and each of a keyframe's 1,000 users is a node of the same shape (a struct of
/// scalars and an array of three), which was allocated on a decoding thread per user and
/// freed, once the user was removed or the keyframe's state replaced, on the thread taking
/// records in (issue 40: 98 M instructions per 100,000 actions of `stats`).
///
/// A node is shared when all its children are leaves, `nil`s or shared nodes themselves, so
/// two alike are the same kind with the same field names and the same children, compared by
/// identity. A dictionary, a set (their keys are values) and a reference are never shared, nor
/// is any node above one.
///
/// A shared node stands in several places of a tree: whoever changes a tree copies a node it
/// does not hold alone before changing it (`StateShape` copies the nodes on a patch's path).
struct SharedShapes {
    /// The last shared node of each key's slot: a table without hashing (a dictionary's
    /// hashing cost a decoding thread 5 M instructions per 100,000 actions); two nodes of one
    /// slot take turns in it, the other then no longer found.
    private var slots: [ValueShapeNode?] = []
    private static let slotBits = 8

    /// A node of `kind` with field names `names` (those of string table entry `type`, or -1)
    /// and `children`: one decoded before in the chunk when it is alike, else a new one,
    /// shared from now on if it may be.
    mutating func node(
        _ kind: ValueShapeNode.Kind, names: [String], type: Int, children: ChildShapes, leafRuns: inout [[ValueShape]]
    ) -> ValueShapeNode {
        let built = children.finished(sharing: &leafRuns)
        guard children.areShared, let code = Self.code(of: kind) else { return ValueShapeNode(kind, names: names, children: built) }
        // The children's identity, type and kind mixed into the top bits (Fibonacci hashing).
        let key = ((children.identity &* 31 &+ type) &* 8 &+ code) &* -0x61c8_8646_80b5_83eb
        let slot = Int(UInt(bitPattern: key) >> (UInt.bitWidth - Self.slotBits))
        if slots.isEmpty { slots = Array(repeating: nil, count: 1 << Self.slotBits) }
        if let found = slots[slot], found.kind == kind, found.names == names, Self.same(found.children, built) { return found }
        let node = ValueShapeNode(kind, names: names, children: built, isShared: true)
        slots[slot] = node
        return node
    }

    private static func code(of kind: ValueShapeNode.Kind) -> Int? {
        switch kind {
        case .structure: 0
        case .object: 1
        case .enumeration: 2
        case .array: 3
        case .some: 4
        case .set, .dictionary, .reference: nil
        }
    }

    /// Whether `a` and `b` hold the same children: leaves and `nil`s alike, nodes the same ones.
    private static func same(_ a: [ValueShape], _ b: [ValueShape]) -> Bool {
        guard a.count == b.count else { return false }
        for index in a.indices {
            switch (a[index], b[index]) {
            case (.leaf, .leaf), (.none, .none): continue
            case let (.node(x), .node(y)) where x === y: continue
            default: return false
            }
        }
        return true
    }
}
