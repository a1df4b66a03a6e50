import Foundation
import StoreScopeTestSupport
import Testing
import TraceAnalysis
import TraceFormat

extension LiveProcessTests {
    /// A lock answers what it does (issue 39, item 4): a store recording through
    /// `willSend` and `didReduce` (then also `reduce(&state, action) { ... }`) was told "the app's actions are held" while
    /// it reduced 15 actions during a 3 s lock, and the unlock said 0 were held.
    @Suite("a lock says what it holds")
    struct ControlLockHonestyTests {
        /// A listener, and an app that allows control and reduces through `path`.
        struct Session {
            let directory: TemporaryDirectory
            let socket: String
            let listener: RunningProcess
            let app: RunningProcess

            init(app name: String, path: String) throws {
                directory = try TemporaryDirectory()
                socket = directory.path("run/scope.sock")
                listener = try Live.listen(socket, record: directory.path("sessions"))
                app = try Live.app(name, socket: socket, ["--control", "held", "--path", path])
            }
        }

        @Test("a store that reduced only through willSend and didReduce is refused a lock, and says why")
        func refusedWhereItCannotHold() throws {
            let session = try Session(app: "unheld", path: "manual")
            try Live.record(session.app, 1, endingAt: 1)
            let reply = try Control.run(["lock"], socket: session.socket)
            #expect(reply.stdout.contains("refused"), "\(reply.stdout)")
            #expect(reply.stdout.contains("without asking admits(_:)"), "\(reply.stdout)")
            try Live.record(session.app, 2, endingAt: 3)
            #expect(try Live.close(session.app).map(\.seq) == [1, 2, 3], "not locked: every action reduced")
            try Live.stop(session.listener)
        }

        @Test("locked before its first action, such a store's unlock counts the actions that passed the lock")
        func unlockCountsWhatPassed() throws {
            let session = try Session(app: "passing", path: "manual")
            // The app has allowed control (its set-up ran) and sent no action yet.
            session.app.send("flush")
            try session.app.waitForOutput(containing: "flushed")
            let lock = try Control.run(["lock"], socket: session.socket)
            #expect(lock.stdout.contains("the app's actions are held"), "\(lock.stdout)\(lock.stderr)")
            try Live.record(session.app, 3, endingAt: 3)
            let reply = try Control.run(["unlock"], socket: session.socket)
            #expect(reply.stdout.contains("0 held actions sent, 0 refused while locked; 3 reduced while locked by a path that does not ask admits(_:), not held"), "\(reply.stdout)")
            #expect(try Live.close(session.app).map(\.seq) == [1, 2, 3])
            try Live.stop(session.listener)
        }

        @Test("record(_:reducing:whileLocked:) holds the actions and sends them at unlock, in order")
        func whileLockedHolds() throws {
            let session = try Session(app: "holding", path: "held")
            try Live.record(session.app, 1, endingAt: 1)
            #expect(try Control.run(["lock"], socket: session.socket).stdout.contains("the app's actions are held"))
            let before = try Control.appTotal(session.app)
            session.app.send("record 2")
            try Control.waitForLines(session.app, "recorded 1", count: 2)
            #expect(try Control.appTotal(session.app) == before, "held while locked")
            let reply = try Control.run(["unlock"], socket: session.socket)
            #expect(reply.stdout.contains("2 held actions sent, 0 refused while locked"), "\(reply.stdout)")
            #expect(!reply.stdout.contains("reduced while locked"), "\(reply.stdout)")
            try session.app.waitForOutput(containing: "dispatched 3")
            #expect(try Live.close(session.app).map(\.seq) == [1, 2, 3])
            try Live.stop(session.listener)
        }
    }
}
