import Foundation
import StoreScopeTestSupport
import Testing
import TraceAnalysis
import TraceFormat

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension LiveProcessTests {
    /// The real listener SIGKILLed while a command it sent waits for the app's answer: the
    /// client that asked is told, the app runs on, and nothing the app recorded goes missing.
    @Suite("A listener killed mid-command")
    struct ListenerKilledMidCommandTests {
        @Test("a jump in flight when the listener is SIGKILLed: the client fails with a clear error, the app runs on, reconnects to the next listener, and every action is received or counted")
        func jumpInFlight() throws {
            let directory = try TemporaryDirectory()
            let socket = directory.path("run/scope.sock")
            let first = directory.path("first"), second = directory.path("second")
            let listener = try Live.listen(socket, record: first)
            let app = try Live.app("jumper", socket: socket, ["--control", "held", "--flush-ms", "5"])
            try Live.record(app, 10, endingAt: 10)
            app.send("flush")
            try app.waitForOutput(containing: "flushed")

            // The app stopped cannot answer: the jump the listener sends it stays in flight.
            app.signal(SIGSTOP)
            let client = try RunningProcess(product: "storescope", ["control", "jump", "#4", "--socket", socket])
            Thread.sleep(forTimeInterval: 0.5)
            listener.signal(SIGKILL)
            _ = try listener.waitForExit()
            let status = try client.waitForExit(timeout: .seconds(10))
            #expect(status == 1, "stdout: \(client.stdout) stderr: \(client.stderr)")
            #expect(client.stderr.contains("Error: the listener at \(socket) hung up without replying: it stopped before the app answered"), "one clear error naming the listener: \(client.stderr)")
            #expect(!client.stderr.contains("Fatal error") && !client.stdout.contains("done"), "\(client.stdout)\(client.stderr)")

            // The app wakes with a dead listener: it runs on, records, and finds the next one.
            app.signal(SIGCONT)
            try Live.record(app, 5, endingAt: 15)
            let next = try Live.listen(socket, record: second)
            try next.waitForOutput(containing: "session started")
            try Live.record(app, 5, endingAt: 20)
            let total = try Control.appTotal(app)
            let journal = try Live.close(app)
            try next.waitForOutput(containing: "app closed the session")
            try Live.stop(next)

            #expect(journal.count == 20)
            let files = try Live.recordings(in: first) + Live.recordings(in: second)
            let records = try files.flatMap { try Live.records($0) }
            let counted = Live.verify(journal, against: records)
            #expect(counted.received + counted.dropped == 20)
            // A jump that reached the app before the kill was installed whole; either way the
            // last state the second listener recorded is the app's own.
            let session = try TraceSession(path: try #require(try Live.recordings(in: second).last))
            #expect(Control.total(of: try session.state(of: "main", after: 20).result.get()) == total)
        }
    }
}
