import Foundation
import StoreScopeTestSupport
import Testing
import TraceAnalysis
import TraceFormat

extension LiveProcessTests {
    /// End-to-end tests of live sessions: the built `storescope listen` and real app processes
    /// (`live-app-fixture`, which records to the default sink with only STORESCOPE_SOCKET set).
    @Suite("storescope listen")
    struct ListenCommandTests {
        @Test("an app started after the listener streams every action; the listener prints cat's lines with a session tag and records a clean file")
        func appAfterListener() throws {
            let directory = try TemporaryDirectory()
            let socket = directory.path("run/scope.sock")
            let recordings = directory.path("sessions")
            let listener = try Live.listen(socket, record: recordings)
            let app = try Live.app("counter", socket: socket)
            try Live.record(app, 60, endingAt: 60)
            try Live.record(app, 40, endingAt: 100)
            let journal = try Live.close(app)
            try listener.waitForOutput(containing: "app closed the session")
            try Live.stop(listener, with: SIGINT)

            let files = try Live.recordings(in: recordings)
            try #require(files.count == 1)
            #expect(files[0].hasPrefix(recordings + "/counter-"), "named by app, session id and start time: \(files[0])")
            let counts = Live.verify(journal, against: try Live.records(files[0]))
            #expect(counts.received == 100)
            let check = try ChildProcess.storescope(["check", files[0]])
            #expect(check.status == 0, "check: \(check.stdout)\(check.stderr)")
            #expect(check.stdout.contains("index:     footer"))

            // Every line `cat` prints of the recording, the listener printed live behind a tag.
            let cat = try ChildProcess.storescope(["cat", files[0]])
            let tag = try #require(listener.stdout.split(separator: "\n").first.flatMap { $0.split(separator: "]").first }.map { $0 + "]" })
            #expect(tag.hasPrefix("[counter/"))
            let printed = Set(listener.stdout.split(separator: "\n").map(String.init))
            for line in cat.stdout.split(separator: "\n") {
                #expect(printed.contains("\(tag) \(line)"), "missing live line: \(line)")
            }
        }

        @Test("listen --json prints each record as cat --json does, with the session's tag")
        func jsonLines() throws {
            let directory = try TemporaryDirectory()
            let socket = directory.path("run/scope.sock")
            let listener = try Live.listen(socket, ["--json"])
            let app = try Live.app("jsonapp", socket: socket)
            try Live.record(app, 3, endingAt: 3)
            _ = try Live.close(app)
            try listener.waitForOutput(containing: "app closed the session")
            try Live.stop(listener)
            let lines = listener.stdout.split(separator: "\n")
            #expect(lines.first?.hasPrefix("{\"session\":\"jsonapp/") == true)
            #expect(lines.first?.contains("\"kind\":\"connectionStarted\"") == true)
            // The connection's end is not the app's sessionEnded record (issue 19, item 10).
            let ends = lines.filter { $0.contains("\"kind\":\"connectionEnded\"") }
            #expect(ends.count == 1)
            #expect(ends.first?.contains("\"end\":\"closed\",\"app\":\"jsonapp\",\"message\":\"app closed the session\"") == true, "\(ends)")
            let records = lines.filter { $0.contains("\"kind\":\"sessionEnded\"") }
            #expect(records.count == 1)
            #expect(records.first?.contains("\"message\"") == false, "the app's record, not the listener's announcement")
            let actions = lines.filter { $0.contains("\"kind\":\"action\"") }
            #expect(actions.count == 3)
            #expect(actions.allSatisfy { $0.hasPrefix("{\"session\":\"jsonapp/") && $0.contains("\"seq\":") })
        }

        @Test("an app started before the listener runs normally, then streams once it appears: a dropped record covers what it missed")
        func appBeforeListener() throws {
            let directory = try TemporaryDirectory()
            let socket = directory.path("run/scope.sock")
            let recordings = directory.path("sessions")
            let app = try Live.app("early", socket: socket)
            try Live.record(app, 40, endingAt: 40)
            app.send("flush")
            try app.waitForOutput(containing: "flushed")
            app.send("status")
            try app.waitForOutput(containing: "status recorded=40 dropped=0")
            let listener = try Live.listen(socket, record: recordings)
            try listener.waitForOutput(containing: "session started")
            try Live.record(app, 40, endingAt: 80)
            let journal = try Live.close(app)
            try listener.waitForOutput(containing: "app closed the session")
            try Live.stop(listener, with: SIGTERM)

            let files = try Live.recordings(in: recordings)
            try #require(files.count == 1)
            let records = try Live.records(files[0])
            let counts = Live.verify(journal, against: records)
            #expect(counts.received == 40 && counts.dropped == 40)
            #expect(records.contains { if case let .dropped(d) = $0 { d.firstSeq == 1 && d.lastSeq == 40 } else { false } })
            #expect(try ChildProcess.storescope(["check", files[0]]).stdout.contains("status:    clean"))
        }

        @Test("a listener killed with SIGKILL and restarted mid-session: the app goes on, reconnects, and every action is received by one of them or counted as dropped")
        func listenerKilledAndRestarted() throws {
            let directory = try TemporaryDirectory()
            let socket = directory.path("run/scope.sock")
            let first = try Live.listen(socket, record: directory.path("first"))
            let app = try Live.app("survivor", socket: socket)
            try Live.record(app, 50, endingAt: 50)
            try first.waitForOutput(containing: " #50 main action")
            first.signal(SIGKILL)
            _ = try first.waitForExit()

            try Live.record(app, 50, endingAt: 100)
            app.send("flush")
            try app.waitForOutput(containing: "flushed")
            let second = try Live.listen(socket, record: directory.path("second"))  // removes the stale socket
            try second.waitForOutput(containing: "session started")
            let resumed = try Live.recordUntilReceived(app, by: second, after: 100)
            try Live.record(app, 150 - resumed, endingAt: 150)
            let journal = try Live.close(app)
            try second.waitForOutput(containing: "app closed the session")
            try Live.stop(second, with: SIGINT)

            let killed = try Live.records(try #require(Live.recordings(in: directory.path("first")).first))
            let restarted = try Live.records(try #require(Live.recordings(in: directory.path("second")).first))
            let counts = Live.verify(journal, against: killed + restarted)
            #expect(counts.received >= 50 + (150 - resumed + 1), "the first 50, and every action once the app streams again")
            #expect(restarted.contains { if case .keyframe = $0 { true } else { false } }, "the new listener gets the current state at once")
            #expect(restarted.compactMap { if case let .action(a) = $0 { a.seq } else { nil } } == Array(UInt64(resumed)...150))
        }

        @Test("four apps stream at once, each into its own file, each complete")
        func fourAppsAtOnce() throws {
            let directory = try TemporaryDirectory()
            let socket = directory.path("run/scope.sock")
            let recordings = directory.path("sessions")
            let listener = try Live.listen(socket, record: recordings)
            let apps = try (1...4).map { try Live.app("app\($0)", socket: socket) }
            for round in 1...3 {
                for app in apps { app.send("record 100") }
                for app in apps { try app.waitForOutput(containing: "recorded \(round * 100)\n") }
            }
            let journals = try apps.map { try Live.close($0) }
            try listener.waitForOutput("four sessions closed") { $0.components(separatedBy: "app closed the session").count == 5 }
            try Live.stop(listener, with: SIGINT)

            let files = try Live.recordings(in: recordings)
            try #require(files.count == 4)
            for (index, journal) in journals.enumerated() {
                let file = try #require(files.first { $0.contains("/app\(index + 1)-") })
                #expect(Live.verify(journal, against: try Live.records(file)).received == 300)
            }
        }

        @Test("an app whose listener never starts neither blocks nor grows: its memory stays flat while it records")
        func listenerNeverStarts() throws {
            let directory = try TemporaryDirectory()
            let app = try Live.app("alone", socket: directory.path("nobody/scope.sock"), ["--payload", "2000"])
            try Live.record(app, 2_000, endingAt: 2_000)
            app.send("status")
            let early = try Self.maximumResidentKilobytes(app.waitForOutput(containing: "rss="))
            try Live.record(app, 10_000, endingAt: 12_000)
            app.send("flush")
            try app.waitForOutput(containing: "flushed")
            app.send("status")
            let late = try Self.maximumResidentKilobytes(app.waitForOutput("a second status") { $0.components(separatedBy: "rss=").count == 3 })
            // 10,000 actions of 2 KB each: 20 MB if anything kept them (about 3 MB of growth seen).
            #expect(late - early < 8 * 1024, "grew from \(early) KB to \(late) KB")
            #expect(app.stderr.components(separatedBy: "no listener at").count == 2, "said once: \(app.stderr)")
            let journal = try Live.close(app)
            #expect(journal.count == 12_000)
        }

        @Test("--stall-timeout refuses inf, 1e300 and more than a day with a usage error instead of trapping")
        func stallTimeoutIsBounded() throws {
            let directory = try TemporaryDirectory()
            for value in ["inf", "1e300", "86401", "nan", "0", "25h", "-1"] {
                let result = try ChildProcess.storescope(["listen", directory.path("run/scope.sock"), "--lines", "--stall-timeout", value])
                #expect(result.status == 64, "\(value): \(result.stderr)")
                #expect(result.stderr.contains("--stall-timeout takes a number of seconds up to 86400, or a duration such as 500ms, not '\(value)'"), "\(result.stderr)")
            }
        }

        private static func maximumResidentKilobytes(_ output: String) -> Int {
            let last = output.components(separatedBy: "rss=").last ?? ""
            return Int(last.prefix { $0.isNumber }) ?? 0
        }
    }
}
