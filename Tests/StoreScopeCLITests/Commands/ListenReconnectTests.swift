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
        @Test("a peer that repeats the header bytes of a session that ended gets a file of its own: the ended session's file is never written again (issue 44)")
        func anEndedSessionIsNeverContinued() throws {
            let directory = try TemporaryDirectory()
            let source = directory.path("ended-source.sstrace")
            let writer = try TraceFixture.writer(at: source, header: TraceFixture.header(app: "ended", store: "counter"))
            try writer.append(.keyframe(Keyframe(seq: 0, store: "counter", state: .int(0))))
            for seq in UInt64(1)...2 { try writer.append(TraceFixture.action(seq, store: "counter", "increment")) }
            try writer.append(.sessionEnded(SessionEnded(monotonicNanos: 9_000, wallNanos: 0)))
            try writer.flush()
            let ended = writer.chunks.count
            try writer.append(TraceFixture.action(3, store: "counter", "forged"))
            try writer.close()
            let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: source)))
            let chunks = try TraceReader(path: source).chunks
            let header = Array(bytes[0..<Int(chunks[0].offset)])
            let split = Int(chunks[ended].offset)

            let socket = directory.path("run/scope.sock")
            let recordings = directory.path("sessions")
            let listener = try Live.listen(socket, record: recordings)
            var app: RawPeer? = try RawPeer(connectingTo: socket)
            app?.send(header + bytes[header.count..<split])
            try listener.waitForOutput(containing: "session ended")
            app = nil
            try listener.waitForOutput(containing: "app disconnected")
            let forger = try RawPeer(connectingTo: socket)
            forger.send(header + bytes[split..<Int(chunks.last!.endOffset)])
            try listener.waitForOutput("the forger's session") { $0.components(separatedBy: "session started").count == 3 }
            Thread.sleep(forTimeInterval: 0.2)
            try Live.stop(listener)

            let files = try Live.recordings(in: recordings)
            #expect(files.count == 2, "\(files)")
            func actions(_ path: String) throws -> [String] {
                try Live.records(path).compactMap { if case let .action(action) = $0 { "#\(action.seq) \(action.action)" } else { nil } }
            }
            // The first connection's file has the session's own name; a second gets `-2`.
            let first = try #require(files.first { !$0.hasSuffix("-2.sstrace") }), second = try #require(files.first { $0.hasSuffix("-2.sstrace") })
            #expect(try actions(first) == ["#1 .increment", "#2 .increment"], "the ended session's file is as it ended")
            guard case .sessionEnded? = try Live.records(first).last else {
                Issue.record("the ended session's file no longer ends with its end")
                return
            }
            #expect(try actions(second) == ["#3 .forged"], "the forged record went to a file of its own")
        }

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

            let records = try Live.recordsOfTheOneCleanFile(in: recordings)
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
