/// Renders the change between two states as `-`/`+` lines, the way swift-custom-dump does.
///
/// Lines start with `- ` (only in the old state), `+ ` (only in the new one) or two spaces
/// (context), then two spaces of indentation per level. Containers that exist on both sides are
/// opened and their children compared: struct and class fields by name, enum payloads of the
/// same case, dictionary entries by key, set elements, and array elements after trimming the
/// equal prefix and suffix. A run of unchanged children collapses into `… (N unchanged)`,
/// except a single child that fits on one line, which is shown. The output depends only on the
/// two trees (and the redacted changes given), so it is stable across runs.
///
/// A redacted value that changed is the same `<redacted T>` node in both trees; given the
/// patches' ``RedactedChanges``, it is shown on one line marked `~`:
/// `~   password: <redacted String> (changed)`.
///
/// ```
///   AppState(
///     … (2 unchanged)
/// -   isLoading: false
/// +   isLoading: true
///     selected: nil
///   )
/// ```
public enum DiffRendering {
    /// The rendering of the change from `old` to `new`.
    ///
    /// - Parameters:
    ///   - old: the state before.
    ///   - new: the state after.
    ///   - redactedChanges: where a redacted value changed between them (from the patches in
    ///     between; paths relative to `old` and `new`).
    /// - Returns: the lines joined by newlines (no trailing newline); empty when the trees are
    ///   equal and no redacted value changed.
    ///   - patch: when `new` is `old` with a patch applied, its operations: then a dictionary
    ///     whose entries the patch names only by key is compared at those keys alone, and an
    ///     array whose elements it only sets (or changes inside) by index at those indices
    ///     alone, not child by child (a diff of one change in a 1M-entry dictionary or a
    ///     2M-element array costs the change, not the container). `nil`: compare everything.
    public static func render(
        from old: TraceValue, to new: TraceValue, redactedChanges: RedactedChanges = RedactedChanges(), patch: [PatchOperation]? = nil
    ) -> String {
        var visited = 0
        return render(from: old, to: new, redactedChanges: redactedChanges, patch: patch, childrenVisited: &visited)
    }

    /// The lines of ``render(from:to:redactedChanges:patch:)``, each with the state path it
    /// stands for: what the viewer's `{` `}` follow from the line under the cursor.
    public static func lines(
        from old: TraceValue, to new: TraceValue, redactedChanges: RedactedChanges = RedactedChanges(), patch: [PatchOperation]? = nil
    ) -> [DiffLine] {
        var visited = 0
        return renderedLines(from: old, to: new, redactedChanges: redactedChanges, patch: patch, childrenVisited: &visited)
            .map { DiffLine(text: $0.text, path: $0.path ?? []) }
    }

    /// ``render(from:to:redactedChanges:patch:)``, counting the children the walk compared:
    /// what tests count instead of timing.
    static func render(
        from old: TraceValue, to new: TraceValue, redactedChanges: RedactedChanges, patch: [PatchOperation]?, childrenVisited: inout Int
    ) -> String {
        renderedLines(from: old, to: new, redactedChanges: redactedChanges, patch: patch, childrenVisited: &childrenVisited)
            .map(\.text).joined(separator: "\n")
    }

    private static func renderedLines(
        from old: TraceValue, to new: TraceValue, redactedChanges: RedactedChanges, patch: [PatchOperation]?, childrenVisited: inout Int
    ) -> [RenderedLine] {
        let hidden = redactedChanges.isEmpty ? [] : Set(redactedChanges.shown(in: new).map(\.steps))
        if patch?.isEmpty == true, hidden.isEmpty { return [] }
        guard patch != nil || old != new || !hidden.isEmpty else { return [] }
        var lines: [RenderedLine] = []
        var walk = Walk(hidden: hidden, changed: patch)
        walk.diff(old, new, label: "", indent: 0, into: &lines)
        childrenVisited = walk.childrenVisited
        // Compared by the patch's paths, an operation may have set a value to itself.
        if patch != nil, lines.allSatisfy({ $0.mark == .context }) { return [] }
        return lines
    }

    /// The rendering of what `patch` changes in `old`.
    ///
    /// - Parameters:
    ///   - patch: the operations of one state patch.
    ///   - old: the state they apply to.
    /// - Returns: see ``render(from:to:)``.
    /// - Throws: ``PatchError`` when the patch does not apply to `old`.
    public static func render(_ patch: [PatchOperation], appliedTo old: TraceValue) throws(PatchError) -> String {
        var new = old
        try new.apply(patch)
        return render(from: old, to: new, redactedChanges: RedactedChanges(patch))
    }

    // MARK: - Comparing

    /// The walk down both trees, with the path it is at.
    struct Walk {
        /// The renderer's paths of the redacted changes to show (``RedactedChanges``).
        let hidden: Set<[PathComponent]>
        /// The patch's operations (see ``DiffRendering/render(from:to:redactedChanges:patch:)``).
        var changed: [PatchOperation]?
        var path: [PathComponent] = []
        /// The field name of each step of ``path`` that is a field or payload by position:
        /// the patch names those by name.
        var names: [String?] = []
        /// How many children the walk compared (or counted as unchanged one by one).
        var childrenVisited = 0

        init(hidden: Set<[PathComponent]>, changed: [PatchOperation]?) {
            self.hidden = hidden
            self.changed = changed
        }

        /// Whether a redacted change lies at or under the path extended by `step`.
        func hidesChange(under step: PathComponent) -> Bool {
            !hidden.isEmpty && hidden.contains { $0.count > path.count && $0[path.count] == step && $0.starts(with: path) }
        }

        mutating func diff(_ old: TraceValue, _ new: TraceValue, label: String, indent: Int, into lines: inout [RenderedLine]) {
            // This node's own lines (its opener, closer, collapsed runs, a redacted change) stand
            // for its path; its children's lines were given theirs on the way.
            let first = lines.count
            defer { Self.give(statePath, to: &lines, from: first) }
            if case let .some(a) = old, case let .some(b) = new {
                diff(a, b, label: label, indent: indent, into: &lines)
                return
            }
            if case let .dictionary(a) = old, case let .dictionary(b) = new, let keys = changedKeys(),
                keyedDiff(a, b, keys: keys, label: label, indent: indent, into: &lines) {
                return
            }
            if case let .array(a) = old, case let .array(b) = new, let indices = changedIndices(),
                indexedDiff(a, b, indices: indices, label: label, indent: indent, into: &lines) {
                return
            }
            if old == new {
                // Reached only on the way to a change in `hidden`: the value changed behind its
                // redaction.
                if case let .redacted(type) = new, hidden.contains(path) {
                    lines.append(RenderedLine(mark: .oneLine, indent: indent, content: label + (TreeLayout.singleLine(new) ?? "<redacted \(type)>") + " (changed)"))
                }
                if !ChildPairing.pairable(old, new) { return }
            }
            // An empty container has no closing line to pair with, so it changes whole.
            guard ChildPairing.pairable(old, new), let shape = ContainerShape(old),
                TreeOutline.childCount(of: old) > 0, TreeOutline.childCount(of: new) > 0
            else {
                TreeLayout.lines(of: old, label: label, mark: .removed, indent: indent, into: &lines)
                TreeLayout.lines(of: new, label: label, mark: .added, indent: indent, into: &lines)
                return
            }
            lines.append(RenderedLine(mark: .context, indent: indent, content: label + shape.opener))
            var run = UnchangedRun()
            func flush() {
                run.flush(indent: indent + 1, into: &lines) { statePath(to: $0, in: old) }
            }
            ChildPairing.forEachPair(old, new) { pair in
                childrenVisited += 1
                switch pair {
                case let .same(label, step, value):
                    guard hidesChange(under: step) else {
                        run.add(label, step, value)
                        return
                    }
                    flush()
                    descend(step, name: Self.fieldName(of: old, at: step)) { $0.diff(value, value, label: label.text, indent: indent + 1, into: &lines) }
                case let .changed(label, step, before, after):
                    flush()
                    descend(step, name: Self.fieldName(of: old, at: step)) { $0.diff(before, after, label: label.text, indent: indent + 1, into: &lines) }
                case let .moved(index, from, before, after):
                    let step = PathComponent.index(index)
                    guard before != after || hidesChange(under: step) else {
                        run.addMoved(to: index, from: from, after)
                        return
                    }
                    flush()
                    // The element's first line (its opener) says where it came from.
                    let start = lines.count
                    descend(step) { $0.diff(before, after, label: TreeLayout.movedLabel(to: index, from: from), indent: indent + 1, into: &lines) }
                    if lines.indices.contains(start), lines[start].mark == .context { lines[start].mark = .oneLine }
                case let .removed(label, step, value):
                    flush()
                    let start = lines.count
                    TreeLayout.lines(of: value, label: label.text, mark: .removed, indent: indent + 1, into: &lines)
                    Self.give(statePath(to: step, in: old), to: &lines, from: start)
                case let .added(label, step, value):
                    flush()
                    let start = lines.count
                    TreeLayout.lines(of: value, label: label.text, mark: .added, indent: indent + 1, into: &lines)
                    Self.give(statePath(to: step, in: new), to: &lines, from: start)
                }
            }
            flush()
            lines.append(RenderedLine(mark: .context, indent: indent, content: shape.closer))
        }

        mutating func descend(_ step: PathComponent, name: String? = nil, _ body: (inout Walk) -> Void) {
            path.append(step)
            names.append(name)
            body(&self)
            path.removeLast()
            names.removeLast()
        }

        /// The walk's path as a state path: fields by name, as patches and `state --path` name
        /// them (an unnamed payload by position), optionals stepped through.
        var statePath: [PathComponent] {
            zip(path, names).map { step, name in
                if let name, !name.isEmpty { .field(name) } else { step }
            }
        }

        /// The state path of the child of `node` (the walk's node) at `step`.
        func statePath(to step: PathComponent, in node: TraceValue) -> [PathComponent] {
            var node = node
            while case let .some(wrapped) = node { node = wrapped }
            if let name = Self.fieldName(of: node, at: step), !name.isEmpty { return statePath + [.field(name)] }
            return statePath + [step]
        }

        /// Sets `path` on the lines from `start` on that have none yet.
        static func give(_ path: [PathComponent], to lines: inout [RenderedLine], from start: Int) {
            for index in start..<lines.count where lines[index].path == nil { lines[index].path = path }
        }

        /// The name of the field or payload that `step` (by position) takes in `node`.
        static func fieldName(of node: TraceValue, at step: PathComponent) -> String? {
            guard case let .index(position) = step else { return nil }
            switch node {
            case let .structure(_, fields), let .object(_, _, fields), let .enumeration(_, _, fields):
                return fields.indices.contains(position) ? fields[position].name : nil
            default:
                return nil
            }
        }
    }
}

/// One output line: its mark, indentation level, content, and the state path it stands for
/// (`nil` until the walk sets it; see ``DiffLine/path``).
struct RenderedLine {
    enum Mark: String {
        /// `~`: a change shown on one line: a redacted value that changed (shown once since
        /// both sides read the same), or an array element matched by id that moved.
        case context = " ", removed = "-", added = "+", oneLine = "~"
    }
    var mark: Mark
    var indent: Int
    var content: String
    var path: [PathComponent]?

    var text: String {
        mark.rawValue + " " + String(repeating: "  ", count: indent) + content
    }
}

/// A line of a diff with the state path it stands for: a changed node's path for its lines
/// (`-`/`+`, the opener and closer of a container holding changes, its `… (N unchanged)`), a
/// child's path for an unchanged child shown alone, and for every line of a subtree added or
/// removed whole, the subtree's path. Fields are named by name (`.items[2].name`), as patches
/// and `state --path` name them; the root's lines have the empty path.
public struct DiffLine: Sendable, Hashable {
    /// The line as ``DiffRendering/render(from:to:redactedChanges:patch:)`` prints it.
    public var text: String
    /// The state path the line stands for.
    public var path: [PathComponent]

    /// Creates a line.
    public init(text: String, path: [PathComponent]) {
        self.text = text
        self.path = path
    }
}
