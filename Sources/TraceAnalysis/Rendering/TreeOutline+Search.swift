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
        guard case let .found(id) = search(needle, in: value, from: cursor, forward: forward, resuming: nil, nodes: .max) else { return nil }
        return id
    }

    /// How far a search done in parts got (``search(_:in:from:forward:resuming:nodes:)``):
    /// the next node to look at, and the last match so far (a backward search keeps the last
    /// one before the cursor).
    public struct SearchProgress: Sendable, Hashable {
        var next: [Int]
        var found: [Int]?
    }

    /// What one part of a search found.
    public enum SearchStep: Sendable, Hashable {
        /// The node found (its id, `0.2.1`).
        case found(String)
        /// No line matches.
        case notFound
        /// The part looked at its nodes without an answer yet: pass this to the next part.
        case searching(SearchProgress)
    }

    /// One part of ``search(_:in:from:forward:)``: at most `nodes` lines looked at, from where
    /// the previous part stopped (`resuming`, `nil` for the first), so a search through a
    /// million-entry state can be done a part at a time between keys.
    public static func search(
        _ needle: String, in value: TraceValue, from cursor: (id: String, isCloser: Bool), forward: Bool,
        resuming progress: SearchProgress?, nodes: Int
    ) -> SearchStep {
        guard !needle.isEmpty else { return .notFound }
        var search = TextSearch(
            needle: needle.lowercased(), from: cursor.id.split(separator: ".").compactMap { Int($0) }, closer: cursor.isCloser, forward: forward,
            resume: progress?.next, found: progress?.found, budget: max(1, nodes))
        _ = search.walk(value, label: { "" }, id: [0])
        if let stopped = search.stoppedAt { return .searching(SearchProgress(next: stopped, found: search.found)) }
        return search.found.map { .found($0.map(String.init).joined(separator: ".")) } ?? .notFound
    }
}

/// One pass over a tree in outline order, by child positions (`[0, 2, 1]` is `0.2.1`).
private struct TextSearch {
    let needle: String
    let from: [Int]
    let closer: Bool
    let forward: Bool
    /// Where a part resumes: the lines before this node's were looked at already.
    let resume: [Int]?
    var found: [Int]?
    /// Lines this part may still look at, and the node it stopped at when none are left.
    var budget: Int
    var stoppedAt: [Int]?

    /// Whether the line of node `id` comes before the cursor's line.
    func isBefore(_ id: [Int]) -> Bool {
        if id.starts(with: from) { return closer }
        return id.lexicographicallyPrecedes(from)
    }

    /// Walks the node `id`; returns `false` once the search is over.
    mutating func walk(_ value: TraceValue, label: () -> String, id: [Int]) -> Bool {
        if case let .some(wrapped) = value { return walk(wrapped, label: label, id: id) }
        let before = isBefore(id)
        // Backward: every line from here on is at or after the cursor's.
        if !forward, !before { return false }
        // Forward: a subtree wholly before the cursor (not holding it) has nothing to find.
        if forward, before, !from.starts(with: id) { return true }
        // Resumed: a subtree wholly before the resume point was searched; so was the line of
        // a node holding it.
        if let resume, id != resume, id.lexicographicallyPrecedes(resume) {
            guard resume.starts(with: id) else { return true }
        } else if forward ? !before && id != from : true {
            guard budget > 0 else {
                stoppedAt = id
                return false
            }
            budget -= 1
            let text = label() + (TreeLayout.singleLine(value) ?? ContainerShape(value)?.opener ?? "")
            if text.lowercased().contains(needle) {
                found = id
                if forward { return false }
            }
        }
        // The children before the one leading to the resume point (or, forward, to the cursor)
        // lie wholly before it: not walked at all, so a part costs its own lines, not the
        // lines before it.
        var start = 0
        if let resume, resume.count > id.count, resume.starts(with: id) { start = resume[id.count] }
        if forward, from.count > id.count, from.starts(with: id) { start = max(start, from[id.count]) }
        var going = true
        TreeOutline.forEachChild(of: value, from: start) { index, childLabel, child in
            going = walk(child, label: childLabel, id: id + [index])
            return going
        }
        return going
    }
}
