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

    @Test("j j j, the filter outcome:failed, [ s: the state before #4, hidden by the filter; then resized to 100x30")
    func stepBackUnderFilter() throws {
        var viewer = try ViewerHarness(fixture: "search")
        #expect(viewer.lines[0] == "    seq time      store    action                 reducer changes          fx")
        viewer.press(.character("j"), .character("j"), .character("j"))
        viewer.expectScreen(ViewerGolden.timelineAndDiff)
        viewer.press(.character("f"))
        viewer.type("outcome:failed")
        #expect(viewer.bottomLine() == "filter: outcome:failed")
        viewer.press(.enter)
        #expect(viewer.statusLine().hasPrefix(" search.sstrace │ #4/6 │ filter: outcome:failed │"), "\(viewer.statusLine())")
        viewer.press(.character("["), .character("s"))
        #expect(viewer.state.selected == 3)
        viewer.expectScreen(ViewerGolden.earlierStateUnderFilter)
        viewer.send(.resize(columns: 100, rows: 30))
        viewer.expectScreen(ViewerGolden.earlierStateUnderFilterWide)
        #expect(viewer.statusLine(rows: 30).hasPrefix(" search.sstrace │ #3/6 (hidden by the filter)"))
    }

    @Test("The full state tree with a folded node, at 80x24")
    func stateTree() throws {
        var viewer = try ViewerHarness(fixture: "search")
        viewer.press(.character("j"), .character("j"), .character("s"), .tab, .character("j"), .character("j"), .character("j"), .character("h"))
        #expect(viewer.screen == ViewerGolden.stateTree)
    }

    @Test("? opens the help at its first page, with a hint that there is more, and any key but a scroll key closes it")
    func help() throws {
        var viewer = try ViewerHarness(fixture: "search")
        viewer.press(.character("?"))
        #expect(viewer.screen == ViewerGolden.help)
        viewer.press(.character("x"))
        #expect(!viewer.state.help.isShown)
        #expect(viewer.screen == (try ViewerHarness(fixture: "search")).screen)
    }

    @Test("At 80x24 the help scrolls like less: G shows its last page with (END), g goes back to the first")
    func helpScrolls() throws {
        var viewer = try ViewerHarness(fixture: "search")
        viewer.press(.character("?"), .character("G"))
        #expect(viewer.screen == ViewerGolden.helpEnd)
        viewer.press(.character("j"), .pageDown)
        #expect(viewer.screen == ViewerGolden.helpEnd)
        viewer.press(.character("g"))
        #expect(viewer.screen == ViewerGolden.help)
        viewer.press(.character("k"), .pageUp)
        #expect(viewer.screen == ViewerGolden.help)
        #expect(viewer.state.help.isShown)
    }

    @Test("Scrolling through the help a line or a page at a time shows every one of its lines, in any window height", arguments: [(.character("j"), 24), (.pageDown, 24), (.character(" "), 12), (.down, 8)] as [(Key, Int)])
    func helpShowsEveryLine(key: Key, rows: Int) throws {
        var viewer = try ViewerHarness(fixture: "search", columns: 80, rows: rows)
        viewer.press(.character("?"))
        var seen = Set<String>()
        var screens = [viewer.screen]
        for _ in ViewerHelp.lines {
            viewer.press(key)
            screens.append(viewer.screen)
        }
        for screen in screens {
            for line in screen.split(separator: "\n", omittingEmptySubsequences: false) { seen.insert(String(line.dropFirst())) }
        }
        for line in ViewerHelp.lines where !line.isEmpty {
            #expect(seen.contains(line), "shows \(line)")
        }
        #expect(screens.last?.contains("(END") == true)
        #expect(viewer.state.help.isShown)
    }

    @Test("At 120x40 the whole help fits, with no scroll hint")
    func wideHelp() throws {
        var viewer = try ViewerHarness(fixture: "users", columns: 120, rows: 40)
        viewer.press(.character("?"))
        #expect(viewer.screen == ViewerGolden.wideHelp)
        viewer.press(.character("j"), .character("G"))
        #expect(viewer.screen == ViewerGolden.wideHelp)
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
