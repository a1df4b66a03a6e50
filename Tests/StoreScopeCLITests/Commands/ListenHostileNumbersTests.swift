import Foundation
import StoreScopeTestSupport
import Testing
import TraceAnalysis
import TraceFormat

extension LiveProcessTests {
    /// A peer's numbers (times, seqs, counts, durations) reach the listener's arithmetic: the
    /// file name it records to, the lines it prints, the viewer it feeds. The most extreme ones
    /// must cost the peer nothing but its own strange output.
    @Suite("storescope listen: a peer's extreme numbers")
    struct ListenHostileNumbersTests {
        @Test("a session whose header starts at Int64.min and whose records hold UInt64.max seqs, times and counts neither stops the listener nor the session streaming beside it")
        func extremeNumbersLoseNothing() throws {
            let directory = try TemporaryDirectory()
            let socket = directory.path("run/scope.sock")
            let recordings = directory.path("sessions")
            let listener = try Live.listen(socket, record: recordings)
            let app = try Live.app("honest", socket: socket)
            try Live.record(app, 20, endingAt: 20)
            try listener.waitForOutput(containing: " #20 main action")

            for (name, wall) in [("minimum", Int64.min), ("maximum", Int64.max)] {
                let hostile = try Self.extremeTrace(in: directory, name: name, startWallNanos: wall)
                let peer = try RawPeer(connectingTo: socket)
                peer.send(hostile)
                try listener.waitForOutput(containing: "[\(name)/abab] app closed the session")
            }
            try Live.record(app, 20, endingAt: 40)
            let journal = try Live.close(app)
            try listener.waitForOutput("the honest session's end") { $0.components(separatedBy: "app closed the session").count == 4 }
            #expect(listener.isRunning, "stderr: \(listener.stderr)")
            try Live.stop(listener, with: SIGINT)

            let files = try Live.recordings(in: recordings)
            let honest = try #require(files.first { $0.contains("/honest-") })
            #expect(Live.verify(journal, against: try Live.records(honest)).received == 40)
            for name in ["minimum", "maximum"] {
                let file = try #require(files.first { $0.contains("/\(name)-") }, "\(files)")
                #expect(file.hasSuffix(name == "minimum" ? "-16770921T001243Z.sstrace" : "-22620411T234716Z.sstrace"), "\(file)")
                let records = try Live.records(file)
                #expect(records.contains { if case let .action(action) = $0 { action.seq == .max } else { false } })
            }
        }

        /// A whole trace (header, chunks, footer) with every number at an edge.
        private static func extremeTrace(in directory: TemporaryDirectory, name: String, startWallNanos: Int64) throws -> [UInt8] {
            let path = directory.path("\(name).sstrace")
            let header = SessionHeader(
                sessionID: Array(repeating: 0xAB, count: 16), appName: name, storeName: "main",
                startWallNanos: startWallNanos, startMonotonicNanos: .max, schemaFingerprint: .max)
            let writer = try TraceWriter(path: path, header: header)
            let state = TraceValue.structure(type: "S", fields: [.init("n", .int(.min))])
            try writer.append(.keyframe(Keyframe(seq: 0, store: "main", state: state)))
            for seq in [UInt64.max - 1, .max] {
                try writer.append(.action(ActionRecord(
                    seq: seq, store: "main", monotonicNanos: seq == .max ? .max : 0, wallNanos: seq == .max ? .min : .max,
                    reducerNanos: .max, action: .enumeration(type: "A", caseName: "edge", payload: []))))
            }
            try writer.append(.effectStarted(EffectStarted(effectID: .max, name: "edge", store: "main", parentSeq: .max, monotonicNanos: 0)))
            try writer.append(.effectEmitted(EffectEmitted(effectID: .max, actionSeq: .max, monotonicNanos: .max)))
            try writer.append(.effectEnded(EffectEnded(effectID: .max, outcome: .finished, monotonicNanos: 0)))
            try writer.append(.dropped(DroppedRecords(count: .max, firstSeq: 0, lastSeq: .max, monotonicNanos: .max)))
            try writer.append(.log(LogRecord(level: .mark, message: "edge", monotonicNanos: .max, seq: .max)))
            try writer.append(.sessionEnded(SessionEnded(monotonicNanos: 0, wallNanos: .min)))
            try writer.close()
            return Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        }
    }
}
