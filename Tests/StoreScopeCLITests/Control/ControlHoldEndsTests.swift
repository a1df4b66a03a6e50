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
    /// A lock or a pause belongs to the listener connection that set it (issue 44, item 1): a
    /// listener killed mid-lock left the app holding, then refusing, its own actions for the
    /// rest of the process (9,688 of 13,552 lost), and nothing in the trace said so.
    @Suite("a lock or pause ends with its listener")
    struct ControlHoldEndsTests {
        /// A listener recording in `directory`, and an app that allows control (held locks),
        /// records to its own file too, and has sent its first action.
        struct Session {
            let directory: TemporaryDirectory
            let socket: String
            let file: String
            let listener: RunningProcess
            let app: RunningProcess

            init(app name: String, _ extra: [String] = []) throws {
                directory = try TemporaryDirectory()
                socket = directory.path("run/scope.sock")
                file = directory.path("app.sstrace")
                listener = try Live.listen(socket, record: directory.path("sessions"))
                app = try Live.app(name, socket: socket, ["--control", "held", "--file", file] + extra)
                try Live.record(app, 1, endingAt: 1)
            }
        }

        @Test("the listener SIGKILLed while it holds a lock: the app sends the held actions, in order, and its trace says why; none is lost", arguments: [SIGKILL, SIGTERM])
        func lockEndsWithItsListener(signal: Int32) throws {
            let session = try Session(app: "holder")
            let (socket, file, listener, app) = (session.socket, session.file, session.listener, session.app)
            #expect(try Control.run(["lock"], socket: socket).stdout.contains("the app's actions are held"))
            let before = try Control.appTotal(app)
            app.send("record 3")
            try Control.waitForLines(app, "recorded 1", count: 2)
            #expect(try Control.appTotal(app) == before, "held while the listener lives")

            listener.signal(signal)
            _ = try listener.waitForExit()
            try app.waitForOutput(containing: "dispatched 4")
            app.send("record 2")
            try app.waitForOutput(containing: "recorded 6")
            let journal = try Live.close(app)
            #expect(journal.map(\.seq) == [1, 2, 3, 4, 5, 6], "every action reduced, the held ones in order")

            let outcomes = Control.outcomes(in: try TraceReader(path: file).allRecords())
            #expect(outcomes.contains {
                $0.command == "unlock" && $0.result == .done
                    && $0.detail == "released: the listener that set it went away: 3 held actions sent, 0 refused while locked"
            }, "\(outcomes.map(\.message))")
        }

        @Test("a lock held longer than RecorderConfiguration.control.maximumHold ends by itself, the listener still there")
        func lockEndsAfterTheBound() throws {
            let session = try Session(app: "bounded", ["--max-hold-ms", "300"])
            let (socket, file, listener, app) = (session.socket, session.file, session.listener, session.app)
            #expect(try Control.run(["lock"], socket: socket).stdout.contains("the app's actions are held"))
            app.send("record 2")
            try Control.waitForLines(app, "recorded 1", count: 2)
            try app.waitForOutput(containing: "dispatched 3")
            #expect(try Live.close(app).map(\.seq) == [1, 2, 3])
            try Live.stop(listener)
            let outcomes = Control.outcomes(in: try TraceReader(path: file).allRecords())
            #expect(outcomes.contains {
                $0.command == "unlock" && $0.detail?.hasPrefix("released: held for 0.3 seconds, RecorderConfiguration.control.maximumHold: 2 held actions sent") == true
            }, "\(outcomes.map(\.message))")
        }

        @Test("the listener killed while the recording is paused: recording resumes, and the paused actions are one dropped record")
        func pauseEndsWithItsListener() throws {
            let session = try Session(app: "pauser")
            let (socket, file, listener, app) = (session.socket, session.file, session.listener, session.app)
            #expect(try Control.run(["pause"], socket: socket).stdout.contains("actions are not recorded until resumed"))
            try Live.record(app, 2, endingAt: 3)
            listener.signal(SIGKILL)
            _ = try listener.waitForExit()
            Thread.sleep(forTimeInterval: 0.3)
            try Live.record(app, 2, endingAt: 5)
            _ = try Live.close(app)

            let records = try TraceReader(path: file).allRecords()
            let actions = records.compactMap { if case let .action(action) = $0 { action.seq } else { nil } }
            #expect(actions == [1, 4, 5], "recorded again after the listener went away")
            let dropped = records.compactMap { if case let .dropped(dropped) = $0 { "\(dropped.count) #\(dropped.firstSeq)…#\(dropped.lastSeq)" } else { nil } }
            #expect(dropped == ["2 #2…#3"], "\(dropped)")
            #expect(Control.outcomes(in: records).contains {
                $0.command == "resume" && $0.detail == "released: the listener that set it went away: 2 actions (#2…#3) were not recorded while paused"
            }, "\(Control.outcomes(in: records).map(\.message))")
        }
    }
}
