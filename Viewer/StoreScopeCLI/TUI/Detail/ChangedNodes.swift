import TraceAnalysis
import TraceFormat

/// The nodes of the state tree that the selected action changed, by node id (``TreeOutline``):
/// the tree marks them `+` and opens on the first (issue 19, item 18).
///
/// A node the action set or inserted is new with everything under it; a removal or a move
/// changed its container alone (the removed node is not in the new state).
struct ChangedNodes: Sendable, Equatable {
    /// Node id -> whether the whole subtree under it is new.
    private(set) var nodes: [String: Bool] = [:]
    /// The first changed node in the order of the action's patch.
    private(set) var first: String?

    /// At most this many of an action's operations are marked: the marks cost a lookup each.
    static let limit = 256

    init() {}

    /// The nodes `operations` changed in `state`, the state after them.
    init(_ operations: [PatchOperation], in state: TraceValue) {
        for operation in operations.prefix(Self.limit) {
            let steps = operation.path.filter { $0 != .some }
            let id = CursorPath.nodeID(of: operation.path, in: state)
            let exact = id.split(separator: ".").count - 1 == steps.count
            let whole: Bool
            switch operation {
            case .set, .insert: whole = exact
            default: whole = false
            }
            nodes[id] = (nodes[id] ?? false) || whole
            if first == nil { first = id }
        }
    }

    var isEmpty: Bool { nodes.isEmpty }

    /// Whether the row of node `id` shows a change: the node, or one under a node changed
    /// whole, or a folded container hiding a change.
    func marks(_ id: String, folded: Bool) -> Bool {
        guard !nodes.isEmpty else { return false }
        if nodes[id] != nil { return true }
        var prefix = Substring(id)
        while let dot = prefix.lastIndex(of: ".") {
            prefix = prefix[..<dot]
            if nodes[String(prefix)] == true { return true }
        }
        return folded && nodes.keys.contains { $0.hasPrefix(id + ".") }
    }
}
