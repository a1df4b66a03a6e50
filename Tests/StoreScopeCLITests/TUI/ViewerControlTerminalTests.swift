import Foundation
import StoreScopeTestSupport
import Testing

/// End-to-end: the control keys of the real `storescope view --listen` in a real terminal
/// (a tmux pane), on a real app (`live-app-fixture --control held`) that allowed control.
@Suite("Control keys in the live viewer, in a terminal (tmux)", .enabled(if: Tmux.path != nil), .serialized, .tags(.terminal))
struct ViewerControlTerminalTests {
    /// `storescope view --listen` in a pane, and an app that allowed control streaming to it.
    static func viewerAndApp() throws -> (Tmux, RunningProcess) {
        let tmux = try Tmux()
        let storescope = try ProductLocator.url(of: "storescope").path
        tmux.type("\(storescope) view --listen run/scope.sock; echo exit=$?")
        try tmux.waitFor("Waiting for an app to connect on run/scope.sock")
        return (tmux, try Live.app("remote", socket: tmux.directory.path("run/scope.sock"), ["--control", "held"]))
    }

    @Test("J jumps the app to the selected state, D sends a typed action (a typo gets a caret), P and K pause and lock, X replays from here, each outcome on the message line")
    func controlKeys() throws {
        let (tmux, app) = try Self.viewerAndApp()
        try Live.record(app, 5, endingAt: 5)
        app.send("effect poll")
        try app.waitForOutput(containing: "effect started")
        try tmux.waitFor("#5/5 │ no filter │ following")

        tmux.keys("g", "j")
        try tmux.waitFor("#2/5 │ no filter │ paused")
        tmux.keys("J")
        try tmux.waitFor("jump #2: done")
        try app.waitForOutput(containing: "installed total=")
        let journal = try Control.appTotal(app)

        // The effect the jump left running: marked on its bar, and named in its detail.
        tmux.keys("e")
        let effects = try tmux.waitFor("jumped   to #2 at ")
        #expect(effects.contains(" while it ran; it went on running (⤺)"), "\(effects)")
        let bar = try #require(effects.split(separator: "\n").first { $0.contains(" poll ") }, "\(effects)")
        #expect(bar.contains("⤺"), "the jump is marked on the running effect's bar: \(bar)")
        tmux.keys("e")
        try tmux.waitFor("#2/5 │ no filter │ paused")

        tmux.keys("D")
        try tmux.waitFor("dispatch to the app:")
        tmux.type(".step(5, \"x\"")
        let typo = try tmux.waitFor("^ expected \",\" or \")\", found the end")
        #expect(typo.contains("dispatch to the app: .step(5, \"x\""), "the prompt stays open: \(typo)")
        tmux.keys(")", "Enter")
        try tmux.waitFor("dispatch: done")
        try app.waitForOutput(containing: "dispatched 6")
        #expect(try Control.appTotal(app) == journal + 5)

        tmux.keys("P")
        try tmux.waitFor("pause: done")
        tmux.keys("K")
        try tmux.waitFor("lock: done: the app's actions are held")
        tmux.keys("K")
        try tmux.waitFor("unlock: done")
        tmux.keys("P")
        try tmux.waitFor("resume: done")

        tmux.keys("g", "j", "j")
        try tmux.waitFor("#3/6 │ no filter │ paused")
        tmux.keys("X")
        try tmux.waitFor("replayed 3 of 3 actions after #3")
        try app.waitForOutput(containing: "dispatched 9")

        tmux.keys("?", "G")
        try tmux.waitFor("live app: jump it to this state; re-send it; type an action")
        tmux.keys("q")
        tmux.keys("q")
        _ = try Live.close(app)
        try tmux.waitFor("exit=0")
    }

    @Test("D sends an action copied from the detail's action line (its type, UUID(\"…\") and all); a misspelled case is refused with the cases seen, and sent as typed when entered again")
    func dispatchWhatTheViewerPrints() throws {
        let (tmux, app) = try Self.viewerAndApp()
        tmux.resize(columns: 200, rows: 30)
        app.send("inbox")
        try app.waitForOutput(containing: "recorded 8\n")
        try tmux.waitFor("#8/8 │ no filter │ following")

        tmux.keys("g")
        let screen = try tmux.waitFor("action AppAction.inbox(.toggleSelect(UUID(")
        let line = try #require(screen.split(separator: "\n").first { $0.hasPrefix("action AppAction.inbox(") })
        let printed = String(line.dropFirst("action ".count)).trimmingCharacters(in: .whitespaces)
        #expect(printed == #"AppAction.inbox(.toggleSelect(UUID("E621E1F8-C36C-495A-93FC-0C247A3E6E5F")))"#)
        tmux.keys("D")
        try tmux.waitFor("dispatch to the app:")
        tmux.type(printed)
        try tmux.waitFor("dispatch: done")
        try app.waitForOutput(containing: "dispatched 9\n")

        tmux.keys("D")
        try tmux.waitFor("dispatch to the app:")
        tmux.type(#".inbox(.toggleSelct(UUID("E621E1F8-C36C-495A-93FC-0C247A3E6E5F")))"#)
        try tmux.waitFor(#"error: no case "toggleSelct" in InboxAction in this session: did you mean "toggleSelect"?"#)
        tmux.keys("D", "Up", "Enter")
        try tmux.waitFor(#"dispatch: failed: the action does not decode as AppAction: at .inbox._0: InboxAction has no case "toggleSelct""#)
        tmux.keys("q")
        _ = try Live.close(app)
        try tmux.waitFor("exit=0")
    }

    @Test("x re-sends the app's actions after the selected one, one per press, saying which is next; X again stops a paced replay")
    func stepAndStop() throws {
        let (tmux, app) = try Self.viewerAndApp()
        // Four actions, the last two a second after the one before: a replay at the recorded
        // pace waits a second (the cap) before each of them.
        try Live.record(app, 2, endingAt: 2)
        Thread.sleep(forTimeInterval: 1.1)
        try Live.record(app, 1, endingAt: 3)
        Thread.sleep(forTimeInterval: 1.1)
        try Live.record(app, 1, endingAt: 4)
        try tmux.waitFor("#4/4 │ no filter │ following")

        tmux.keys("g")
        try tmux.waitFor("#1/4 │ no filter │ paused")
        tmux.keys("x")
        try tmux.waitFor("step 1 of 3 after #1: re-sent #2: done; x sends #3")
        try app.waitForOutput(containing: "dispatched 5")
        tmux.keys("x")
        try tmux.waitFor("step 2 of 3 after #1: re-sent #3: done; x sends #4")
        tmux.keys("x")
        try tmux.waitFor("step 3 of 3 after #1: re-sent #4: done; the replay is complete")
        try app.waitForOutput(containing: "dispatched 7")

        tmux.keys("X")
        try tmux.waitFor("replaying the app's actions after #1 (X again stops)")
        tmux.keys("X")
        let stopped = try tmux.waitFor("replay stopped: re-sent")
        #expect(!stopped.contains("replayed "), "the replay stopped before its end: \(stopped)")
        let journal = try Live.close(app)
        #expect(journal.count < 7 + 6, "the stopped replay did not re-send every action after #1: \(journal.count)")
        tmux.keys("q")
        try tmux.waitFor("exit=0")
    }
}
