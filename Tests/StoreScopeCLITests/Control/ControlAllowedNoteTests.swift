import Foundation
import StoreScopeTestSupport
import Testing
import TraceAnalysis
import TraceFormat

extension LiveProcessTests {
    /// The note an app's recorder streams when a store allows control (docs/FORMAT.md §17),
    /// read from what the real `storescope listen` recorded of real apps.
    @Suite("control: a store's consent in the stream")
    struct ControlAllowedNoteTests {
        /// The notes in a recording.
        static func notes(_ path: String) throws -> [ControlAllowedNote] {
            try Live.records(path).compactMap { if case let .log(log) = $0 { ControlAllowedNote(log) } else { nil } }
        }

        @Test("an app that allows control says what in its stream, to a listener started after it too; one that does not says nothing")
        func notesReachTheListener() throws {
            let directory = try TemporaryDirectory()
            let socket = directory.path("run/scope.sock"), recordings = directory.path("sessions")
            // The app starts before any listener: what it streamed then, its note included, is lost.
            let app = try Live.app("late", socket: socket, ["--control", "held", "--only", "pause,dispatch"])
            try Live.record(app, 2, endingAt: 2)
            app.send("flush")
            try app.waitForOutput(containing: "flushed")
            let listener = try Live.listen(socket, record: recordings)
            _ = try Live.recordUntilReceived(app, by: listener, after: 2)
            _ = try Live.close(app)
            try Control.waitForSessionsToEnd(listener, count: 1)
            let plain = try Live.app("plain", socket: socket)
            try Live.record(plain, 1, endingAt: 1)
            _ = try Live.close(plain)
            try Control.waitForSessionsToEnd(listener, count: 2)
            try Live.stop(listener)

            let files = try Live.recordings(in: recordings)
            let late = try #require(files.first { $0.split(separator: "/").last?.hasPrefix("late-") == true })
            let notes = try Self.notes(late)
            #expect(notes == [ControlAllowedNote(store: "main", commands: [.pause, .dispatch])], "\(notes)")
            let other = try #require(files.first { $0.split(separator: "/").last?.hasPrefix("plain-") == true })
            #expect(try Self.notes(other).isEmpty)
            // A reader that knows nothing of the note shows it as a line of the log.
            let log = try ChildProcess.storescope(["cat", late])
            #expect(log.stdout.contains(#"control: store "main" allows pause/resume, dispatch"#), "\(log.stdout)\(log.stderr)")
        }

        @Test("an app that allowed control in a run where control is off streams no note: it would carry out nothing")
        func noNoteWhenControlIsOff() throws {
            let directory = try TemporaryDirectory()
            let socket = directory.path("run/scope.sock"), recordings = directory.path("sessions")
            let listener = try Live.listen(socket, record: recordings)
            let off = try RunningProcess(
                product: "live-app-fixture", ["off", "--control", "held"], environment: ["STORESCOPE_SOCKET": socket, "STORESCOPE_CONTROL": "off"])
            try Live.record(off, 1, endingAt: 1)
            _ = try Live.close(off)
            try Control.waitForSessionsToEnd(listener, count: 1)
            try Live.stop(listener)
            let file = try #require(try Live.recordings(in: recordings).first)
            #expect(try Self.notes(file).isEmpty, "control is off: no command would be carried out")
        }
    }
}
