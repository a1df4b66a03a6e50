import Foundation
import StoreScopeTestSupport
import Testing

extension LiveProcessTests {
    /// `listen --quiet` and `listen --lines` say the same about how a session ended (issue 19,
    /// item 10).
    @Suite("listen: how a session ended")
    struct ListenEndWordingTests {
        @Test("--quiet says 'app closed the session' for an app that closed, as --lines does, and 'app disconnected' for one killed; check tells the two files apart")
        func quietTellsACloseFromAHangUp() throws {
            let directory = try TemporaryDirectory()
            let socket = directory.path("run/scope.sock")
            let listener = try Live.listen(socket, record: directory.path("sessions"), ["--quiet"])
            let closing = try Live.app("closing", socket: socket)
            try Live.record(closing, 20, endingAt: 20)
            _ = try Live.close(closing)
            try listener.waitForError(containing: "app closed the session")

            let killed = try Live.app("killed", socket: socket)
            try Live.record(killed, 20, endingAt: 20)
            killed.send("flush")
            try killed.waitForOutput(containing: "flushed")
            killed.signal(SIGKILL)
            _ = try killed.waitForExit()
            try listener.waitForError(containing: "] app disconnected")
            try Live.stop(listener)

            let lines = listener.stderr.split(separator: "\n").filter { $0.contains("] app ") }
            #expect(lines.count == 2, "\(listener.stderr)")
            #expect(lines.first?.hasPrefix("[closing/") == true && lines.first?.hasSuffix("] app closed the session") == true, "\(lines)")
            #expect(lines.last?.hasPrefix("[killed/") == true && lines.last?.hasSuffix("] app disconnected") == true, "\(lines)")

            // check says the same of the files (issue 39, item 9: a killed app's was "clean").
            let files = try Live.recordings(in: directory.path("sessions"))
            let closedFile = try #require(files.first { $0.contains("closing") }), killedFile = try #require(files.first { $0.contains("killed") })
            let closedCheck = try ChildProcess.storescope(["check", closedFile])
            #expect(closedCheck.stdout.hasSuffix("status:    clean\n") && !closedCheck.stdout.contains("ended:"), "\(closedCheck.stdout)")
            let killedCheck = try ChildProcess.storescope(["check", killedFile])
            #expect(killedCheck.status == 0, "the file is intact")
            #expect(killedCheck.stdout.contains("ended:     no 'session ended' record: the app was killed, lost its listener, or is still recording"), "\(killedCheck.stdout)")
            #expect(killedCheck.stdout.hasSuffix("status:    clean, but the session did not end\n"), "\(killedCheck.stdout)")
            let json = try ChildProcess.storescope(["check", "--json", killedFile]).stdout
            #expect(json.contains("\"sessionEnded\":false"), "\(json)")
        }
    }
}
