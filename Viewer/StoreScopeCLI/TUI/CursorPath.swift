import TraceAnalysis
import TraceFormat

/// The state path a line of the detail pane stands for, and back: the line showing a path.
/// `{` and `}` follow the path under the cursor from one action to the next.
///
/// In the state tree a line's node id (`0.1.2`, from ``TreeOutline``) names a path exactly.
/// A diff line only shows labels (`query: `, `"ada": `, nothing for array elements, whose
/// positions are counted from the lines before), so it is matched by its labels against the
/// paths the action changed.
enum CursorPath {
    // MARK: - State tree

    /// The path of the tree node with `id` in `value` (optionals are stepped through, as the
    /// outline shows them), or `nil` when `value` has no such node.
    static func path(ofNode id: String, in value: TraceValue) -> [PathComponent]? {
        var path: [PathComponent] = []
        var current = value
        for part in id.split(separator: ".").dropFirst() {
            guard let index = Int(part) else { return nil }
            while case let .some(wrapped) = current { current = wrapped }
            guard let (component, child) = child(of: current, at: index) else { return nil }
            path.append(component)
            current = child
        }
        return path
    }

    /// The id of the node at `path` in `value`, or of its deepest ancestor there when the
    /// value has no such node: what ``TreeOutline/rowIndex(ofNode:in:folded:)`` finds the row of.
    static func nodeID(of path: [PathComponent], in value: TraceValue) -> String {
        var id = "0", current = value
        for component in path where component != .some {
            while case let .some(wrapped) = current { current = wrapped }
            guard let (index, child) = child(of: current, matching: component) else { break }
            id += "." + String(index)
            current = child
        }
        return id
    }

    /// The position and value of the child of `value` that `component` names.
    private static func child(of value: TraceValue, matching component: PathComponent) -> (Int, TraceValue)? {
        switch (value, component) {
        case let (.structure(_, fields), _), let (.object(_, _, fields), _), let (.enumeration(_, _, fields), _):
            guard let index = fields.indices.first(where: { (fields[$0].name.isEmpty ? .index($0) : .field(fields[$0].name)) == component }) else { return nil }
            return (index, fields[index].value)
        case let (.array(elements), .index(index)):
            return elements.indices.contains(index) ? (index, elements[index]) : nil
        case let (.set(elements), .key(key)):
            return elements.firstIndex(of: key).map { ($0, elements[$0]) }
        case let (.dictionary(entries), .key(key)):
            // Entries are sorted by key (the format's canonical order): a search, not a scan of
            // a 1M-entry dictionary per changed key.
            let low = entries.firstIndex(notBefore: key)
            if low < entries.count, entries[low].key == key { return (low, entries[low].value) }
            guard entries.count < 4_096 else { return nil }
            return entries.firstIndex { $0.key == key }.map { ($0, entries[$0].value) }
        default:
            return nil
        }
    }

    private static func child(of value: TraceValue, at index: Int) -> (PathComponent, TraceValue)? {
        switch value {
        case let .structure(_, fields), let .object(_, _, fields), let .enumeration(_, _, fields):
            guard fields.indices.contains(index) else { return nil }
            let field = fields[index]
            return (field.name.isEmpty ? .index(index) : .field(field.name), field.value)
        case let .array(elements):
            return elements.indices.contains(index) ? (.index(index), elements[index]) : nil
        case let .set(elements):
            return elements.indices.contains(index) ? (.key(elements[index]), elements[index]) : nil
        case let .dictionary(entries):
            return entries.indices.contains(index) ? (.key(entries[index].key), entries[index].value) : nil
        default:
            return nil
        }
    }

    // MARK: - Diff

    /// The path a diff line stands for: the changed path (among `changes`, in order) whose
    /// labels match the line's and its parents', cut to the line's depth. The root line and the
    /// lines of a subtree added or removed whole give the path of the change holding them.
    static func path(ofDiffLine line: Int, in diff: [String], changes: [[PathComponent]]) -> [PathComponent]? {
        guard diff.indices.contains(line) else { return nil }
        let wanted = labels(ofLine: line, in: diff)
        var best: (path: [PathComponent], matched: Int)?
        for path in changes {
            let steps = path.filter { $0 != .some }
            let have = steps.map(label)
            let matched = zip(wanted, have).prefix { $0 == $1 }.count
            guard matched == min(wanted.count, have.count) else { continue }
            if matched == wanted.count { return Array(steps.prefix(matched)) }
            if matched > best?.matched ?? -1 { best = (steps, matched) }
        }
        return best?.path
    }

    /// The first diff line that stands for `path` (or for its deepest ancestor shown).
    static func diffLine(showing path: [PathComponent], in diff: [String]) -> Int? {
        let wanted = path.filter { $0 != .some }.map(label)
        var best: (line: Int, matched: Int)?
        for index in diff.indices where !isCloser(diff[index]) {
            let own = label(of: parse(diff[index]).content)
            // Cheap first: a line whose own label is on no step of the path is not it.
            guard !parse(diff[index]).content.hasPrefix("… ("), own.isEmpty || wanted.contains(own) else { continue }
            let have = labels(ofLine: index, in: diff)
            guard have.count <= wanted.count, Array(wanted.prefix(have.count)) == have else { continue }
            if have.count == wanted.count { return index }
            if have.count > best?.matched ?? -1 { best = (index, have.count) }
        }
        return best?.line
    }

    /// The labels from the root's child down to the line (`[i]` for array elements and
    /// unlabeled payloads); a closing line and `… (N unchanged)` stand for their container.
    static func labels(ofLine line: Int, in diff: [String]) -> [String] {
        var index = line
        let (lineDepth, lineContent) = parse(diff[line])
        // Between a container's opening line and its closer every line is deeper: the nearest
        // line above at a depth is the opening line of the container at that depth.
        if isCloser(diff[line]) {
            index = opener(above: line, depth: lineDepth, in: diff)
        } else if lineContent.hasPrefix("… (") {
            index = opener(above: line, depth: lineDepth - 1, in: diff)
        }
        guard index >= 0 else { return [] }
        let depth = parse(diff[index]).depth
        var labels = depth > 0 ? [label(ofNodeAt: index, in: diff)] : []
        var wanted = depth - 1
        while wanted > 0 {
            index = opener(above: index, depth: wanted, in: diff)
            guard index >= 0 else { break }
            labels.append(label(ofNodeAt: index, in: diff))
            wanted -= 1
        }
        return labels.reversed()
    }

    /// The label of the node whose first line is `line`: its own (`name`, a key), or for an
    /// element without one its position, `[i]`, counted over the siblings before it: in the
    /// old value for a removed line, in the new one otherwise (`… (N unchanged)` counts N).
    private static func label(ofNodeAt line: Int, in diff: [String]) -> String {
        let (depth, content) = parse(diff[line])
        let own = label(of: content)
        guard own.isEmpty else { return own }
        let counted: Set<Character> = diff[line].hasPrefix("-") ? [" ", "-"] : [" ", "+"]
        var position = 0
        var index = line - 1
        while index >= 0 {
            let (siblingDepth, siblingContent) = parse(diff[index])
            if siblingDepth < depth { break }
            if siblingDepth == depth, !isCloser(diff[index]) {
                if siblingContent.hasPrefix("… ("), let count = Int(siblingContent.dropFirst(3).prefix { $0.isNumber }) {
                    position += count
                } else if let mark = diff[index].first, counted.contains(mark) {
                    position += 1
                }
            }
            index -= 1
        }
        return "[\(position)]"
    }

    /// The nearest line above `line` at `depth` (-1 when none is).
    private static func opener(above line: Int, depth: Int, in diff: [String]) -> Int {
        var index = line - 1
        while index >= 0, parse(diff[index]).depth != depth { index -= 1 }
        return index
    }

    /// The depth (two spaces a level, after the two-character mark) and the content of a line.
    private static func parse(_ line: String) -> (depth: Int, content: Substring) {
        let body = line.dropFirst(2)
        let spaces = body.prefix { $0 == " " }.count
        return (spaces / 2, body.dropFirst(spaces))
    }

    private static func isCloser(_ line: String) -> Bool {
        let content = parse(line).content
        return content == ")" || content == "]" || content == "])"
    }

    /// `name` of `name: value`, `[17]` of an array element's `[17] value`, or `""` for a line
    /// without a label.
    private static func label(of content: Substring) -> String {
        if content.first == "[", let close = content.firstIndex(of: "]"), content[content.index(after: close)...].hasPrefix(" "),
            content[content.index(after: content.startIndex)..<close].allSatisfy({ $0.isASCII && $0.isNumber }), close > content.index(after: content.startIndex) {
            return String(content[...close])
        }
        guard let colon = content.range(of: ": ") else { return "" }
        let name = content[..<colon.lowerBound]
        // A quoted key holds any text; otherwise a label has no brackets or spaces.
        if name.first == "\"" || !name.contains(where: { " ([\"".contains($0) }) { return String(name) }
        return ""
    }

    /// How a path step shows as a label in a diff (positions as counted by
    /// ``label(ofNodeAt:in:)``).
    private static func label(_ component: PathComponent) -> String {
        switch component {
        case let .field(name): name.isTupleIndex ? "[\(name)]" : name.sanitizedForTerminal
        case let .key(key): key.shortDescription.sanitizedForTerminal
        case let .index(index): "[\(index)]"
        case .some: ""
        }
    }
}
