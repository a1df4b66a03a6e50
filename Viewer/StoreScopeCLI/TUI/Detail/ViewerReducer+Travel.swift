import TraceAnalysis
import TraceFormat

/// `}` and `{`: the next or previous action that changed the path under the cursor.
///
/// The path is the state tree's node under the detail cursor (`s`), the diff line's path
/// (`d`), or, with the keys in the timeline, the first path the selected action changed (or,
/// right after a jump from the timeline, the path that jump followed). The
/// jump goes through every action of the store, whatever the filter hides (like `[` and `]`:
/// it travels through states), and lands on the first whose changes touch the path: the path
/// itself, something under it, or a container replaced with it (the `path:` filter condition).
/// Forward, it reads the patches in file order and compares a keyframe's node with the node
/// it carries along, so no state is rebuilt; backward, the engine's backward search with the
/// `path:` condition (a keyframe there costs the state before it). Then it keeps the cursor on
/// the same node in the new state.
extension ViewerReducer {
    func jumpToChange(forward: Bool, in state: inout ViewerState) {
        guard !waitingForDetail(&state), let current = state.selected, let detail = state.detail else { return }
        let followed = state.followedPath.flatMap { $0.seq == current && state.focus == .timeline ? $0.path : nil }
        guard let path = followed ?? pathUnderCursor(state, detail) else {
            state.message = "#\(current) changed nothing here: put the detail cursor on a path (tab, then s)"
            return
        }
        let store = detail.entry.action.store
        let name = path.isEmpty ? "the state" : renderPath(path).sanitizedForTerminal
        let node: TraceValue?? = if case let .success(value) = detail.state { .some(Self.pattern(path).node(in: value)) } else { nil }
        let change = PathChange(path: path, store: store, name: name, node: forward ? node : nil, keepsCursor: state.focus == .detail)
        startSearch(.change(change), forward: forward, from: current, in: &state)
    }

    /// Selects the change `}` or `{` found (`nil`: none), keeping the cursor on the path.
    func finishChange(_ change: PathChange, forward: Bool, found: ActionEntry?, in state: inout ViewerState) {
        guard let found else {
            state.message = "no \(forward ? "later" : "earlier") change of \(change.name) in \(change.store.sanitizedForTerminal)"
            return
        }
        state.following = false
        move(.select(found.seq), cursorOn: change.keepsCursor ? change.path : nil, in: &state)
        state.followedPath = change.keepsCursor ? nil : FollowedPath(path: change.path, seq: found.seq)
        state.message = "#\(found.seq) changed \(change.name)"
    }

    /// The engine filter for the actions of `store` (a glob: maybe others too) touching `path`.
    static func changeFilter(_ path: [PathComponent], in store: String) -> Filter {
        let pattern = Self.pattern(path)
        return Filter(expression: .and(.term(.store(Glob(store))), .term(.path(pattern))), description: "store:\(store) path:\(pattern.description)")
    }

    /// The pattern of `path`, for the engine's `path:` condition.
    static func pattern(_ path: [PathComponent]) -> PathPattern {
        PathPattern(steps: path.compactMap(step), description: renderPath(path))
    }

    private static func step(_ component: PathComponent) -> PathPattern.Step? {
        switch component {
        case let .field(name): .field(name)
        case let .index(index): .index(index)
        case let .key(key): .key(key.shortDescription)
        case .some: nil
        }
    }

    /// The path `{` and `}` follow (see the type's comment), or `nil` when there is none.
    func pathUnderCursor(_ state: ViewerState, _ detail: ViewerState.Detail) -> [PathComponent]? {
        let changed = { (detail.changes ?? []).map(\.path) }
        guard state.focus == .detail else { return changed().first }
        switch (state.pane.mode, detail.state, detail.diff) {
        case let (.tree, .success(value), _):
            guard let row = ViewerRender.treeRow(state, at: state.pane.cursor) else { return nil }
            return CursorPath.path(ofNode: row.id, in: value)
        case let (.diff, _, .success(lines)) where lines.indices.contains(state.pane.cursor):
            return CursorPath.path(ofDiffLine: state.pane.cursor, in: lines, changes: changed())
        default:
            return changed().first
        }
    }

    /// Moves the detail cursor to the line showing `path` (or its nearest shown ancestor), in
    /// the detail read.
    func putCursor(on path: [PathComponent], in state: inout ViewerState) {
        guard let detail = state.detail, !detail.isLoading else { return }
        let line: Int?
        switch (state.pane.mode, detail.state, detail.diff) {
        case let (.tree, .success(value), _):
            line = TreeOutline.rowIndex(ofNode: CursorPath.nodeID(of: path, in: value), in: value, folded: state.pane.folded, counts: state.detail?.treeCounts)
        case let (.diff, _, .success(lines)):
            line = CursorPath.diffLine(showing: path, in: lines)
        default:
            line = nil
        }
        guard let line else { return }
        state.pane.cursor = line
        let visible = max(1, state.layout.detailRows - 1)
        if line < state.pane.scroll || line >= state.pane.scroll + visible { state.pane.scroll = max(0, line - visible / 2) }
    }
}

/// The path `}` and `{` followed from the timeline, and the action they landed on.
struct FollowedPath: Sendable, Equatable {
    var path: [PathComponent]
    var seq: UInt64
}
