/// A value as a foldable outline, for the interactive viewer's state tree: the layout of
/// ``TreeRendering`` (same labels, openers and closers, sanitized the same way), with any
/// container folded onto one line and each array element labelled with its index.
///
/// ```
/// ▾ SearchState(
///     query: "nio"
///   ▾ repos: [
///     ▸ [0] Repo(… 3)
///     ▸ [1] Repo(… 3)
///     ]
///     isLoading: false
///   )
/// ```
public enum TreeOutline {
    /// One line of the outline.
    public struct Row: Sendable, Hashable {
        /// Nesting depth (0 for the root).
        public var depth: Int
        /// The line's text without indentation: `label: value`, `label: Type(`, or `)`.
        public var text: String
        /// The node's identity across states, for folding: the child positions from the
        /// root, such as `0.2.1` (the root is `0`). Closing lines share their node's id.
        public var id: String
        /// Whether this line opens a container with children that can be folded.
        public var isFoldable: Bool
        /// Whether that container is folded (its children and closer hidden).
        public var isFolded: Bool
        /// Whether this line closes a container (`)`, `]`).
        public var isCloser = false
    }

    /// The folds of everything below the root (collapse all): in a fold set, every container
    /// but the root is folded, except those opened since, which the set names as `+0.1.2`
    /// (``unfold(_:in:)``); the root is folded when the set also holds `0`. Counting such an
    /// outline costs the opened nodes, whatever the state's size: every other child is one row.
    public static let everythingFolded: Set<String> = ["*"]

    /// Whether the node `id` is folded in `folded` (ids, or ``everythingFolded`` and its opened
    /// nodes).
    public static func isFolded(_ id: String, in folded: Set<String>) -> Bool {
        guard folded.contains("*") else { return folded.contains(id) }
        return id == "0" ? folded.contains(id) : !folded.contains("+" + id)
    }

    /// Folds the node `id` in `folded`.
    public static func fold(_ id: String, in folded: inout Set<String>) {
        if folded.contains("*"), id != "0" { folded.remove("+" + id) } else { folded.insert(id) }
    }

    /// Unfolds the node `id` in `folded`.
    public static func unfold(_ id: String, in folded: inout Set<String>) {
        if folded.contains("*"), id != "0" { folded.insert("+" + id) } else { folded.remove(id) }
    }

    /// The rows of `value`, with the containers whose ids are in `folded` shown on one line.
    ///
    /// - Parameters:
    ///   - value: the value to lay out.
    ///   - folded: ids of the containers to fold.
    /// - Returns: the visible rows, top to bottom.
    public static func rows(of value: TraceValue, folded: Set<String>) -> [Row] {
        var rows: [Row] = []
        append(value, label: "", id: "0", depth: 0, folded: folded, into: &rows)
        return rows
    }

    private static func append(_ value: TraceValue, label: String, id: String, depth: Int, folded: Set<String>, into rows: inout [Row]) {
        if case let .some(wrapped) = value {
            append(wrapped, label: label, id: id, depth: depth, folded: folded, into: &rows)
            return
        }
        if let single = TreeLayout.singleLine(value) {
            rows.append(Row(depth: depth, text: label + single, id: id, isFoldable: false, isFolded: false))
            return
        }
        guard let shape = ContainerShape(value) else { return }
        let children = TreeLayout.children(of: value)
        if isFolded(id, in: folded) {
            rows.append(Row(depth: depth, text: label + shape.opener + "… \(children.count)" + shape.closer, id: id, isFoldable: true, isFolded: true))
            return
        }
        rows.append(Row(depth: depth, text: label + shape.opener, id: id, isFoldable: true, isFolded: false))
        for (index, (childLabel, child)) in children.enumerated() {
            append(child, label: childLabel, id: id + "." + String(index), depth: depth + 1, folded: folded, into: &rows)
        }
        rows.append(Row(depth: depth, text: shape.closer, id: id, isFoldable: false, isFolded: false, isCloser: true))
    }
}
