/// The outline a window at a time: the viewer shows ~20 rows of a state that may have millions,
/// so a key costs the rows it shows plus a count of the ones before them, never a string per
/// node of the state (issue 17: each key in the tree of a 1M-entry dictionary cost 1-2 s).
/// Every answer is the one ``TreeOutline/rows(of:folded:)`` gives, sliced.
extension TreeOutline {
    /// How many rows the outline of `value` has with `folded` folded.
    public static func rowCount(of value: TraceValue, folded: Set<String>, counts: Counts? = nil) -> Int {
        OutlineWalk(folded: folded, window: 0..<0, counts: counts).count(value, id: "0")
    }

    /// The rows of the outline of `value` in `window` (row indices; clamped to the outline).
    /// With `lineBytes`, a leaf's text is only the start of it that many UTF-8 bytes hold, `…`
    /// at its end when cut: what a screen shows of a 1 MB string, at the cost of those bytes.
    public static func rows(of value: TraceValue, folded: Set<String>, in window: Range<Int>, counts: Counts? = nil, lineBytes: Int? = nil) -> [Row] {
        guard !window.isEmpty else { return [] }
        var walk = OutlineWalk(folded: folded, window: window, counts: counts)
        walk.lineBytes = lineBytes
        walk.walk(value, label: "", id: "0", depth: 0)
        return walk.rows
    }

    /// The index of the row opening the node `id` (`0.2.1`), or of its deepest shown ancestor
    /// when a fold hides it or the value has no such node.
    public static func rowIndex(ofNode id: String, in value: TraceValue, folded: Set<String>, counts: Counts? = nil) -> Int {
        let walk = OutlineWalk(folded: folded, window: 0..<0, counts: counts)
        var parts = id.split(separator: ".").dropFirst().compactMap { Int($0) }[...]
        var node = value, nodeID = "0", position = 0
        while let next = parts.popFirst() {
            while case let .some(wrapped) = node { node = wrapped }
            guard !walk.isFolded(nodeID), next < childCount(of: node) else { return position }
            position += 1
            var child: TraceValue?
            // Children of one row each come before `next` by their number alone.
            let start = walk.oneRowChildren(node, id: nodeID) ? next : 0
            position += start
            forEachChild(of: node, from: start) { index, _, value in
                if index == next { child = value; return false }
                position += walk.count(value, id: nodeID + "." + String(index))
                return true
            }
            guard let child else { return position }
            node = child
            nodeID += "." + String(next)
        }
        return position
    }

    /// Rows of `value` with nothing folded inside it.
    static func plainCount(_ value: TraceValue) -> Int {
        switch value {
        case let .some(wrapped): return plainCount(wrapped)
        case let .structure(_, fields), let .object(_, _, fields), let .enumeration(_, _, fields):
            return fields.isEmpty ? 1 : fields.reduce(2) { $0 + plainCount($1.value) }
        case let .array(elements), let .set(elements):
            return elements.isEmpty ? 1 : elements.reduce(2) { $0 + plainCount($1) }
        case let .dictionary(entries):
            return entries.isEmpty ? 1 : entries.reduce(2) { $0 + plainCount($1.value) }
        default: return 1
        }
    }

    /// How many children the outline shows under `value` (0 for leaves).
    static func childCount(of value: TraceValue) -> Int {
        switch value {
        case let .structure(_, fields), let .object(_, _, fields), let .enumeration(_, _, fields): fields.count
        case let .array(elements), let .set(elements): elements.count
        case let .dictionary(entries): entries.count
        default: 0
        }
    }

    /// Calls `body` with each child's index, label (built only when asked for) and value, in
    /// outline order from the child at `start`, while it returns `true`.
    static func forEachChild(of value: TraceValue, from start: Int = 0, _ body: (Int, () -> String, TraceValue) -> Bool) {
        switch value {
        case let .structure(_, fields), let .object(_, _, fields), let .enumeration(_, _, fields):
            for index in fields.indices.dropFirst(start) where !body(index, { TreeLayout.fieldLabel(fields[index].name) }, fields[index].value) { return }
        case let .array(elements):
            for index in elements.indices.dropFirst(start) where !body(index, { TreeLayout.indexLabel(index) }, elements[index]) { return }
        case let .set(elements):
            for index in elements.indices.dropFirst(start) where !body(index, { "" }, elements[index]) { return }
        case let .dictionary(entries):
            for index in entries.indices.dropFirst(start) where !body(index, { TreeLayout.keyLabel(entries[index].key) }, entries[index].value) { return }
        default:
            return
        }
    }
}

/// One pass over an outline: counts rows, and collects those in a window.
private struct OutlineWalk {
    let folded: Set<String>
    /// Whether everything below the root is folded but the nodes opened since
    /// (``TreeOutline/everythingFolded``).
    let foldsAll: Bool
    /// For each node with a folded node below it (with ``foldsAll``: an opened one), the
    /// indices of the children leading there: every other child is counted without building
    /// its id.
    let foldPaths: [String: Set<Int>]
    let window: Range<Int>
    /// The row counts of large containers already counted (``TreeOutline/Counts``).
    let counts: TreeOutline.Counts?
    /// The UTF-8 bytes of a leaf's text kept (`nil`: all of it).
    var lineBytes: Int?
    var position = 0
    var rows: [TreeOutline.Row] = []

    init(folded: Set<String>, window: Range<Int>, counts: TreeOutline.Counts?) {
        self.folded = folded
        self.window = window
        self.counts = counts
        foldsAll = folded.contains("*")
        var paths: [String: Set<Int>] = [:]
        for id in folded where foldsAll ? id.hasPrefix("+") : true {
            let parts = id.drop { $0 == "+" }.split(separator: ".")
            var prefix = String(parts.first ?? "0")
            for part in parts.dropFirst() {
                if let index = Int(part) { paths[prefix, default: []].insert(index) }
                prefix += "." + part
            }
        }
        foldPaths = paths
    }

    func isFolded(_ id: String) -> Bool {
        TreeOutline.isFolded(id, in: folded)
    }

    /// The rows of `value` (the node `id`, below the root) when no fold is set or opened
    /// below it: one row when everything is folded, else all of them, from the memo for a
    /// large one.
    func plainCount(_ value: TraceValue, id: @autoclosure () -> String) -> Int {
        if foldsAll { return 1 }
        if let counts, TreeOutline.childCount(of: value) >= TreeOutline.Counts.threshold { return counts.plainCount(of: value, id: id()) }
        return TreeOutline.plainCount(value)
    }

    /// Whether every child of the container `id` holding `value` takes one row, and nothing
    /// is folded below it: then a child's row is its index, without counting those before it.
    /// Known only for a large container with a memo (otherwise counting is what it saves).
    func oneRowChildren(_ value: TraceValue, id: String) -> Bool {
        let children = TreeOutline.childCount(of: value)
        if foldsAll { return foldPaths[id] == nil && !isFolded(id) }
        guard counts != nil, children >= TreeOutline.Counts.threshold, foldPaths[id] == nil, !folded.contains(id) else { return false }
        return plainCount(value, id: id) == children + 2
    }

    /// The rows of the node `id` holding `value`.
    func count(_ value: TraceValue, id: String) -> Int {
        if case let .some(wrapped) = value { return count(wrapped, id: id) }
        let children = TreeOutline.childCount(of: value)
        if children == 0 { return 1 }
        if isFolded(id) { return 1 }
        guard let below = foldPaths[id] else { return foldsAll ? children + 2 : plainCount(value, id: id) }
        var total = 2
        TreeOutline.forEachChild(of: value) { index, _, child in
            total += below.contains(index) ? count(child, id: id + "." + String(index)) : plainCount(child, id: id + "." + String(index))
            return true
        }
        return total
    }

    /// Walks the node `id` (its first row at ``position``), collecting its rows in the window.
    mutating func walk(_ value: TraceValue, label: String, id: String, depth: Int) {
        if case let .some(wrapped) = value { return walk(wrapped, label: label, id: id, depth: depth) }
        let children = TreeOutline.childCount(of: value)
        if children == 0 {
            emit(TreeOutline.Row(depth: depth, text: label + (TreeLayout.singleLine(value, utf8Limit: lineBytes) ?? ""), id: id, isFoldable: false, isFolded: false))
            return
        }
        guard let shape = ContainerShape(value) else { return }
        if isFolded(id) {
            emit(TreeOutline.Row(depth: depth, text: label + shape.opener + "… \(children)" + shape.closer, id: id, isFoldable: true, isFolded: true))
            return
        }
        emit(TreeOutline.Row(depth: depth, text: label + shape.opener, id: id, isFoldable: true, isFolded: false))
        let below = foldPaths[id]
        // Children of one row each before the window are passed by their number alone.
        let start = oneRowChildren(value, id: id) ? max(0, min(children, window.lowerBound - position)) : 0
        position += start
        TreeOutline.forEachChild(of: value, from: start) { index, childLabel, child in
            guard position < window.upperBound else { return false }
            let childID = below?.contains(index) == true ? id + "." + String(index) : nil
            let rows = childID.map { count(child, id: $0) } ?? plainCount(child, id: id + "." + String(index))
            if position + rows <= window.lowerBound {
                position += rows
                return true
            }
            walk(child, label: childLabel(), id: childID ?? id + "." + String(index), depth: depth + 1)
            return true
        }
        guard position < window.upperBound else { return }
        emit(TreeOutline.Row(depth: depth, text: shape.closer, id: id, isFoldable: false, isFolded: false, isCloser: true))
    }

    private mutating func emit(_ row: TreeOutline.Row) {
        if window.contains(position) { rows.append(row) }
        position += 1
    }
}
