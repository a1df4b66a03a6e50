import Foundation
import StoreScopeTestSupport
import Testing
import TraceAnalysis
import TraceFormat

extension LiveProcessTests {
    /// An app that reconnects after losing its listener continues its session's file, with a
    /// reconnect note where the new connection begins (issue 19, item 15): one session, one
    /// file, its history kept.
    @Suite("storescope listen: an app that reconnects continues its file")
    struct ListenReconnectTests {
        @Test("a listener stopped, then killed, and restarted on the same --record directory: the app's session stays one complete file holding every action or its drop, with a note at each reconnect")
        func restartedListenerContinuesTheFile() throws {
            let directory = try TemporaryDirectory()
            let socket = directory.path("run/scope.sock")
            let recordings = directory.path("sessions")
            let first = try Live.listen(socket, record: recordings)
            let app = try Live.app("survivor", socket: socket)
            try Live.record(app, 20, endingAt: 20)
            try first.waitForOutput(containing: " #20 main action")
            // A clean stop completes the file with its footer; the next listener cuts it off.
            try Live.stop(first, with: SIGINT)

            let second = try Live.listen(socket, record: recordings)
            let reconnected = try second.waitForOutput(containing: "session reconnected")
            #expect(reconnected.contains("continuing \(recordings)/survivor-"), "\(reconnected)")
            try Live.record(app, 20, endingAt: 40)
            try second.waitForOutput(containing: " #40 main action")
            // A killed listener leaves the file without a footer, maybe with a chunk begun.
            second.signal(SIGKILL)
            _ = try second.waitForExit()

            try Live.record(app, 20, endingAt: 60)
            let third = try Live.listen(socket, record: recordings, ["--json"])
            let announced = try third.waitForOutput(containing: "\"continues\":true")
            #expect(announced.contains("\"kind\":\"connectionStarted\""))
            try Live.record(app, 20, endingAt: 80)
            let journal = try Live.close(app)
            try third.waitForOutput(containing: "\"end\":\"closed\"")
            try Live.stop(third, with: SIGINT)

            let files = try Live.recordings(in: recordings)
            #expect(files.count == 1, "one session, one file: \(files)")
            let file = try #require(files.first)
            let check = try ChildProcess.storescope(["check", file])
            #expect(check.status == 0, "the continued file is a clean trace: \(check.stdout)\(check.stderr)")
            let records = try Live.records(file)
            let counts = Live.verify(journal, against: records)
            #expect(counts.received + counts.dropped == 80)
            #expect(counts.received >= 60, "the first 40 and the last 20 at least arrived: \(counts)")
            let notes = records.filter { if case let .log(log) = $0 { ReconnectNote.matches(log) } else { false } }
            #expect(notes.count == 2, "one note per reconnect")
            let seqs = records.compactMap { if case let .action(action) = $0 { action.seq } else { nil } }
            #expect(seqs == seqs.sorted() && Set(seqs).count == seqs.count, "seqs increase through the whole file")
        }
    }
}
