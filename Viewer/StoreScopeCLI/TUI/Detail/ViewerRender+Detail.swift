import TraceAnalysis
import TraceFormat

/// The detail pane: the selected action's value on its first line, then its state diff
/// (`-`/`+` lines, then the effect events after it), the full state tree with folding, or the
/// action itself as a foldable tree.
extension ViewerRender {
    /// A line of the detail pane with its style.
    struct DetailLine: Equatable {
        var text: String
        var style: CellStyle
    }

    static func drawDetail(_ state: ViewerState, _ layout: ViewerLayout, into grid: inout ScreenGrid) {
        let y = layout.detailTop
        let tabs = switch state.pane.mode {
        case .diff: "[d diff]  s state   a action  "
        case .tree: " d diff  [s state]  a action  "
        case .action: " d diff   s state  [a action] "
        }
        let title: String
        if let entry = state.detail?.entry {
            // The store's name gives way to the tabs where they can fit: a long one pushed them
            // off the window. (Narrower than the tabs, the window cuts them whatever the name.)
            let seq = "── #\(entry.seq) "
            let room = state.columns - seq.count - tabs.count - 2
            let store = entry.action.store.sanitizedForTerminal
            title = seq + (room >= 2 && store.displayWidth > room ? pad(store, room) : store) + " "
        } else {
            title = "── "
        }
        grid.put(title + tabs + String(repeating: "─", count: max(0, state.columns)), row: y, column: 0, style: state.focus == .detail ? .bold : .dim)
        // A window too short for any detail line shows the separator only.
        guard let detail = state.detail, layout.detailRows > 0 else { return }
        grid.put("action ", row: y + 1, column: 0, style: .bold)
        // The whole action with its type (`.begin` alone could be any type's case), cut at
        // the window's edge; `a` shows it as a tree.
        let action = detail.entry.seq == 0 ? "(none: the initial state, before the first action)" : pad(ShownText.start(of: detail.entry.action.action, columns: state.columns - 7, qualified: true).sanitizedForTerminal, max(0, state.columns - 7))
        grid.put(action, row: y + 1, column: 7, style: detail.entry.seq == 0 ? .dim : .plain)
        let visible = layout.detailRows - 1
        for (offset, line) in detailLines(state.pane, state.detail, from: state.pane.scroll, count: visible).enumerated() {
            let row = y + 2 + offset
            grid.put(line.text, row: row, column: 0, style: line.style)
            if state.focus == .detail, state.pane.scroll + offset == state.pane.cursor { grid.fill(row: row, style: .reverse) }
        }
    }

    /// The detail lines under the action line, for the current mode.
    static func detailLines(_ pane: DetailPane, _ detail: ViewerState.Detail?) -> [DetailLine] {
        guard let detail else { return [] }
        guard !detail.isLoading else { return [DetailLine(text: "  reading the state…", style: .dim)] }
        switch pane.mode {
        case .diff:
            var lines: [DetailLine]
            switch detail.diff {
            case let .success(diff) where diff.isEmpty:
                lines = [DetailLine(text: "  (the state did not change)", style: .dim)]
            case let .success(diff):
                lines = diff.map { line in
                    DetailLine(text: line.text, style: Self.diffStyle(of: line.text))
                }
            case let .failure(unknown):
                lines = [DetailLine(text: "  " + unknown.text.sanitizedForTerminal, style: .colored(.yellow))]
            }
            let entry = detail.entry
            let events = RecordLine(startMonotonicNanos: entry.action.monotonicNanos &- entry.sinceStart)
            for event in entry.events {
                lines.append(DetailLine(text: "  " + events.text(ShownText.start(of: event, columns: ShownText.widestLine)).trimmingSpaces, style: .colored(.cyan)))
            }
            return lines
        case .action:
            guard detail.entry.seq != 0 else { return [DetailLine(text: "  (no action: the initial state)", style: .dim)] }
            return TreeOutline.rows(of: detail.entry.action.action, folded: pane.actionFolded).map { actionTreeLine($0, of: detail.entry.action.action) }
        case .tree:
            guard let rows = treeRows(pane, detail) else {
                if case let .failure(unknown) = detail.state { return [DetailLine(text: "  " + unknown.text.sanitizedForTerminal, style: .colored(.yellow))] }
                return []
            }
            return rows.map { stateTreeLine($0, detail.changedNodes) }
        }
    }

    /// `-` lines red, `+` lines green, `~` lines (a redacted value that changed) yellow.
    static func diffStyle(of line: String) -> CellStyle {
        switch line.first {
        case "-": .colored(.red)
        case "+": .colored(.green)
        case "~": .colored(.yellow)
        default: .plain
        }
    }

    /// `count` detail lines from line `first`: what the pane shows. The state tree builds only
    /// those rows, so a key costs the screen, not the state's size.
    static func detailLines(_ pane: DetailPane, _ detail: ViewerState.Detail?, from first: Int, count: Int) -> [DetailLine] {
        if pane.mode == .action, let action = actionTree(pane, detail) {
            return TreeOutline.rows(of: action, folded: pane.actionFolded, in: first..<first + max(0, count), lineBytes: shownLineBytes).map { actionTreeLine($0, of: action) }
        }
        guard pane.mode == .tree, case let .success(value)? = detail?.state else {
            return Array(detailLines(pane, detail).dropFirst(first).prefix(count))
        }
        let changed = detail?.changedNodes ?? ChangedNodes()
        return TreeOutline.rows(of: value, folded: pane.folded, in: first..<first + max(0, count), counts: detail?.treeCounts, lineBytes: shownLineBytes).map {
            stateTreeLine($0, changed)
        }
    }

    /// What a tree row keeps of a leaf's text: the widest line a window shows (``ShownText``).
    static let shownLineBytes = ShownText.bytes(columns: ShownText.widestLine)

    /// How many detail lines there are (the state tree's are counted, not built).
    static func detailLineCount(_ pane: DetailPane, _ detail: ViewerState.Detail?) -> Int {
        if pane.mode == .action, let action = actionTree(pane, detail) { return TreeOutline.rowCount(of: action, folded: pane.actionFolded) }
        guard pane.mode == .tree, case let .success(value)? = detail?.state else { return detailLines(pane, detail).count }
        return TreeOutline.rowCount(of: value, folded: pane.folded, counts: detail?.treeCounts)
    }

    /// The selected action's value for the action tree (`nil`: none, or #0).
    static func actionTree(_ pane: DetailPane, _ detail: ViewerState.Detail?) -> TraceValue? {
        guard let entry = detail?.entry, entry.seq != 0 else { return nil }
        return entry.action.action
    }

    /// The state tree's row at `index`, or `nil` when there is none or the state is unknown.
    static func treeRow(_ pane: DetailPane, _ detail: ViewerState.Detail?, at index: Int) -> TreeOutline.Row? {
        guard index >= 0, case let .success(value)? = detail?.state else { return nil }
        return TreeOutline.rows(of: value, folded: pane.folded, in: index..<index + 1, counts: detail?.treeCounts).first
    }

    /// A line of the action tree: its root names the action's type (`UsersAction.loaded(`).
    private static func actionTreeLine(_ row: TreeOutline.Row, of action: TraceValue) -> DetailLine {
        var row = row
        if row.id == "0", !row.isCloser, case let .enumeration(type, _, _) = action { row.text = type.sanitizedForTerminal + row.text }
        return treeLine(row)
    }

    /// A line of the state tree: a node the action changed (or a folded one hiding a change)
    /// starts with `+` in green, as the diff's new lines do; the others with two spaces.
    private static func stateTreeLine(_ row: TreeOutline.Row, _ changed: ChangedNodes) -> DetailLine {
        var line = treeLine(row)
        guard changed.marks(row.id, folded: row.isFolded) else {
            line.text = "  " + line.text
            return line
        }
        line.text = "+ " + line.text
        line.style = .colored(.green, bold: row.isFolded)
        return line
    }

    private static func treeLine(_ row: TreeOutline.Row) -> DetailLine {
        let marker = row.isFoldable ? (row.isFolded ? "▸ " : "▾ ") : "  "
        return DetailLine(text: String(repeating: "  ", count: row.depth) + marker + row.text, style: row.isFolded ? .bold : .plain)
    }

    /// The state tree's rows with the state's folds, or `nil` when the state is unknown.
    static func treeRows(_ pane: DetailPane, _ detail: ViewerState.Detail?) -> [TreeOutline.Row]? {
        guard case let .success(value)? = detail?.state else { return nil }
        return TreeOutline.rows(of: value, folded: pane.folded)
    }

    // MARK: - The same, from the whole state, for the parts of the viewer that pass it

    static func detailLines(_ state: ViewerState) -> [DetailLine] { detailLines(state.pane, state.detail) }
    static func actionTree(_ state: ViewerState) -> TraceValue? { actionTree(state.pane, state.detail) }
    static func treeRow(_ state: ViewerState, at index: Int) -> TreeOutline.Row? { treeRow(state.pane, state.detail, at: index) }
}
