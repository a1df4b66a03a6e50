import Foundation
import StoreScopeTestSupport
import Testing

@testable import StoreScopeCLI

/// The control keys of the live viewer, on a real listener and a real app
/// (`live-app-fixture --control held`) that allowed control: the viewer's reducer and render on
/// the listener's sessions, its requests sent by the ``ControlLink`` `view --listen` sends them
/// with, the app's replies on the message line.
@Suite("Control keys in the live viewer", .serialized, .tags(.process))
struct ViewerControlKeysTests {
    /// A listener, the viewer on its sessions, and an app that allowed control streaming to it.
    static func viewerAndApp() throws -> (Listening, ListenerViewer, RunningProcess) {
        let listening = try Listening()
        let viewer = ListenerViewer(listening.arrivals, control: ControlLink(socket: listening.socket))
        return (listening, viewer, try Live.app("remote", socket: listening.socket, ["--control", "held"]))
    }

    @Test("J jumps the app to the selected state, D sends a typed action (a typo gets a caret), P and K pause and lock, X replays from here, each outcome on the message line")
    func controlKeys() throws {
        var (listening, viewer, app) = try Self.viewerAndApp()
        defer { _ = listening.arrivals.finish() }
        try Live.record(app, 5, endingAt: 5)
        app.send("effect poll")
        try app.waitForOutput(containing: "effect started")
        try viewer.waitFor("#5/5 │ no filter │ following")

        viewer.press(.character("g"))
        viewer.press(.character("j"))
        try viewer.waitFor("#2/5 │ no filter │ paused")
        viewer.press(.character("J"))
        try viewer.waitFor("jump #2: done")
        try app.waitForOutput(containing: "installed total=")
        let journal = try Control.appTotal(app)

        // The effect the jump left running: marked on its bar, and named in its detail.
        viewer.press(.character("e"))
        let effects = try viewer.waitFor("jumped   to #2 at ")
        #expect(effects.contains(" while it ran; it went on running (⤺)"), "\(effects)")
        let bar = try #require(effects.split(separator: "\n").first { $0.contains(" poll ") }, "\(effects)")
        #expect(bar.contains("⤺"), "the jump is marked on the running effect's bar: \(bar)")
        viewer.press(.character("e"))
        try viewer.waitFor("#2/5 │ no filter │ paused")

        viewer.press(.character("D"))
        try viewer.waitFor("dispatch to the app:")
        viewer.typeLine(".step(5, \"x\"")
        let typo = try viewer.waitFor("^ expected \",\" or \")\", found the end")
        #expect(typo.contains("dispatch to the app: .step(5, \"x\""), "the prompt stays open: \(typo)")
        viewer.press(.character(")"))
        viewer.press(.enter)
        try viewer.waitFor("dispatch: done")
        try app.waitForOutput(containing: "dispatched 6")
        #expect(try Control.appTotal(app) == journal + 5)

        viewer.press(.character("P"))
        try viewer.waitFor("pause: done")
        viewer.press(.character("K"))
        try viewer.waitFor("lock: done: the app's actions are held")
        viewer.press(.character("K"))
        try viewer.waitFor("unlock: done")
        viewer.press(.character("P"))
        try viewer.waitFor("resume: done")

        for key in ["g", "j", "j"] as [Character] { viewer.press(.character(key)) }
        try viewer.waitFor("#3/6 │ no filter │ paused")
        viewer.press(.character("X"))
        try viewer.waitFor("replayed 3 of 3 actions after #3")
        try app.waitForOutput(containing: "dispatched 9")

        viewer.press(.character("?"))
        viewer.press(.character("G"))
        try viewer.waitFor("live app: jump it to this state; re-send it; type an action")
        viewer.press(.character("q"))
        viewer.press(.character("q"))
        #expect(viewer.state.quit)
        _ = try Live.close(app)
    }

    @Test("D sends an action copied from the detail's action line (its type, UUID(\"…\") and all); a misspelled case is refused with the cases seen, and sent as typed when entered again")
    func dispatchWhatTheViewerPrints() throws {
        var (listening, viewer, app) = try Self.viewerAndApp()
        defer { _ = listening.arrivals.finish() }
        viewer.send(.resize(columns: 200, rows: 30))
        app.send("inbox")
        try app.waitForOutput(containing: "recorded 8\n")
        try viewer.waitFor("#8/8 │ no filter │ following")

        viewer.press(.character("g"))
        let screen = try viewer.waitFor("action AppAction.inbox(.toggleSelect(UUID(")
        let line = try #require(screen.split(separator: "\n").first { $0.hasPrefix("action AppAction.inbox(") })
        let printed = String(line.dropFirst("action ".count)).trimmingCharacters(in: .whitespaces)
        #expect(printed == #"AppAction.inbox(.toggleSelect(UUID("E621E1F8-C36C-495A-93FC-0C247A3E6E5F")))"#)
        viewer.press(.character("D"))
        try viewer.waitFor("dispatch to the app:")
        viewer.typeLine(printed)
        try viewer.waitFor("dispatch: done")
        try app.waitForOutput(containing: "dispatched 9\n")

        viewer.press(.character("D"))
        try viewer.waitFor("dispatch to the app:")
        viewer.typeLine(#".inbox(.toggleSelct(UUID("E621E1F8-C36C-495A-93FC-0C247A3E6E5F")))"#)
        try viewer.waitFor(#"error: no case "toggleSelct" in InboxAction in this session: did you mean "toggleSelect"?"#)
        viewer.press(.character("D"))
        viewer.press(.up)
        viewer.press(.enter)
        try viewer.waitFor(#"dispatch: failed: the action does not decode as AppAction: at .inbox._0: InboxAction has no case "toggleSelct""#)
        viewer.press(.character("q"))
        #expect(viewer.state.quit)
        _ = try Live.close(app)
    }

    @Test("x re-sends the app's actions after the selected one, one per press, saying which is next; X again stops a paced replay")
    func stepAndStop() throws {
        var (listening, viewer, app) = try Self.viewerAndApp()
        defer { _ = listening.arrivals.finish() }
        // Four actions, the last two a second after the one before: a replay at the recorded
        // pace waits a second (the cap) before each of them.
        try Live.record(app, 2, endingAt: 2)
        Thread.sleep(forTimeInterval: 1.1)
        try Live.record(app, 1, endingAt: 3)
        Thread.sleep(forTimeInterval: 1.1)
        try Live.record(app, 1, endingAt: 4)
        try viewer.waitFor("#4/4 │ no filter │ following")

        viewer.press(.character("g"))
        try viewer.waitFor("#1/4 │ no filter │ paused")
        viewer.press(.character("x"))
        try viewer.waitFor("step 1 of 3 after #1: re-sent #2: done; x sends #3")
        try app.waitForOutput(containing: "dispatched 5")
        viewer.press(.character("x"))
        try viewer.waitFor("step 2 of 3 after #1: re-sent #3: done; x sends #4")
        viewer.press(.character("x"))
        try viewer.waitFor("step 3 of 3 after #1: re-sent #4: done; the replay is complete")
        try app.waitForOutput(containing: "dispatched 7")

        viewer.press(.character("X"))
        try viewer.waitFor("replaying the app's actions after #1 (X again stops)")
        viewer.press(.character("X"))
        let stopped = try viewer.waitFor("replay stopped: re-sent")
        #expect(!stopped.contains("replayed "), "the replay stopped before its end: \(stopped)")
        let journal = try Live.close(app)
        #expect(journal.count < 7 + 6, "the stopped replay did not re-send every action after #1: \(journal.count)")
        viewer.press(.character("q"))
        #expect(viewer.state.quit)
    }
}
