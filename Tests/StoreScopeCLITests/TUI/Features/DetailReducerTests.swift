import Testing
import TraceAnalysis
import TraceFormat

@testable import StoreScopeCLI

/// The detail pane's keys on their own: the pane's state, a detail and the pane's size passed
/// in, and out the pane, the copy asked for and the message; no trace, no terminal.
@Suite("Detail pane reducer")
struct DetailReducerTests {
    typealias Update = FeatureUpdate<DetailAction.Delegate>

    /// ```
    /// 0 App(            4     [1] "b"       8 )
    /// 1   title: "x"    5     [2] "c"
    /// 2   users: [      6   ]
    /// 3     [0] "a"     7   count: 3
    /// ```
    static let state = TraceValue.structure(type: "App", fields: [
        .init("title", .string("x")), .init("users", .array([.string("a"), .string("b"), .string("c")])), .init("count", .int(3)),
    ])
    static let action = TraceValue.enumeration(type: "UsersAction", caseName: "loaded", payload: [.init("users", .array([.string("a"), .string("b")]))])
    static let detail = ViewerState.Detail(
        entry: ActionEntry(action: ActionRecord(seq: 4, store: "app", monotonicNanos: 0, wallNanos: 0, reducerNanos: 0, action: action), sinceStart: 0),
        diff: .success([]), state: .success(state))
    /// A pane of 4 rows: the action line and 3 lines of the tree.
    static let context = DetailAction.Context(detail: detail, rows: 4)

    @discardableResult
    static func press(_ keys: Key..., in pane: inout DetailPane, _ context: DetailAction.Context = context) -> Update {
        var update = Update.none
        for key in keys { update = DetailReducer.reduce(into: &pane, .key(key), context) }
        return update
    }

    @Test("d s a show the diff, the state tree or the action from the top; the tree opens on the first node the action changed, once read")
    func views() {
        var detail = Self.detail
        detail.changedNodes = ChangedNodes([.set(path: [.field("count")], value: .int(3))], in: Self.state)
        var pane = DetailPane(mode: .diff, cursor: 2, scroll: 1)
        #expect(DetailReducer.reduce(into: &pane, .show(.tree), DetailAction.Context(detail: detail, rows: 4)) == .none)
        #expect(pane.mode == .tree && pane.cursor == 7 && pane.scroll == 6 && !pane.revealChange,
            "on `count`, its line shown without blank lines past the tree's end")
        _ = DetailReducer.reduce(into: &pane, .show(.action), DetailAction.Context(detail: detail, rows: 4))
        #expect(pane.mode == .action && pane.cursor == 0 && pane.scroll == 0)

        var loading = detail
        loading.isLoading = true
        _ = DetailReducer.reduce(into: &pane, .show(.tree), DetailAction.Context(detail: loading, rows: 4))
        #expect(pane.cursor == 0 && pane.revealChange, "not read yet: the tree waits for the detail")
        _ = DetailReducer.reduce(into: &pane, .detailRead, DetailAction.Context(detail: detail, rows: 4))
        #expect(pane.cursor == 7 && !pane.revealChange)
        _ = DetailReducer.reduce(into: &pane, .selectionMoved, DetailAction.Context(detail: detail, rows: 4))
        #expect(pane.cursor == 0 && pane.scroll == 0 && pane.revealChange, "the next action's tree opens on its change too")
        _ = DetailReducer.reduce(into: &pane, .show(.diff), DetailAction.Context(detail: detail, rows: 4))
        #expect(pane.mode == .diff && !pane.revealChange)
    }

    @Test("j k PgDn G g move the cursor over the tree's lines, and the pane scrolls to keep it in view")
    func cursor() {
        var pane = DetailPane(mode: .tree)
        #expect(TreeOutline.rowCount(of: Self.state, folded: []) == 9)
        #expect(Self.press(.character("j"), in: &pane) == .none)
        #expect(pane.cursor == 1 && pane.scroll == 0)
        Self.press(.down, .character("j"), in: &pane)
        #expect(pane.cursor == 3 && pane.scroll == 1, "3 lines shown: the cursor's is the last")
        Self.press(.character("G"), in: &pane)
        #expect(pane.cursor == 8 && pane.scroll == 6)
        Self.press(.character("j"), in: &pane)
        #expect(pane.cursor == 8, "not past the last line")
        Self.press(.pageUp, in: &pane)
        #expect(pane.cursor == 6 && pane.scroll == 6)
        Self.press(.character("g"), in: &pane)
        #expect(pane.cursor == 0 && pane.scroll == 0)
        Self.press(.pageDown, in: &pane)
        #expect(pane.cursor == 2)
        Self.press(.character("k"), .up, .up, in: &pane)
        #expect(pane.cursor == 0)
        #expect(pane.folded.isEmpty && pane.actionFolded.isEmpty)
    }

    @Test("h folds the node holding the cursor's line and goes there; l and enter unfold; H L fold everything and say so")
    func foldStateTree() {
        var pane = DetailPane(mode: .tree, cursor: 4, scroll: 2)
        #expect(Self.press(.character("h"), in: &pane) == .none)
        #expect(pane.folded == ["0.1"] && pane.cursor == 2 && pane.scroll == 2)
        Self.press(.character("l"), in: &pane)
        #expect(pane.folded.isEmpty)
        Self.press(.enter, in: &pane)
        #expect(pane.folded == ["0.1"])
        Self.press(.enter, in: &pane)
        #expect(pane.folded.isEmpty)
        #expect(Self.press(.character("H"), in: &pane) == .tell(.message("collapsed every node: l or L to open")))
        #expect(pane.folded == TreeOutline.everythingFolded && pane.cursor == 2 && pane.scroll == 2, "the cursor stays on users, the last 3 of 5 lines shown")
        #expect(Self.press(.character("L"), in: &pane) == .tell(.message("expanded every node")))
        #expect(pane.folded.isEmpty && pane.actionFolded.isEmpty)

        var diff = DetailPane(mode: .diff)
        #expect(Self.press(.character("H"), .character("h"), in: &diff) == .none)
        #expect(diff == DetailPane(mode: .diff), "the diff has nothing to fold")
    }

    @Test("In the action tree the fold keys fold the action, with folds of its own")
    func foldActionTree() {
        var pane = DetailPane(mode: .action, cursor: 3, folded: ["0.2"])
        Self.press(.character("h"), in: &pane)
        #expect(pane.actionFolded == ["0.0"] && pane.cursor == 1)
        Self.press(.character("l"), in: &pane)
        #expect(pane.actionFolded.isEmpty)
        #expect(Self.press(.character("H"), in: &pane) == .tell(.message("collapsed every node: l or L to open")))
        #expect(pane.actionFolded == TreeOutline.everythingFolded)
        #expect(pane.folded == ["0.2"], "the state tree's folds stay")
        var initial = Self.context
        initial.detail?.entry.action.seq = 0
        var none = DetailPane(mode: .action)
        #expect(Self.press(.character("H"), .enter, in: &none, initial) == .none)
        #expect(none == DetailPane(mode: .action), "#0 has no action to fold")
    }

    @Test("y copies the path under the cursor as the viewer read it, or the action tree's node, and names it")
    func copy() {
        var pane = DetailPane(mode: .tree, cursor: 4)
        var context = Self.context
        context.pathUnderCursor = [.field("users"), .index(1)]
        #expect(DetailReducer.reduce(into: &pane, .copyPath, context) == Update(effects: [.copy(".users[1]")], delegates: [.message("copied .users[1]")]))
        context.pathUnderCursor = []
        #expect(DetailReducer.reduce(into: &pane, .copyPath, context) == Update(effects: [.copy(".")], delegates: [.message("copied .")]))
        context.pathUnderCursor = nil
        #expect(DetailReducer.reduce(into: &pane, .copyPath, context) == .tell(.message("no path under the cursor to copy: tab, then move to a node")))
        context.detail = nil
        #expect(DetailReducer.reduce(into: &pane, .copyPath, context) == .tell(.message("no action selected: nothing to copy")))

        var action = DetailPane(mode: .action, cursor: 3)
        #expect(DetailReducer.reduce(into: &action, .copyPath, Self.context)
            == Update(effects: [.copy(".users[1]")], delegates: [.message("copied .users[1] (in the action)")]))
        #expect(action == DetailPane(mode: .action, cursor: 3), "copying changes nothing in the pane")
    }
}
