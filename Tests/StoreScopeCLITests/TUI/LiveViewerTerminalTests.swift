import Foundation
import StoreScopeTestSupport
import Testing

/// End-to-end: the real `storescope` viewer on live data in a real terminal (a tmux pane),
/// with real apps (`live-app-fixture`) writing a trace or streaming to the socket.
@Suite("Live data in the viewer, in a terminal (tmux)", .enabled(if: Tmux.path != nil), .serialized, .tags(.terminal))
struct LiveViewerTerminalTests {
    @Test("view FILE on a trace still being written: F follows it and new actions appear")
    func followGrowingFile() throws {
        let tmux = try Tmux()
        let storescope = try ProductLocator.url(of: "storescope").path
        let trace = tmux.directory.path("growing.sstrace")
        let app = try Self.writer("grower", trace, actions: 5)
        tmux.type("\(storescope) view \(trace); echo exit=$?")
        try tmux.waitFor("#1/5 │ no filter │ paused")

        tmux.keys("F")
        try tmux.waitFor("#5/5 │ no filter │ following")
        try Live.record(app, 7, endingAt: 12)
        let grown = try tmux.waitFor("#12/12 │ no filter │ following")
        #expect(grown.contains(">   #12 +"), "the new last action is selected")
        #expect(grown.contains("   #11 "))
        _ = try Live.close(app)
        try tmux.waitFor("following │ session ended")
        tmux.keys("q")
        try tmux.waitFor("exit=0")
    }

    @Test("view --listen: waits, shows the first app's session, > switches to the second, an app's exit shows session ended, q restores the terminal")
    func twoLiveSessions() throws {
        let tmux = try Tmux()
        let storescope = try ProductLocator.url(of: "storescope").path
        // The pane's working directory is the tmux directory: short relative paths there keep
        // lines from wrapping; the apps get the absolute path.
        let socket = tmux.directory.path("run/scope.sock")
        let recordings = tmux.directory.path("sessions")
        tmux.type("stty -g > before; \(storescope) view --listen run/scope.sock --record sessions; echo exit=$?; stty -g > after")
        let waiting = try tmux.waitFor("Waiting for an app to connect on run/scope.sock")
        // The waiting screen says how to run an app against the socket, as `listen` does.
        #expect(waiting.contains("Run an app against it with STORESCOPE_SOCKET=run/scope.sock, e.g."), "\(waiting)")
        #expect(waiting.contains("STORESCOPE_SOCKET=run/scope.sock storescope demo"), "\(waiting)")

        let alpha = try Live.app("alpha", socket: socket)
        try Live.record(alpha, 5, endingAt: 5)
        let first = try tmux.waitFor("#5/5 │ no filter │ following")
        #expect(first.contains(" alpha/"), "the status line names the session")
        #expect(first.contains("session alpha/"))

        let beta = try Live.app("beta", socket: socket)
        try Live.record(beta, 8, endingAt: 8)
        let announced = try tmux.waitFor("new session beta/")
        #expect(announced.contains("(2 of 2): > or S to show it"))
        #expect(announced.contains(" (1/2) │ #5/5"), "the screen stays on the first session")
        try Live.record(alpha, 2, endingAt: 7)
        try tmux.waitFor("(1/2) │ #7/7 │ no filter │ following")

        tmux.keys(">")
        let second = try tmux.waitFor("(2/2) │ #8/8 │ no filter │ following")
        #expect(second.contains(" beta/"))
        _ = try Live.close(beta)
        try tmux.waitFor("(2/2) │ #8/8 │ no filter │ following │ session ended")

        tmux.keys("S")
        let list = try tmux.waitFor("Sessions (enter shows one, esc closes)")
        #expect(list.contains(" alpha  ") && list.contains(" live "))
        #expect(list.contains(" beta  ") && list.contains(" ended "))
        tmux.keys("k", "Enter")
        try tmux.waitFor("(1/2) │ #7/7")
        // The control keys reach the listener view --listen runs, and its reply the message
        // line (the keys themselves, against a real app: ViewerControlKeysTests).
        tmux.keys("P")
        try tmux.waitFor("pause: ")
        _ = try Live.close(alpha)
        try tmux.waitFor("(1/2) │ #7/7 │ no filter │ following │ session ended")

        tmux.keys("q")
        let after = try tmux.waitFor("exit=0")
        #expect(after.contains("storescope: 2 sessions recorded in sessions:\n  alpha-"))
        try tmux.waitForFile("after")
        #expect(try tmux.file("before") == tmux.file("after"), "the terminal mode is restored")
        let files = try Live.recordings(in: recordings)
        #expect(files.count == 2)
        for file in files {
            let check = try ChildProcess.storescope(["check", file])
            #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        }
    }

    @Test("SIGTERM to view --listen restores the terminal, completes the session's file and names the private directory it is in")
    func terminated() throws {
        let tmux = try Tmux()
        let storescope = try ProductLocator.url(of: "storescope").path
        let socket = tmux.directory.path("run/scope.sock")
        tmux.type("stty -g > before; \(Tmux.keepingPID("\(storescope) view --listen run/scope.sock")) 2> exit.txt; echo status=$?; stty -g > after")
        try tmux.waitFor("Waiting for an app to connect on run/scope.sock")
        let app = try Live.app("killed", socket: socket)
        try Live.record(app, 4, endingAt: 4)
        try tmux.waitFor("#4/4 │ no filter │ following")
        let pid = try tmux.keptPID()
        kill(pid, SIGTERM)
        try tmux.waitFor("status=143")
        try tmux.waitForFile("after")
        #expect(try tmux.file("before") == tmux.file("after"))
        let lines = try tmux.file("exit.txt").split(separator: "\n").map(String.init)
        try #require(lines.count == 2, "\(lines)")
        #expect(lines[0].hasPrefix("storescope: 1 session recorded in "))
        let directory = String(lines[0].dropFirst("storescope: 1 session recorded in ".count).dropLast())
        let file = directory + "/" + lines[1].trimmingCharacters(in: .whitespaces)
        #expect(lines[1].hasPrefix("  killed-"))
        let check = try ChildProcess.storescope(["check", file])
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        #expect(check.stdout.contains("index:     footer"), "the listener completed the file on the way out")
        #expect(Live.verify(try Live.close(app), against: try Live.records(file)).received == 4)
        try? FileManager.default.removeItem(atPath: directory)
    }

    @Test("listen and tail open the viewer in a terminal (tail --wait waits on screen for the file); listen --lines prints lines")
    func listenAndTail() throws {
        let tmux = try Tmux()
        let storescope = try ProductLocator.url(of: "storescope").path
        let socket = tmux.directory.path("run/scope.sock")
        tmux.type("\(storescope) listen run/scope.sock; echo exit=$?")
        try tmux.waitFor("Waiting for an app to connect on run/scope.sock")
        let app = try Live.app("screened", socket: socket)
        try Live.record(app, 3, endingAt: 3)
        let screen = try tmux.waitFor("#3/3 │ no filter │ following")
        #expect(screen.contains(" screened/"))
        _ = try Live.close(app)
        try tmux.waitFor("session ended")
        tmux.keys("q")
        let quit = try tmux.waitFor("exit=0")
        #expect(quit.contains("storescope: 1 session recorded in "), "the private directory is named: nothing recorded is lost")

        tmux.type("clear; \(storescope) listen --lines run/scope.sock; echo stopped=$?")
        try tmux.waitFor("Listening on run/scope.sock (Ctrl-C to stop)")
        let lined = try Live.app("lined", socket: socket)
        try Live.record(lined, 2, endingAt: 2)
        let lines = try tmux.waitFor(" #2 main action")
        #expect(lines.contains("[lined/"))
        let journal = try Live.close(lined)
        #expect(journal.count == 2)
        tmux.keys("C-c")
        try tmux.waitFor("stopped=0")

        let trace = tmux.directory.path("tailed.sstrace")
        let writer = try Self.writer("tailed", trace, actions: 4)
        tmux.type("clear; \(storescope) tail \(trace); echo exit=$?")
        try tmux.waitFor("tailed.sstrace │ #4/4 │ no filter │ following")
        try Live.record(writer, 1, endingAt: 5)
        try tmux.waitFor("#5/5 │ no filter │ following")
        tmux.keys("q")
        try tmux.waitFor("exit=0")
        _ = try Live.close(writer)

        tmux.type("clear; \(storescope) tail --wait later.sstrace; echo exit=$?")
        try tmux.waitFor("Waiting for later.sstrace to be created")
        let late = try Self.writer("late", tmux.directory.path("later.sstrace"), actions: 2)
        try tmux.waitFor("later.sstrace │ #2/2 │ no filter │ following")
        tmux.keys("q")
        try tmux.waitFor("exit=0")
        _ = try Live.close(late)
    }

    /// An app recording to the trace file `path` (left open), with `actions` actions in it.
    static func writer(_ name: String, _ path: String, actions: Int) throws -> RunningProcess {
        let app = try RunningProcess(product: "live-app-fixture", [name, "--file", path])
        try Live.record(app, actions, endingAt: actions)
        app.send("flush")
        try app.waitForOutput(containing: "flushed")
        return app
    }
}
