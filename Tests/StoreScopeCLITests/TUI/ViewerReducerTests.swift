import Foundation
import StoreScopeTestSupport
import Testing
import TraceFormat

@testable import StoreScopeCLI

/// The viewer's reducer: keys in, state out, on real traces read through the session engine.
@Suite("Viewer reducer")
struct ViewerReducerTests {
    @Test("j/k, g/G and the arrows move the selection and stop at the ends")
    func moving() throws {
        var viewer = try ViewerHarness(fixture: "search")
        #expect(viewer.state.selected == 1)
        // Above the first action: #0, the initial state (issue 19, item 19), where k stops.
        viewer.press(.character("k"))
        #expect(viewer.state.selected == 0)
        viewer.press(.character("k"))
        #expect(viewer.state.selected == 0)
        viewer.press(.character("j"), .down)
        #expect(viewer.state.selected == 2)
        viewer.press(.down, .up)
        #expect(viewer.state.selected == 2)
        viewer.press(.character("G"))
        #expect(viewer.state.selected == 6)
        viewer.press(.character("j"))
        #expect(viewer.state.selected == 6)
        viewer.press(.home)
        #expect(viewer.state.selected == 1)
        #expect(viewer.state.timeline.rows.compactMap(\.seq) == [0, 1, 2, 3, 4, 5, 6])
    }

    @Test("A filter narrows the timeline; [ steps back to an earlier state it hides, ] forward again")
    func filterAndTimeTravel() throws {
        var viewer = try ViewerHarness(fixture: "search")
        viewer.press(.character("f"))
        viewer.type("outcome:failed")
        viewer.press(.enter)
        #expect(viewer.state.prompts.line == nil)
        #expect(viewer.state.timeline.rows.compactMap(\.seq) == [4])
        #expect(viewer.state.selected == 4)
        viewer.press(.character("["))
        #expect(viewer.state.selected == 3)
        guard case let .success(state)? = viewer.state.detail?.state else { Issue.record("state after #3 unknown"); return }
        #expect(state.description.contains("query: \"swift\""))
        #expect(viewer.screen.contains("#3/6 (hidden by the filter)"))
        viewer.press(.left)
        #expect(viewer.state.selected == 2)
        viewer.press(.character("]"), .right)
        #expect(viewer.state.selected == 4)
        // The filter prompt opens empty (issue 19, item 20); ↑ recalls the active filter to
        // edit it; an empty filter clears it.
        viewer.press(.character("f"))
        #expect(viewer.state.prompts.line?.text == "")
        viewer.press(.up)
        #expect(viewer.state.prompts.line?.text == "outcome:failed")
        for _ in 0..<14 { viewer.press(.backspace) }
        viewer.press(.enter)
        #expect(viewer.state.timeline.rows.count == 7, "#0 and the six actions")
    }

    @Test("An invalid filter keeps the prompt open with the error and the old filter; esc closes it")
    func invalidFilter() throws {
        var viewer = try ViewerHarness(fixture: "search")
        viewer.press(.character("f"))
        viewer.type("reducer:>fast")
        viewer.press(.enter)
        #expect(viewer.state.prompts.line?.error?.column == 10)
        #expect(viewer.state.filter.expression == .all)
        viewer.press(.backspace)
        #expect(viewer.state.prompts.line?.error == nil, "editing clears the error")
        viewer.press(.escape)
        #expect(viewer.state.prompts.line == nil)
        #expect(viewer.state.timeline.rows.count == 7, "#0 and the six actions")
    }

    @Test(": jumps to a seq, start, end or a time; a bad point is refused in place")
    func jump() throws {
        var viewer = try ViewerHarness(fixture: "search")
        viewer.press(.character(":")); viewer.type("5"); viewer.press(.enter)
        #expect(viewer.state.selected == 5)
        viewer.press(.character(":")); viewer.type("start"); viewer.press(.enter)
        #expect(viewer.state.selected == 0, "start is the initial state, #0, as for storescope state --at start")
        viewer.press(.character(":")); viewer.type("24ms"); viewer.press(.enter)
        #expect(viewer.state.selected == 4)
        viewer.press(.character(":")); viewer.type("99"); viewer.press(.enter)
        #expect(viewer.state.selected == 4)
        #expect(viewer.state.message == "#99 is past the last action")
        viewer.press(.character(":")); viewer.type("soon"); viewer.press(.enter)
        #expect(viewer.state.prompts.line?.jumpError != nil)
    }

    @Test("/ searches in the filter language; n and N go to the next and previous match")
    func search() throws {
        var viewer = try ViewerHarness(fixture: "search")
        viewer.press(.character("/")); viewer.type("action:setResults"); viewer.press(.enter)
        #expect(viewer.state.selected == 3)
        viewer.press(.character("n"))
        #expect(viewer.state.selected == 6)
        viewer.press(.character("n"))
        #expect(viewer.state.selected == 6)
        #expect(viewer.state.message == "no later match for action:setResults")
        viewer.press(.character("N"))
        #expect(viewer.state.selected == 3)
        #expect(viewer.state.timeline.rows.count == 7, "a search does not hide actions (#0 and the six)")
    }

    @Test("h folds the node under the cursor (or its parent), l unfolds, enter toggles")
    func folding() throws {
        var viewer = try ViewerHarness(fixture: "search")
        viewer.press(.character("G"), .character("s"), .tab, .character("g"))  // g: from the tree's top, not the node the action changed
        #expect(viewer.state.focus == .detail)
        viewer.press(.character("j"), .character("j"))
        #expect(ViewerRender.treeRows(viewer.state.pane, viewer.state.detail)?[2].text == "repos: [")
        viewer.press(.enter)
        #expect(viewer.state.pane.folded == ["0.1"])
        #expect(ViewerRender.treeRows(viewer.state.pane, viewer.state.detail)?[2].text == "repos: [… 1]")
        viewer.press(.character("l"))
        #expect(viewer.state.pane.folded.isEmpty)
        viewer.press(.character("j"), .character("h"))
        #expect(viewer.state.pane.folded == ["0.1.0"])
        viewer.press(.character("j"), .character("h"))
        #expect(viewer.state.pane.folded == ["0.1.0", "0.1"], "h on a line inside a node folds the node holding it")
        #expect(viewer.state.pane.cursor == 2)
        viewer.press(.tab, .character("k"))
        #expect(viewer.state.selected == 5, "tab gives the keys back to the timeline")
    }

    @Test("Following a growing trace selects each new last action; paused, new actions only append")
    func following() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("growing.sstrace")
        let writer = try TraceWriter(path: path, header: TraceFixture.header(app: "Grow", store: "main", schemaFingerprint: 1))
        func add(_ seq: UInt64) throws {
            try writer.append(.action(ActionRecord(seq: seq, store: "main", monotonicNanos: seq * 1_000_000, wallNanos: 0, reducerNanos: 10, action: .enumeration(type: "A", caseName: "inc", payload: []))))
            try writer.append(.patch(StatePatch(seq: seq, store: "main", operations: [.set(path: [.field("n")], value: .int(Int64(seq)))])))
        }
        try writer.append(.keyframe(Keyframe(seq: 0, store: "main", state: .structure(type: "C", fields: [.init("n", .int(0))]))))
        for seq in 1...3 as ClosedRange<UInt64> { try add(seq) }
        try writer.flush()

        var viewer = try ViewerHarness(path: path)
        viewer.press(.character("F"))
        #expect(viewer.state.following)
        #expect(viewer.state.selected == 3)
        try add(4); try add(5); try writer.flush()
        // The reader reads on in the trace and says records arrived.
        viewer.send(.sessions(.poll))
        #expect(viewer.state.selected == 5)
        #expect(viewer.screen.contains("following"))

        viewer.press(.character("k"))
        #expect(!viewer.state.following, "moving pauses")
        try add(6); try writer.flush()
        // The reader reads on in the trace and says records arrived.
        viewer.send(.sessions(.poll))
        #expect(viewer.state.selected == 4)
        #expect(viewer.state.timeline.rows.compactMap(\.seq) == [0, 1, 2, 3, 4, 5, 6])
        #expect(!viewer.screen.contains("session ended"))
        try writer.close()
    }

    @Test("PgDn and PgUp move a page; the timeline scrolls to keep the selection on screen")
    func paging() throws {
        let directory = try TemporaryDirectory()
        let trace = try DamagedTrace.write(to: directory.path("long.sstrace"), damage: false)
        var viewer = try ViewerHarness(path: trace.path)
        let rows = ViewerLayout(columns: 80, rows: 24).timelineRows
        viewer.press(.pageDown)
        #expect(viewer.state.selected == UInt64(rows))
        viewer.press(.pageDown)
        #expect(viewer.state.selected == UInt64(2 * rows - 1))
        #expect(viewer.state.timeline.rows.compactMap(\.seq).last == viewer.state.selected)
        viewer.press(.pageUp)
        #expect(viewer.state.selected == UInt64(rows))
        viewer.press(.character("G"))
        #expect(viewer.state.timeline.rows.compactMap(\.seq).last == 200)
        #expect(viewer.state.timeline.rows.count == rows)
    }

    @Test("Text from the trace never reaches the screen as a control character")
    func sanitized() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("hostile.sstrace")
        let writer = try TraceWriter(path: path, header: TraceFixture.header(app: "H", store: "s\u{1B}[2J", schemaFingerprint: 1))
        let evil = "\u{1B}]0;pwned\u{07}\u{1B}[2J"
        try writer.append(.keyframe(Keyframe(seq: 0, store: "s\u{1B}[2J", state: .structure(type: "S", fields: [.init(evil, .string(evil))]))))
        try writer.append(.action(ActionRecord(seq: 1, store: "s\u{1B}[2J", monotonicNanos: 1, wallNanos: 0, reducerNanos: 1, action: .string(evil))))
        try writer.append(.patch(StatePatch(seq: 1, store: "s\u{1B}[2J", operations: [.set(path: [.field(evil)], value: .string(evil + "!"))])))
        try writer.close()
        var viewer = try ViewerHarness(path: path)
        for mode in [Key.character("d"), .character("s")] {
            viewer.press(mode)
            let grid = ViewerRender.render(viewer.state)
            #expect(!grid.text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
            #expect(grid.text.contains("\\u{1b}]0;pwned\\u{7}"))
            #expect(!GridDiff().output(from: nil, to: grid).contains("]0;pwned\u{07}"))
        }
    }
}
