import TraceFormat

/// A text search of the outline's lines, for the viewer's `/` in a tree.
extension TreeOutline {
    /// The node whose line contains `needle` (ignoring case), folded nodes included: the
    /// first after the cursor's line (`forward`) or the last before it, in outline order.
    /// A line's text is its unfolded form (`name: "Ada"`, `[3] User(`).
    ///
    /// - Parameters:
    ///   - needle: the text to find.
    ///   - value: the tree.
    ///   - cursor: the id of the node on the cursor's line (`0.2.1`), and whether that line
    ///     is the node's closing line (then its children lie before the cursor).
    ///   - forward: whether to search after the cursor or before it.
    /// - Returns: the id of the node found, or `nil` when no line matches.
    public static func search(_ needle: String, in value: TraceValue, from cursor: (id: String, isCloser: Bool), forward: Bool) -> String? {
        guard !needle.isEmpty else { return nil }
        var search = TextSearch(
            needle: needle.lowercased(), from: cursor.id.split(separator: ".").compactMap { Int($0) }, closer: cursor.isCloser, forward: forward)
        _ = search.walk(value, label: "", id: [0])
        return search.found.map { $0.map(String.init).joined(separator: ".") }
    }
}

/// One pass over a tree in outline order, by child positions (`[0, 2, 1]` is `0.2.1`).
private struct TextSearch {
    let needle: String
    let from: [Int]
    let closer: Bool
    let forward: Bool
    var found: [Int]?

    /// Whether the line of node `id` comes before the cursor's line.
    func isBefore(_ id: [Int]) -> Bool {
        if id.starts(with: from) { return closer }
        return id.lexicographicallyPrecedes(from)
    }

    /// Walks the node `id`; returns `false` once the search is over.
    mutating func walk(_ value: TraceValue, label: String, id: [Int]) -> Bool {
        if case let .some(wrapped) = value { return walk(wrapped, label: label, id: id) }
        let before = isBefore(id)
        // Backward: every line from here on is at or after the cursor's.
        if !forward, !before { return false }
        // Forward: a subtree wholly before the cursor (not holding it) has nothing to find.
        if forward, before, !from.starts(with: id) { return true }
        if forward ? !before && id != from : true {
            let text = label + (TreeLayout.singleLine(value) ?? ContainerShape(value)?.opener ?? "")
            if text.lowercased().contains(needle) {
                found = id
                if forward { return false }
            }
        }
        var going = true
        TreeOutline.forEachChild(of: value) { index, childLabel, child in
            going = walk(child, label: childLabel(), id: id + [index])
            return going
        }
        return going
    }
}
