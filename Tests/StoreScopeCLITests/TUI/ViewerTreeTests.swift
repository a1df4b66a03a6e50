import Foundation
import StoreScopeTestSupport
import Testing

@testable import StoreScopeCLI

/// The state tree at 80x24, on the reducer and the render function the real loop runs: the
/// nodes the selected action changed marked `+` and scrolled into view.
@Suite("The state tree's changed nodes")
struct ViewerChangedNodesTests {
    @Test("s opens the tree on the node the action changed, below the screen's first rows, marked +; j k move the selection and the tree follows the next change")
    func changedNodeInView() throws {
        var viewer = try ViewerHarness.users(at: 7)
        viewer.press(.character("s"))
        // #7 set .route?.userID: the tree scrolled to it, down to the tree's last line.
        #expect(viewer.screen.hasSuffix("""
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
            """), "\(viewer.screen)")

        // #5 set .filter, higher in the tree: the tree scrolls back up to show it.
        viewer.press(.character("k"), .character("k"))
        #expect(viewer.screen.contains("#5/9 │ no filter"))
        #expect(viewer.screen.contains("\n+     filter: \"a\"\n"), "\(viewer.screen)")
        #expect(!viewer.screen.contains("\n+       userID"), "only what #5 changed is marked: \(viewer.screen)")
    }

    @Test("A folded container hiding a change is marked +; an unfolded one is not, its changed child is")
    func foldedContainerHidingAChange() throws {
        var viewer = try ViewerHarness(fixture: "users")
        viewer.press(.character(":"))
        viewer.type("7")
        viewer.press(.enter, .character("s"), .tab)
        #expect(viewer.state.pane.cursor == 22, "the cursor on .route?.userID, row 22")
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

/// `H` and `L` at 80x24: collapse and expand every node of the tree.
@Suite("The state tree's collapse all and expand all")
struct ViewerFoldAllTests {
    @Test("H folds every node but the root, keeping the cursor on the folded node that holds it; l opens one; L opens all")
    func collapseAndExpand() throws {
        var viewer = try ViewerHarness.users(at: 7)
        viewer.press(.character("s"), .character("H"))
        #expect(viewer.state.message == "collapsed every node: l or L to open")
        #expect(viewer.screen.contains("""
            action UsersAction.navigate(.detail(userID: 2))
              ▾ UsersState(
                ▸ users: [… 3]
                  isLoading: false
                  errorMessage: nil
                  filter: "a"
            +   ▸ route: .detail(… 1)
                  details: nil
                )

            """), "\(viewer.screen)")
        viewer.press(.character("l"))
        #expect(viewer.screen.contains("+       userID: 2"), "\(viewer.screen)")
        #expect(viewer.screen.contains("    ▸ users: [… 3]\n"), "the others stay folded: \(viewer.screen)")
        viewer.press(.character("L"))
        #expect(viewer.state.message == "expanded every node")
        #expect(viewer.screen.contains("\n+       userID: 2\n"), "\(viewer.screen)")
        #expect(viewer.screen.contains("\n      ]\n"), "the users are open again: \(viewer.screen)")
    }
}

/// `y` in the real viewer: the path under the cursor on the message line and, by OSC 52, on
/// the clipboard (tmux with `set-clipboard on` keeps what an application sets as a buffer).
@Suite("storescope view's y copies the path in a terminal (tmux)", .enabled(if: Tmux.path != nil), .serialized, .tags(.terminal))
struct ViewerCopyPathTerminalTests {
    @Test("y reaches the terminal's clipboard by OSC 52, after the line that names it (the paths copied: ViewerEffectTests)")
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
        tmux.keys("s", "Tab", "j", "j", "y")
        let tree = try tmux.waitFor("copied .users[0].name")
        #expect(tree.split(separator: "\n").last { !$0.isEmpty } == "copied .users[0].name", "on the bottom line: \(tree)")
        try tmux.waitForBuffer(".users[0].name")
        tmux.keys("d", "Tab", "y")
        try tmux.waitFor("copied .users[0]\n")
        try tmux.waitForBuffer(".users[0]")
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

/// `/` `n` `N` in the state tree at 80x24: a text search of the tree's lines.
@Suite("The search in the state tree")
struct ViewerTreeSearchTests {
    @Test("/ in the tree finds a line inside a folded node and opens it; n and N say when there is no other")
    func searchInTheTree() throws {
        var viewer = try ViewerHarness.users(at: 7)
        // H moves the keys to the tree and folds it all; g to its top.
        viewer.press(.character("s"), .character("H"), .character("g"), .character("/"))
        #expect(viewer.screen.contains("search the tree:"))
        viewer.type("TURING")
        viewer.press(.enter)
        #expect(viewer.screen.contains("\"TURING\" in the tree: n N next / previous"), "\(viewer.screen)")
        #expect(viewer.screen.contains("""
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
            """), "\(viewer.screen)")
        #expect(viewer.screen.contains("#7/9"), "the timeline's selection stays")
        viewer.press(.character("n"))
        #expect(viewer.state.message == "no later line with \"TURING\" in the tree")
        viewer.press(.character("N"))
        #expect(viewer.state.message == "no earlier line with \"TURING\" in the tree")
        viewer.press(.character("G"), .character("N"))
        #expect(viewer.screen.contains("\"TURING\" in the tree: n N"), "\(viewer.screen)")
        #expect(viewer.screen.contains("          name: \"Alan Turing\"\n"), "\(viewer.screen)")
    }
}

extension ViewerHarness {
    /// The viewer on the users fixture, with action `seq` selected by `:`.
    static func users(at seq: UInt64) throws -> ViewerHarness {
        var viewer = try ViewerHarness(fixture: "users")
        viewer.press(.character(":"))
        viewer.type(String(seq))
        viewer.press(.enter)
        #expect(viewer.screen.contains("#\(seq)/9 │ no filter"))
        return viewer
    }
}
