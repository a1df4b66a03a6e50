import Foundation
import StoreScopeTestSupport
import Testing

extension LiveProcessTests {
    /// The live commands without a terminal (pipes): `view --listen` prints like `listen`,
    /// `tail -n all` like `cat`, and the listener's options belong to `--listen`.
    @Suite("Live commands in line mode")
    struct LiveLineModeTests {
        @Test("view --listen with piped output prints the records as listen does, with the shared options")
        func viewListenPiped() throws {
            let directory = try TemporaryDirectory()
            let socket = directory.path("run/scope.sock")
            let recordings = directory.path("sessions")
            let viewer = try RunningProcess(product: "storescope", ["view", "--listen", socket, "--record", recordings, "--stall-timeout", "5"])
            try viewer.waitForError(containing: "Listening on \(socket)")
            let app = try Live.app("piped", socket: socket)
            try Live.record(app, 3, endingAt: 3)
            _ = try Live.close(app)
            try viewer.waitForOutput(containing: "app closed the session")
            try Live.stop(viewer)
            #expect(viewer.stdout.contains(" #3 main action AppAction.step("))
            #expect(viewer.stdout.hasPrefix("[piped/"))
            #expect(try Live.recordings(in: recordings).count == 1)
        }

        @Test("The listener's options without --listen, and a bad --allow-uid, are usage errors")
        func usage() throws {
            let trace = try AnalysisCommandTests.fixture("search")
            let record = try ChildProcess.storescope(["view", trace, "--record", "/tmp/x"])
            #expect(record.status == 64)
            #expect(record.stderr.hasPrefix("Error: --record goes with --listen\n"))
            let uid = try ChildProcess.storescope(["view", "--listen", "/tmp/none.sock", "--allow-uid", "me"])
            #expect(uid.status == 64)
            #expect(uid.stderr.hasPrefix("Error: --allow-uid takes user ids, not 'me'\n"))
        }

        @Test("tail -n all prints every record from the start, as cat does")
        func tailAll() throws {
            let trace = try AnalysisCommandTests.fixture("search")
            let tail = try ChildProcess.storescope(["tail", "-n", "all", trace])
            #expect(tail.status == 0)
            #expect(tail.stdout == (try ChildProcess.storescope(["cat", trace])).stdout)
        }
    }
}
