import Testing

@testable import StoreScopeCLI

/// The viewer's main screens, rendered into an in-memory grid and compared whole.
@Suite("Viewer screens")
struct ViewerScreenTests {
    @Test("Timeline and the selected action's diff with its effect events, at 80x24")
    func timelineAndDiff() throws {
        var viewer = try ViewerHarness(fixture: "search")
        viewer.press(.character("j"), .character("j"), .character("j"))
        #expect(viewer.screen == ViewerGolden.timelineAndDiff)
        #expect(ViewerRender.render(viewer.state).height == 24)
    }

    @Test("The full state tree with a folded node, at 80x24")
    func stateTree() throws {
        var viewer = try ViewerHarness(fixture: "search")
        viewer.press(.character("j"), .character("j"), .character("s"), .tab, .character("j"), .character("j"), .character("j"), .character("h"))
        #expect(viewer.screen == ViewerGolden.stateTree)
    }

    @Test("? lists every key")
    func help() throws {
        var viewer = try ViewerHarness(fixture: "search")
        viewer.press(.character("?"))
        #expect(viewer.screen == ViewerGolden.help)
        viewer.press(.character("x"))
        #expect(!viewer.state.showingHelp)
    }

    @Test("An invalid filter shows its error under the column, and the prompt stays open to fix it")
    func filterError() throws {
        var viewer = try ViewerHarness(fixture: "search")
        viewer.press(.character("f"))
        viewer.type("action:search and (reducer:>1ms or")
        viewer.press(.enter)
        #expect(viewer.screen == ViewerGolden.filterError)
    }

    @Test("At 120x40 the timeline and the detail pane use the room", arguments: [false, true])
    func wide(tree: Bool) throws {
        var viewer = try ViewerHarness(fixture: "users", columns: 120, rows: 40)
        viewer.press(.character("G"), .character("k"), .character("k"))
        if tree { viewer.press(.character("s")) }
        #expect(viewer.screen == (tree ? ViewerGolden.wideTree : ViewerGolden.wideDiff))
    }
}
