import Foundation
import StoreScopeTestSupport
import Testing

@testable import StoreScopeCLI

/// Small windows (issue 19, item 22): the status line under the separator at 20x5, the action
/// column kept at 40 columns, every row used after growing back to 80x24, and text cut with its
/// meaning kept.
@Suite("The viewer in small windows")
struct ViewerSmallWindowTests {
    static func lines(_ screen: String) -> [String] {
        screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    @Test("At 20x5: the header, one timeline row, the separator, then the status line and the prompt line")
    func tiny() throws {
        let viewer = try ViewerHarness(fixture: "search", columns: 20, rows: 5)
        let lines = Self.lines(ViewerRender.render(viewer.state).text)
        #expect(lines[0].hasPrefix("    seq"), "\(lines)")
        #expect(lines[1].contains("#0") || lines[1].contains("#1"))
        #expect(lines[2].hasPrefix("── #1"), "the separator: \(lines)")
        #expect(lines[3].contains("#1/6"), "the status line under it: \(lines)")
    }

    @Test("At 40 columns the changes, reducer and store columns give way and the action keeps 16 cells")
    func narrow() throws {
        let viewer = try ViewerHarness(fixture: "search", columns: 40, rows: 24)
        let lines = Self.lines(viewer.screen)
        #expect(lines[0] == "    seq time      action           fx", "\(lines[0])")
        #expect(lines[2].hasPrefix(">    #1 +7.486ms  .search(query: … SC"), "\(lines[2])")
        #expect(ViewerLayout(columns: 40, rows: 24).actionWidth >= ViewerLayout.narrowestAction)
        #expect(ViewerLayout(columns: 60, rows: 24).showsStore && !ViewerLayout(columns: 60, rows: 24).showsChanges)
        #expect(ViewerLayout(columns: 80, rows: 24).showsChanges)
    }

    /// Issue 39, item 8: at 200x50 short actions kept ~60 blank cells while the changes were cut at 40.
    @Test("The action and changes columns share their cells by what the rows on screen need, each down to its narrowest")
    func columnsShareByNeed() {
        let wide = ViewerLayout(columns: 200, rows: 50)
        let room = wide.actionWidth + wide.changesWidth
        let short = wide.fitted(actionNeeds: 20, changesNeed: 150)
        #expect(short.actionWidth == 20 && short.changesWidth == room - 20, "short actions give the changes their room")
        let longActions = wide.fitted(actionNeeds: 170, changesNeed: 5)
        #expect(longActions.changesWidth == ViewerLayout.narrowestChanges && longActions.actionWidth == room - ViewerLayout.narrowestChanges)
        let tiny = wide.fitted(actionNeeds: 3, changesNeed: 500)
        #expect(tiny.actionWidth == ViewerLayout.narrowestAction, "never under the narrowest action column")
        #expect(wide.fitted(actionNeeds: 50, changesNeed: 30) == wide, "both fit: nothing moves")
        let narrow = ViewerLayout(columns: 60, rows: 24)
        #expect(narrow.fitted(actionNeeds: 3, changesNeed: 90) == narrow, "no changes column, nothing to share")
    }

    @Test("Made small, then 80x24 again: the timeline uses every row it has")
    func growBack() throws {
        var viewer = try ViewerHarness(fixture: "users")
        viewer.press(.character("G"))
        viewer.send(.resize(columns: 80, rows: 8))
        #expect(viewer.state.timeline.rows.count == 3)
        viewer.send(.resize(columns: 80, rows: 24))
        #expect(viewer.state.timeline.rows.count == 9, "9 rows: \(viewer.state.timeline.rows.compactMap(\.seq))")
        #expect(viewer.state.timeline.rows.compactMap(\.seq) == Array(1...9))
        #expect(viewer.state.selected == 9)
    }

    @Test("G, then 20x5: the status line under the separator; back at 80x24 every row is used again")
    func resizing() throws {
        var viewer = try ViewerHarness(fixture: "users")
        viewer.press(.character("G"))
        #expect(viewer.statusLine().hasPrefix(" users.sstrace │ #9/9 │"))
        viewer.send(.resize(columns: 20, rows: 5))
        #expect(viewer.lines[0] == "    seq time      ac")
        #expect(viewer.lines[2] == "── #9 users [d diff]", "the separator right under the one timeline row")
        #expect(viewer.statusLine(rows: 5) == " use… │ #9/9 │ no fi", "the status line under it")
        #expect(viewer.lines[1].hasPrefix(">    #9 "), "the one row is the selection's: \(viewer.lines[1])")
        viewer.send(.resize(columns: 80, rows: 24))
        viewer.expectScreen(ViewerGolden.usersLast)
    }

    @Test("Cut with the meaning kept: the status line's name before `session ended`, the filter error's list whole, what a damage row lost first, a session's id")
    func meaningFirst() throws {
        let narrow = try ViewerHarness(path: try AnalysisCommandTests.fixture("search"), columns: 50, rows: 24)
        let status = Self.lines(narrow.screen)[22]
        #expect(status.hasSuffix("session ended"), "\(status)")
        #expect(status.contains("…"), "the file name gave way: \(status)")

        var viewer = try ViewerHarness(fixture: "search")
        viewer.press(.character("f"))
        viewer.type("colour:red")
        viewer.press(.enter)
        let screen = viewer.screen
        #expect(screen.contains("unknown field 'colour' (known: action, store, path, effect, outcome, seq, time,"), "\(screen)")
        #expect(screen.contains("reducer, mark, text)"), "the list of known fields is whole: \(screen)")
        #expect(Self.lines(screen)[21].trimmingCharacters(in: .whitespaces) == "^")

        #expect(ViewerRender.damageText("bytes 949..<1046 (chunk checksum mismatch): records after #9 are lost") == "records after #9 are lost: bytes 949..<1046 (chunk checksum mismatch)")
        #expect(ViewerRender.padKeepingID("storescope-demo-search/03c6", 22) == "storescope-demo-…/03c6")
        #expect(ViewerRender.padKeepingID("search/03c6", 22) == "search/03c6           ")
    }
}
