import Foundation
import StoreScopeTestSupport
import Testing
import TraceFormat

@testable import StoreScopeCLI

/// The action itself in the viewer (issue 19, item 17): the whole payload where it fits, as a
/// foldable tree in the detail pane (`a`), and the action's type where cases of different
/// types would be ambiguous.
@Suite("The action view")
struct ViewerActionViewTests {
    @Test("a shows the selected action as a foldable tree with its type; h folds, l unfolds, enter toggles, with folds of its own")
    func actionTree() throws {
        var viewer = try ViewerHarness(fixture: "users")
        viewer.press(.character(":"))
        viewer.type("4")
        viewer.press(.enter, .character("a"))
        let screen = viewer.screen
        #expect(screen.contains("── #4 users  d diff   s state  [a action] "), "\(screen)")
        #expect(screen.contains("▾ UsersAction.loaded("), "\(screen)")
        #expect(screen.contains("name: \"Ada Lovelace\""), "the payload in full")
        let lines = ViewerRender.detailLines(viewer.state.pane, viewer.state.detail, from: 0, count: 100).map(\.text)
        #expect(lines.count > 10)
        viewer.press(.tab, .character("j"), .character("h"))
        let folded = ViewerRender.detailLines(viewer.state.pane, viewer.state.detail, from: 0, count: 100).map(\.text)
        #expect(folded.count < lines.count, "h folded the node under the cursor: \(folded)")
        #expect(viewer.state.pane.folded.isEmpty, "the state tree's folds are its own")
        viewer.press(.character("l"))
        #expect(ViewerRender.detailLines(viewer.state.pane, viewer.state.detail, from: 0, count: 100).map(\.text) == lines)
        viewer.press(.enter)
        #expect(ViewerRender.detailLines(viewer.state.pane, viewer.state.detail, from: 0, count: 100).map(\.text) == folded)
        viewer.press(.escape, .character("d"))
        #expect(viewer.screen.contains("[d diff]  s state   a action "))
    }

    @Test("A wide window shows the whole payload where it fits; the detail pane's action line always has the type")
    func wholePayload() throws {
        let wide = try ViewerHarness(fixture: "users", columns: 200, rows: 40)
        #expect(wide.screen.contains(".detailsLoaded(UserDetails(userID: 2, phone: \"+44 20 7946 0120\", postCount: 6))"), "\(wide.screen)")
        #expect(wide.screen.contains(".navigate(.detail(userID: 1))"))
        let narrow = try ViewerHarness(fixture: "users")
        #expect(narrow.screen.contains(".detailsLoaded(UserDe…"), "abbreviated where it does not fit")
        #expect(narrow.screen.contains("\naction UsersAction.fetch\n"))
    }

    @Test("Cases of the same name in different action types show their type in the timeline; the others do not")
    func ambiguousCases() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("two-types.sstrace")
        func action(_ seq: UInt64, _ type: String, _ name: String, store: String) -> Record {
            .action(ActionRecord(seq: seq, store: store, monotonicNanos: seq * 1_000, wallNanos: 0, reducerNanos: 1, action: .enumeration(type: type, caseName: name, payload: [])))
        }
        try HostileTrace.write([
            action(1, "CheckoutAction", "begin", store: "cart"), action(2, "LoginAction", "begin", store: "login"),
            action(3, "LoginAction", "submit", store: "login"),
        ], to: path)
        let viewer = try ViewerHarness(path: path)
        let screen = viewer.screen
        #expect(screen.contains(" cart     CheckoutAction.begin "), "\(screen)")
        #expect(screen.contains(" login    LoginAction.begin "))
        #expect(screen.contains(" login    .submit "), "no other .submit: no type needed")
    }
}

@Suite("The action view at 80x24")
struct ViewerActionViewScreenTests {
    @Test("a shows the action's tree with its payload")
    func actionTree() throws {
        var viewer = try ViewerHarness.users(at: 8)
        viewer.press(.character("a"))
        #expect(viewer.screen.contains("[a action]"), "\(viewer.screen)")
        #expect(viewer.screen.contains("▾ UsersAction.detailsLoaded("), "\(viewer.screen)")
        #expect(viewer.screen.contains("phone: \"+44 20 7946 0120\""))
    }
}
