import Foundation
import StoreScopeTestSupport
import Testing

extension LiveProcessTests {
    /// `listen --quiet` and `listen --lines` say the same about how a session ended (issue 19,
    /// item 10).
    @Suite("listen: how a session ended")
    struct ListenEndWordingTests {
        @Test("--quiet says 'app closed the session' for an app that closed, as --lines does, and 'app disconnected' for one killed")
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
        }
    }
}
