import Foundation
import StoreScopeTestSupport
import Testing
import TraceAnalysis
import TraceFormat

extension LiveProcessTests {
    /// A listener killed again and again while apps stream: what the kernel held for the dead
    /// listener, or what it read and never wrote, must show as dropped, never go missing.
    @Suite("storescope listen: killed while apps stream")
    struct ListenKillLoopTests {
        @Test("twelve SIGKILLs of the listener while two 5 ms-flush apps stream: every action is in a recorded file or in a dropped record, and each app's socket figures add up to what it sent")
        func everyActionIsReceivedOrCountedAsDropped() throws {
            let directory = try TemporaryDirectory()
            let socket = directory.path("run/scope.sock")
            let recordings = directory.path("sessions")
            var listener = try Live.listen(socket, record: recordings, ["--quiet"])
            let apps = try ["left", "right"].map { try Live.app($0, socket: socket, ["--flush-ms", "5", "--payload", "200"]) }
            var sent = 0
            for round in 0..<12 {
                sent += 400
                for app in apps { app.send("record 400") }
                // Kill while the chunks are in flight: some still in the kernel, some read.
                Thread.sleep(forTimeInterval: 0.005 * Double(round % 4 + 1))
                listener.signal(SIGKILL)
                _ = try listener.waitForExit()
                for app in apps { try app.waitForOutput(containing: "recorded \(sent)\n") }
                listener = try Live.listen(socket, record: recordings, ["--quiet"])
            }
            // Each app's reconnection continues its file (issue 19, item 15): "session reconnected".
            try listener.waitForError("both apps reconnected") { $0.components(separatedBy: "] session ").count == 3 }
            // "session reconnected" is the listener's side: an app streams again only once it has
            // heard from the new listener, and what it records before that is dropped. The last
            // 50 actions come after the listener has confirmed one.
            var totals: [Int] = []
            for app in apps {
                let total = try Live.recordUntilConfirmed(app, after: sent) + 50
                app.send("record 50")
                try app.waitForOutput(containing: "recorded \(total)\n")
                totals.append(total)
            }
            let journals = try apps.map { try Live.close($0) }
            // --quiet decodes only the last chunk, to tell each app's close from a hang-up
            // (issue 19, item 10: it used to say "app disconnected" here).
            try listener.waitForError("both sessions ended") { $0.components(separatedBy: "] app closed the session").count == 3 }
            try Live.stop(listener, with: SIGINT)

            let files = try Live.recordings(in: recordings)
            for (index, name) in ["left", "right"].enumerated() {
                let records = try files.filter { $0.contains("/\(name)-") }.flatMap { try Live.records($0) }
                let counts = Live.verify(journals[index], against: records)
                #expect(counts.received + counts.dropped == totals[index])
                #expect(counts.received >= 50, "the last actions, after the last restart, arrived")
                let figures = try #require(Live.sinkFigures(apps[index], "socket"), "\(apps[index].stdout.suffix(300))")
                #expect(figures.recorded + figures.dropped + figures.unconfirmed == UInt64(totals[index]), "\(figures)")
                #expect(figures.unconfirmed == 0, "the listener confirmed everything before the close: \(figures)")
                #expect(figures.recorded <= UInt64(counts.received), "confirmed actions are in a file: \(figures), \(counts)")
            }
        }
    }
}
