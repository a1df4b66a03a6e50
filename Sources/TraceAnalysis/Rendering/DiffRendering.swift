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
    public static func render(from old: TraceValue, to new: TraceValue, redactedChanges: RedactedChanges = RedactedChanges()) -> String {
        let hidden = redactedChanges.isEmpty ? [] : Set(redactedChanges.shown(in: new).map(\.steps))
        guard old != new || !hidden.isEmpty else { return "" }
        var lines: [RenderedLine] = []
        var walk = Walk(hidden: hidden)
        walk.diff(old, new, label: "", indent: 0, into: &lines)
        return lines.map(\.text).joined(separator: "\n")
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
    private struct Walk {
        /// The renderer's paths of the redacted changes to show (``RedactedChanges``).
        let hidden: Set<[PathComponent]>
        var path: [PathComponent] = []

        /// Whether a redacted change lies at or under the path extended by `step`.
        func hidesChange(under step: PathComponent) -> Bool {
            !hidden.isEmpty && hidden.contains { $0.count > path.count && $0[path.count] == step && $0.starts(with: path) }
        }

        mutating func diff(_ old: TraceValue, _ new: TraceValue, label: String, indent: Int, into lines: inout [RenderedLine]) {
            if case let .some(a) = old, case let .some(b) = new {
                diff(a, b, label: label, indent: indent, into: &lines)
                return
            }
            if old == new {
                // Reached only on the way to a change in `hidden`: the value changed behind its
                // redaction.
                if case let .redacted(type) = new, hidden.contains(path) {
                    lines.append(RenderedLine(mark: .hiddenChange, indent: indent, content: label + (TreeLayout.singleLine(new) ?? "<redacted \(type)>") + " (changed)"))
                }
                if ChildPairing.pairs(old, new) == nil { return }
            }
            // An empty container has no closing line to pair with, so it changes whole.
            guard let pairs = ChildPairing.pairs(old, new), let shape = ContainerShape(old),
                !TreeLayout.children(of: old).isEmpty, !TreeLayout.children(of: new).isEmpty
            else {
                TreeLayout.lines(of: old, label: label, mark: .removed, indent: indent, into: &lines)
                TreeLayout.lines(of: new, label: label, mark: .added, indent: indent, into: &lines)
                return
            }
            lines.append(RenderedLine(mark: .context, indent: indent, content: label + shape.opener))
            var unchanged: [(label: String, value: TraceValue)] = []
            func flush() {
                if unchanged.count == 1, let single = TreeLayout.singleLine(unchanged[0].value) {
                    lines.append(RenderedLine(mark: .context, indent: indent + 1, content: unchanged[0].label + single))
                } else if !unchanged.isEmpty {
                    lines.append(RenderedLine(mark: .context, indent: indent + 1, content: "… (\(unchanged.count) unchanged)"))
                }
                unchanged.removeAll()
            }
            for pair in pairs {
                switch pair {
                case let .same(label, step, value):
                    guard hidesChange(under: step) else {
                        unchanged.append((label, value))
                        continue
                    }
                    flush()
                    descend(step) { $0.diff(value, value, label: label, indent: indent + 1, into: &lines) }
                case let .changed(label, step, before, after):
                    flush()
                    descend(step) { $0.diff(before, after, label: label, indent: indent + 1, into: &lines) }
                case let .removed(label, value):
                    flush()
                    TreeLayout.lines(of: value, label: label, mark: .removed, indent: indent + 1, into: &lines)
                case let .added(label, value):
                    flush()
                    TreeLayout.lines(of: value, label: label, mark: .added, indent: indent + 1, into: &lines)
                }
            }
            flush()
            lines.append(RenderedLine(mark: .context, indent: indent, content: shape.closer))
        }

        private mutating func descend(_ step: PathComponent, _ body: (inout Walk) -> Void) {
            path.append(step)
            body(&self)
            path.removeLast()
        }
    }
}

/// One output line: its mark, indentation level and content.
struct RenderedLine {
    enum Mark: String {
        /// `~`: a redacted value that changed, shown once since both sides read the same.
        case context = " ", removed = "-", added = "+", hiddenChange = "~"
    }
    var mark: Mark
    var indent: Int
    var content: String

    var text: String {
        mark.rawValue + " " + String(repeating: "  ", count: indent) + content
    }
}
