import Foundation
import StoreScopeTestSupport
import Testing

@testable import StoreScopeCLI

/// Issue 19, item 21: playing at a fixed rate per action, the fold keys without tab, F that
/// keeps following in the effects view, searching and filtering the effects view, and Ctrl-Z.
@Suite("Playback rate, fold keys, effects view keys")
struct ViewerPlayAndKeysTests {
    @Test("* plays at a fixed rate per action whatever the recorded gaps; + - change the rate; * again is the recorded pace")
    func fixedRate() throws {
        let directory = try TemporaryDirectory()
        let second = ViewerTravelTests.second
        var viewer = try ViewerHarness(path: try ViewerTravelTests.timedTrace(in: directory))
        viewer.press(.character("*"))
        #expect(viewer.state.playback.pace.rate == .five)
        #expect(viewer.state.message == "play at a fixed rate: 5/s (+ - change it, * back to the recorded pace)")
        #expect(viewer.screen.contains("│ paused (5/s) "))
        viewer.press(.character(" "))
        #expect(viewer.screen.contains("│ playing 5/s "))
        viewer.send(.clock(nanos: second))
        #expect(viewer.state.selected == 1)
        #expect(Playback.timeout(for: viewer.state.playback, now: second, poll: 1_000) == 200, "one action every 200 ms")
        viewer.send(.clock(nanos: second + 200_000_000))
        #expect(viewer.state.selected == 2)
        viewer.send(.clock(nanos: second + 400_000_000))
        #expect(viewer.state.selected == 3, "#3 came 200 ms after #2 in the recording, #4 a second after #3: the rate does not care")
        viewer.send(.clock(nanos: second + 600_000_000))
        #expect(viewer.state.selected == 4)
        #expect(!viewer.state.isPlaying)
        #expect(viewer.state.message == "played to the last action")

        viewer.press(.character("+"))
        #expect(viewer.state.playback.pace.rate == .ten)
        #expect(viewer.state.message == "play rate 10/s (one action every 100ms)")
        viewer.press(.character("*"))
        #expect(viewer.state.playback.pace.rate == nil)
        #expect(viewer.screen.contains("│ paused "))
    }

    @Test("h l enter fold the tree with the keys still in the timeline (they move to the tree); in the diff they say why not")
    func foldKeysWithoutTab() throws {
        var viewer = try ViewerHarness(fixture: "users")
        viewer.press(.character("l"))
        #expect(viewer.state.message == "h l enter H L fold the state tree (s) or the action (a); the diff has nothing to fold")
        #expect(viewer.state.focus == .timeline)
        // The tree opens on what #1 changed, .isLoading: h folds the node holding it, the root.
        viewer.press(.character("s"), .character("h"))
        #expect(viewer.state.focus == .detail)
        #expect(viewer.state.pane.folded == ["0"], "h folded the root, which holds the cursor's line")
        #expect(viewer.screen.contains("▸ UsersState(… "))
        viewer.press(.tab, .character("l"))
        #expect(viewer.state.pane.folded.isEmpty)
    }

    @Test("enter with the keys in the timeline toggles the tree's node under the cursor, in the state tree and in the action tree")
    func enterFromTheTimeline() throws {
        var viewer = try ViewerHarness(fixture: "users")
        // The tree's cursor on its root, the keys back in the timeline.
        viewer.press(.character("s"), .tab, .character("g"), .tab)
        #expect(viewer.state.focus == .timeline && viewer.state.pane.cursor == 0)
        viewer.press(.enter)
        #expect(viewer.state.focus == .detail, "enter moved the keys to the tree")
        #expect(viewer.state.pane.folded == ["0"], "enter folded the node under the cursor, the root")
        #expect(viewer.screen.contains("▸ UsersState(… "))
        viewer.press(.tab, .enter)
        #expect(viewer.state.focus == .detail)
        #expect(viewer.state.pane.folded.isEmpty, "and from the timeline again, unfolded it")

        // An action with a payload: its tree's root folds the same way.
        viewer.press(.tab)
        while case let .enumeration(_, _, payload)? = viewer.state.detail?.entry.action.action, payload.isEmpty, viewer.state.selected != viewer.state.lastSeq {
            viewer.press(.character("j"))
        }
        viewer.press(.character("a"))
        #expect(viewer.state.focus == .timeline && viewer.state.pane.cursor == 0)
        viewer.press(.enter)
        #expect(viewer.state.pane.actionFolded == ["0"], "in the action view enter folds the action's node")
    }

    @Test("F in the effects view follows, and F again keeps following")
    func followInEffects() throws {
        var viewer = try ViewerHarness(fixture: "users")
        viewer.press(.character("e"), .character("F"))
        #expect(viewer.state.following)
        #expect(viewer.state.effects.selected?.effectID == 4)
        viewer.press(.character("F"))
        #expect(viewer.state.following, "F never turns following off")
        viewer.press(.character("k"))
        #expect(!viewer.state.following, "moving pauses")
    }

    @Test("f in the effects view lists only the matching effects, / n N find them; an empty filter lists all again")
    func effectsFilterAndSearch() throws {
        var viewer = try ViewerHarness(fixture: "users")
        viewer.press(.character("e"), .character("g"), .character("f"))
        #expect(viewer.screen.hasSuffix("filter effects:"))
        viewer.type("details")
        viewer.press(.enter)
        #expect(viewer.state.effects.rows.map(\.lifetime.effectID) == [3, 4])
        #expect(viewer.state.effects.selected?.effectID == 3, "the cursor goes to a listed effect")
        #expect(viewer.state.message == "effects matching \"details\": 2 of 4")
        #expect(viewer.screen.contains("filter \"details\": 2 shown"))
        viewer.press(.character("j"))
        #expect(viewer.state.effects.selected?.effectID == 4)
        viewer.press(.character("j"))
        #expect(viewer.state.effects.selected?.effectID == 4, "the last listed one")
        viewer.press(.character("f"), .enter)
        #expect(viewer.state.effects.rows.count == 4)
        viewer.press(.character("g"), .character("/"))
        viewer.type("cancelled")
        viewer.press(.enter)
        #expect(viewer.state.effects.selected?.effectID == 3, "by outcome too")
        viewer.press(.character("/"))
        viewer.type("users")
        viewer.press(.enter)
        #expect(viewer.state.effects.selected?.effectID == 3, "the cursor's own effect matches")
        viewer.press(.character("n"))
        #expect(viewer.state.effects.selected?.effectID == 4)
        viewer.press(.character("n"))
        #expect(viewer.state.message == "no later effect matches \"users\"")
        viewer.press(.character("N"), .character("N"))
        #expect(viewer.state.effects.selected?.effectID == 2)
    }
}

@Suite("Ctrl-Z in the viewer (tmux)", .enabled(if: Tmux.path != nil), .serialized, .tags(.terminal))
struct ViewerSuspendTerminalTests {
    @Test("Ctrl-Z gives the shell a usable terminal and stops the viewer; fg brings the whole screen back; q exits 0 with the mode restored")
    func suspendAndResume() throws {
        let tmux = try Tmux()
        let storescope = try ProductLocator.url(of: "storescope").path
        tmux.type("stty -g > before; \(storescope) view \(try AnalysisCommandTests.fixture("users"))")
        try tmux.waitFor("#1/9 │ no filter")
        tmux.keys("j", "C-z")
        try tmux.waitFor("Stopped")
        #expect(try ViewerCrashTerminalTests.screenFlags(tmux) == "alternate=0 cursor=1", "the shell's screen, with its cursor")
        // What follows fg runs once the viewer exits: typed after q, the viewer could read it.
        tmux.type("stty -g > stopped; clear; fg; echo done=$?; stty -g > after")
        let back = try tmux.waitFor("#2/9 │ no filter")
        #expect(back.contains("    seq time      store    action"), "the whole screen is drawn again")
        #expect(try ViewerCrashTerminalTests.screenFlags(tmux) == "alternate=1 cursor=0")
        #expect(try tmux.file("before") == tmux.file("stopped"), "the terminal mode was given back while stopped")
        tmux.keys("q")
        try tmux.waitFor("done=0")
        try tmux.waitForFile("after")
        #expect(try tmux.file("before") == tmux.file("after"))
    }
}
