import Foundation
import StoreScopeTestSupport
import Testing

@testable import StoreScopeCLI

/// `#0`, the initial state row (DevTools' `@@INIT`, issue 19, item 19): `:start` and `:0` land
/// on it, as `storescope state --at start` answers.
@Suite("The initial state row")
struct ViewerInitialStateTests {
    @Test("#0 heads the timeline; :0, :start and [ from the first action select it, s shows the state before any action, j goes on to #1")
    func initialRow() throws {
        var viewer = try ViewerHarness(fixture: "search")
        let rows = viewer.screen.split(separator: "\n")
        #expect(rows[1] == "     #0 +0.000ms  search   (initial state)", "\(viewer.screen)")
        viewer.press(.character(":"))
        viewer.type("0")
        viewer.press(.enter)
        #expect(viewer.state.selected == 0)
        #expect(viewer.screen.contains(" search.sstrace │ #0/6 │ no filter"))
        #expect(viewer.screen.contains("action (none: the initial state, before the first action)"))
        viewer.press(.character("s"))
        #expect(viewer.screen.contains("query: \"\""), "the state before #1 set the query: \(viewer.screen)")
        viewer.press(.character("j"))
        #expect(viewer.state.selected == 1)
        viewer.press(.character("["))
        #expect(viewer.state.selected == 0)
        viewer.press(.character("["))
        #expect(viewer.state.message == "at the initial state")
        viewer.press(.character("]"), .character("]"), .character(":"))
        viewer.type("start")
        viewer.press(.enter)
        #expect(viewer.state.selected == 0)
    }
}

@Suite("The initial state row at 80x24")
struct ViewerInitialStateScreenTests {
    @Test(":start selects #0 and s shows the initial state")
    func startOnScreen() throws {
        var viewer = try ViewerHarness(fixture: "search")
        viewer.press(.character(":"))
        viewer.type("start")
        viewer.press(.enter)
        #expect(viewer.screen.contains("#0/6 │ no filter"))
        #expect(viewer.screen.contains(">    #0 +0.000ms  search   (initial state)"), "\(viewer.screen)")
        viewer.press(.character("s"))
        #expect(viewer.screen.contains("[s state]") && viewer.screen.contains("isLoading: false"), "\(viewer.screen)")
    }
}
