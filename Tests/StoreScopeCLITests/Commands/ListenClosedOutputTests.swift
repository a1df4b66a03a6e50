import Foundation
import StoreScopeTestSupport
import Testing
import TraceFormat

extension LiveProcessTests {
    /// `storescope listen --record DIR | head`: when the reader of the listener's standard output
    /// goes away, the listener stops as on Ctrl-C, completing every session file, and exits 141;
    /// SIGPIPE used to end it with the file it was recording left without its footer.
    @Suite("storescope listen with its output closed")
    struct ListenClosedOutputTests {
        @Test("a listener whose output reader exits completes the session file it records and exits 141")
        func closedOutputCompletesTheFile() throws {
            let directory = try TemporaryDirectory()
            let socket = directory.path("run/scope.sock")
            let sessions = directory.path("sessions")
            // The listener's output through `head -1`, its own status written after it exits.
            let pipeline = #""$@" | head -1; echo "listener exited ${PIPESTATUS[0]}" >&2"#
            let listener = try Live.listen(socket, record: sessions, ["--lines"], via: ["/bin/bash", "-c", pipeline, "bash"])
            let app = try Live.app("piped", socket: socket)
            // `head` exits after the first line; the listener sees the closed pipe on its next write.
            var seq = 0
            let deadline = ContinuousClock.now + .seconds(20)
            while !listener.stderr.contains("listener exited"), ContinuousClock.now < deadline {
                seq += 1
                try Live.record(app, 1, endingAt: seq)
                Thread.sleep(forTimeInterval: 0.05)
            }
            try listener.waitForError(containing: "listener exited 141\n")
            #expect(try listener.waitForExit() == 0)
            #expect(listener.stdout.split(separator: "\n").count == 1, "head printed one line: \(listener.stdout)")

            let files = try Live.recordings(in: sessions)
            #expect(files.count == 1)
            let file = try #require(files.first)
            let check = try ChildProcess.storescope(["check", file])
            #expect(check.status == 0, "the session file is complete: \(check.stdout)\(check.stderr)")
            #expect(!check.stdout.contains("no footer"))
            let actions = try Live.records(file).filter { if case .action = $0 { true } else { false } }
            #expect(actions.count >= 1, "what the listener received before it stopped is in the file")
            _ = try Live.close(app)
        }
    }
}
