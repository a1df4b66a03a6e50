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
    /// What a listener's commands make an app hold is bounded once for the app, not per store
    /// (issue 44, item 6): a listener sending to N stores that allow control made it hold N
    /// times the values.
    @Suite("the values an app holds for listeners, bounded across its stores")
    struct ControlPendingValuesTests {
        typealias Hostile = HostileListenerTests

        static let step = TraceValue.enumeration(type: "", caseName: "step", payload: [.init("", .int(1)), .init("", .string("sent"))])

        @Test("dispatches to four stores at once: two are held, the others are refused busy before their values are read; a place freed is taken again")
        func oneBoundForEveryStore() throws {
            let directory = try TemporaryDirectory()
            let (socket, file) = try Hostile.privateSocket(in: directory)
            let listener = try RawListener(path: socket)
            let app = try Live.app("stores", socket: socket, [
                "--control", "held", "--also", "a,b,c", "--also-control", "--hold-dispatch", "--file", file,
            ])
            let connection = try listener.accept()
            defer { close(connection) }
            try Live.record(app, 1, endingAt: 1)

            // Each store's dispatch waits in its closure until released. The fifth command's
            // value cannot be inflated: answered busy, it was never read.
            var commands: [UInt8] = []
            for (id, store) in ["main", "a", "b", "c"].enumerated() {
                commands += try Hostile.command(UInt64(id + 1), .dispatch(Self.step), store: store)
            }
            Hostile.send(commands + Hostile.dispatchWithABomb(5, store: "c"), to: connection)
            try Control.waitForLines(app, "holding main", count: 1)
            try Control.waitForLines(app, "holding a", count: 1)
            app.send("flush")
            try app.waitForOutput(containing: "flushed")

            // Both places are given back once used: the next dispatch is held, not refused.
            app.send("release")
            app.send("release")
            try app.waitForOutput("two dispatches") { $0.components(separatedBy: "dispatched ").count - 1 == 2 }
            Hostile.send(try Hostile.command(6, .dispatch(Self.step), store: "b"), to: connection)
            try Control.waitForLines(app, "holding b", count: 1)
            app.send("release")
            try app.waitForOutput("three dispatches") { $0.components(separatedBy: "dispatched ").count - 1 == 3 }
            _ = try Live.close(app)

            let outcomes = Control.outcomes(in: try TraceReader(path: file).allRecords())
            let answers = outcomes.filter { $0.command != "unreadable command" }.map { "\($0.id) \($0.store) \($0.result): \($0.detail ?? "")" }
            let busy = "refused: busy: 2 jumps or dispatches are waiting already, for this app's stores together"
            #expect(answers.sorted() == [
                "1 main done: ", "2 a done: ", "3 b \(busy)", "4 c \(busy)", "5 c \(busy)", "6 b done: ",
            ], "\(outcomes.map(\.message))")
            #expect(!app.stdout.contains("holding c"), "\(app.stdout)")
        }
    }
}
