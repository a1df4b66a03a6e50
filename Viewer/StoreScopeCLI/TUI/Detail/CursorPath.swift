import TraceAnalysis
import TraceFormat

/// The state path a line of the detail pane stands for, and back: the line showing a path.
/// `{` and `}` follow the path under the cursor from one action to the next.
///
/// In the state tree a line's node id (`0.1.2`, from ``TreeOutline``) names a path exactly; a
/// diff line carries its path (``DiffLine``, from ``DiffRendering/lines(from:to:redactedChanges:patch:)``).
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

    /// The path a diff line stands for (``DiffLine/path``); the root's lines, which stand for
    /// the whole state, give the first path the action changed (`changes`, in order).
    static func path(ofDiffLine line: Int, in diff: [DiffLine], changes: [[PathComponent]]) -> [PathComponent]? {
        guard diff.indices.contains(line) else { return nil }
        let path = diff[line].path
        return path.isEmpty ? changes.first.map { $0.filter { $0 != .some } } : path
    }

    /// The first diff line that stands for `path` (or for its deepest ancestor shown).
    static func diffLine(showing path: [PathComponent], in diff: [DiffLine]) -> Int? {
        let wanted = path.filter { $0 != .some }
        var best: (line: Int, matched: Int)?
        for (index, line) in diff.enumerated() where line.path.count <= wanted.count && wanted.starts(with: line.path) {
            if line.path.count == wanted.count { return index }
            if line.path.count > best?.matched ?? -1 { best = (index, line.path.count) }
        }
        return best?.line
    }
}
