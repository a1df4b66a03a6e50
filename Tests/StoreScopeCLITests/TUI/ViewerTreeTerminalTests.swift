import Foundation
import StoreScopeTestSupport
import Testing

@testable import StoreScopeCLI

/// End-to-end: the state tree of the real `storescope view` in a tmux pane at 80x24 (issue 19,
/// item 18): the nodes the selected action changed marked `+` and scrolled into view.
@Suite("storescope view's state tree in a terminal (tmux)", .enabled(if: Tmux.path != nil), .serialized)
struct ViewerTreeTerminalTests {
    @Test("s opens the tree on the node the action changed, below the screen's first rows, marked +; j k move the selection and the tree follows the next change")
    func changedNodeInView() throws {
        let tmux = try Tmux.viewingUsers(at: 7)
        tmux.keys("s")
        let tree = try tmux.waitFor("[s state]")
        // #7 set .route?.userID: the tree scrolled to it, down to the tree's last line.
        #expect(String(tree.reversed().drop { $0 == "\n" }.reversed()).hasSuffix("""
            ── #7 users  d diff  [s state]  a action  ──────────────────────────────────────
            action UsersAction.navigate(.detail(userID: 2))
                    )
                  ]
                  isLoading: false
                  errorMessage: nil
                  filter: "a"
                ▾ route: .detail(
            +       userID: 2
                  )
                  details: nil
                )
             users.sstrace │ #7/9 │ no filter │ paused │ session ended       ? help  q quit
            """), "\(tree)")

        // #5 set .filter, higher in the tree: the tree scrolls back up to show it.
        tmux.keys("k", "k")
        let earlier = try tmux.waitFor("#5/9 │ no filter")
        #expect(earlier.contains("\n+     filter: \"a\"\n"), "\(earlier)")
        #expect(!earlier.contains("\n+       userID"), "only what #5 changed is marked: \(earlier)")

        tmux.keys("q")
        try tmux.waitFor("exit=0")
    }
}

/// The marks of changed nodes, on the reducer and the render function the real loop runs.
@Suite("The state tree's changed nodes")
struct ViewerChangedNodesTests {
    @Test("A folded container hiding a change is marked +; an unfolded one is not, its changed child is")
    func foldedContainerHidingAChange() throws {
        var viewer = try ViewerHarness(fixture: "users")
        viewer.press(.character(":"))
        viewer.type("7")
        viewer.press(.enter, .character("s"), .tab)
        #expect(viewer.state.detailCursor == 22, "the cursor on .route?.userID, row 22")
        #expect(viewer.screen.contains("\n    ▾ route: .detail(\n+       userID: 2\n"), "\(viewer.screen)")
        viewer.press(.character("h"))
        #expect(viewer.screen.contains("\n+   ▸ route: .detail(… 1)\n"), "\(viewer.screen)")
    }

    @Test("The initial state and an action that changed nothing mark no node")
    func nothingMarked() throws {
        var viewer = try ViewerHarness(fixture: "users")
        viewer.press(.character("k"), .character("s"))
        #expect(viewer.state.selected == 0)
        #expect(!viewer.screen.split(separator: "\n").contains { $0.hasPrefix("+ ") }, "\(viewer.screen)")
    }
}

/// `H` and `L` in the real viewer at 80x24: collapse and expand every node of the tree.
@Suite("storescope view's collapse all and expand all in a terminal (tmux)", .enabled(if: Tmux.path != nil), .serialized)
struct ViewerFoldAllTerminalTests {
    @Test("H folds every node but the root, keeping the cursor on the folded node that holds it; l opens one; L opens all")
    func collapseAndExpand() throws {
        let tmux = try Tmux.viewingUsers(at: 7)
        tmux.keys("s", "H")
        let collapsed = try tmux.waitFor("collapsed every node")
        #expect(collapsed.contains("""
            action UsersAction.navigate(.detail(userID: 2))
              ▾ UsersState(
                ▸ users: [… 3]
                  isLoading: false
                  errorMessage: nil
                  filter: "a"
            +   ▸ route: .detail(… 1)
                  details: nil
                )

            """), "\(collapsed)")
        tmux.keys("l")
        let opened = try tmux.waitFor("+       userID: 2")
        #expect(opened.contains("    ▸ users: [… 3]\n"), "the others stay folded: \(opened)")
        tmux.keys("L")
        let expanded = try tmux.waitFor("expanded every node")
        #expect(expanded.contains("\n+       userID: 2\n"), "\(expanded)")
        #expect(expanded.contains("\n      ]\n"), "the users are open again: \(expanded)")
        tmux.keys("q")
        try tmux.waitFor("exit=0")
    }
}

/// `y` in the real viewer: the path under the cursor on the message line and, by OSC 52, on
/// the clipboard (tmux with `set-clipboard on` keeps what an application sets as a buffer).
@Suite("storescope view's y copies the path in a terminal (tmux)", .enabled(if: Tmux.path != nil), .serialized)
struct ViewerCopyPathTerminalTests {
    @Test("y in the tree copies the node's path; in the diff from the timeline, the action's first changed path; in the action tree, the path in the action")
    func copyPath() throws {
        let tmux = try Tmux()
        tmux.command("set-option", "-g", "set-clipboard", "on")
        let storescope = try ProductLocator.url(of: "storescope").path
        let trace = try AnalysisCommandTests.fixture("users")
        tmux.type("\(storescope) view \(trace); echo exit=$?")
        try tmux.waitFor("#1/9 │ no filter")
        tmux.keys(":")
        tmux.type("4")
        try tmux.waitFor("#4/9 │ no filter")
        // #4 loaded the users: the tree opens on .users[0]; two rows down is its name.
        tmux.keys("s", "Tab", "j", "j", "y")
        let tree = try tmux.waitFor("copied .users[0].name")
        #expect(tree.split(separator: "\n").last { !$0.isEmpty } == "copied .users[0].name", "on the bottom line: \(tree)")
        #expect(tmux.command("show-buffer") == ".users[0].name")

        tmux.keys("d", "Tab", "y")
        try tmux.waitFor("copied .users[0]\n")
        #expect(tmux.command("show-buffer") == ".users[0]")

        // .loaded's payload has no label: its position, [0], then the array's element [0].
        tmux.keys("a", "Tab", "j", "j", "j", "y")
        try tmux.waitFor("copied [0][0].id (in the action)")
        #expect(tmux.command("show-buffer") == "[0][0].id")
        tmux.keys("q")
        try tmux.waitFor("exit=0")
    }
}

@Suite("The clipboard sequence")
struct ClipboardSequenceTests {
    @Test("OSC 52 carries the text in base64: the RFC 4648 test vectors, and a path")
    func base64() {
        let vectors = ["": "", "f": "Zg==", "fo": "Zm8=", "foo": "Zm9v", "foob": "Zm9vYg==", "fooba": "Zm9vYmE=", "foobar": "Zm9vYmFy"]
        for (text, encoded) in vectors { #expect(ClipboardSequence.base64(Array(text.utf8)) == encoded, "\(text)") }
        #expect(ClipboardSequence.setting(".users[0].name") == "\u{1B}]52;c;LnVzZXJzWzBdLm5hbWU=\u{07}")
    }
}

/// `/` `n` `N` in the real viewer's state tree at 80x24: a text search of the tree's lines.
@Suite("storescope view's search in the tree in a terminal (tmux)", .enabled(if: Tmux.path != nil), .serialized)
struct ViewerTreeSearchTerminalTests {
    @Test("/ in the tree finds a line inside a folded node and opens it; n and N say when there is no other")
    func searchInTheTree() throws {
        let tmux = try Tmux.viewingUsers(at: 7)
        // H moves the keys to the tree and folds it all; g to its top.
        tmux.keys("s", "H", "g", "/")
        try tmux.waitFor("search the tree:")
        tmux.type("TURING")
        let found = try tmux.waitFor("\"TURING\" in the tree: n N next / previous")
        #expect(found.contains("""
            action UsersAction.navigate(.detail(userID: 2))
              ▾ UsersState(
                ▾ users: [
                  ▸ [0] User(… 3)
                  ▾ [1] User(
                      id: 2
                      name: "Alan Turing"
                      username: "alan"
                    )
                  ▸ [2] User(… 3)
                  ]
             users.sstrace │ #7/9 │ no filter │ paused │ session ended       ? help  q quit
            """), "\(found)")
        #expect(found.contains("#7/9"), "the timeline's selection stays")
        tmux.keys("n")
        try tmux.waitFor("no later line with \"TURING\" in the tree")
        tmux.keys("N")
        try tmux.waitFor("no earlier line with \"TURING\" in the tree")
        tmux.keys("G", "N")
        let back = try tmux.waitFor("\"TURING\" in the tree: n N")
        #expect(back.contains("          name: \"Alan Turing\"\n"), "\(back)")
        tmux.keys("q")
        try tmux.waitFor("exit=0")
    }
}

extension Tmux {
    /// `storescope view` of the users fixture in a new pane, with action `seq` selected.
    static func viewingUsers(at seq: UInt64) throws -> Tmux {
        let tmux = try Tmux()
        let storescope = try ProductLocator.url(of: "storescope").path
        tmux.type("\(storescope) view \(try AnalysisCommandTests.fixture("users")); echo exit=$?")
        try tmux.waitFor("#1/9 │ no filter")
        tmux.keys(":")
        tmux.type(String(seq))
        try tmux.waitFor("#\(seq)/9 │ no filter")
        return tmux
    }
}
