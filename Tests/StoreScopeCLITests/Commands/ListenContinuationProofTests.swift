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
    /// Continuing a session's file takes the secret only the app that started the session
    /// holds (issue 44): its header carries the secret's SHA-256, and the secret travels only
    /// to a listener the app checked, which never writes it.
    @Suite("storescope listen: only the session's app continues its file")
    struct ListenContinuationProofTests {
        @Test("a peer replaying a live session's header without its secret gets a file of its own and a warning; the app reconnects into its file; the secret is in no file")
        func onlyTheAppContinuesItsFile() throws {
            let directory = try TemporaryDirectory()
            let socket = directory.path("run/scope.sock")
            let recordings = directory.path("sessions")
            let first = try Live.listen(socket, record: recordings)
            let app = try Live.app("proven", socket: socket)
            try Live.record(app, 10, endingAt: 10)
            try first.waitForOutput(containing: " #10 main action")
            try Live.stop(first)
            let appFile = try #require(try Live.recordings(in: recordings).first)
            let recorded = try TraceBytes(path: appFile)
            let commitment = try #require(try TraceReader(path: appFile).header.continuationCommitment, "the app's header commits to a secret")

            // A listener of the test's own, in the listener's directory, asks the reconnecting
            // app for its proof: the app answers right after its header, with the secret.
            let held = try RawListener(path: socket)
            let connection = try held.accept()
            defer { close(connection) }
            #expect(try Self.read(recorded.headerSize, from: connection) == recorded.header, "the app resends its header")
            _ = ListenerMessage.proofWanted.encoded.withUnsafeBytes { Syscalls.sendWithoutSignal(connection, $0) }
            let proof = try Self.read(SessionProof.size, from: connection)
            #expect(proof.prefix(4).elementsEqual("SSPF".utf8))
            let secret = Array(proof.suffix(SessionProof.secretSize))
            #expect(SHA256.digest(secret) == commitment, "the app proves the commitment in its header")

            // While the app is held there, peers replay its header to a listener recording to
            // the same directory: one sends a chunk of the app's own, one a wrong secret first.
            let original = try Data(contentsOf: URL(fileURLWithPath: appFile))
            let other = try Live.listen(directory.path("run2/scope.sock"), record: recordings)
            let forger = try RawPeer(connectingTo: directory.path("run2/scope.sock"))
            forger.send(recorded.header + recorded.chunk)
            try other.waitForError(containing: "did not prove it is that app (it sent a chunk instead of the proof asked for)")
            let guesser = try RawPeer(connectingTo: directory.path("run2/scope.sock"))
            guesser.send(recorded.header + SessionProof.encoded(secret: [UInt8](repeating: 7, count: 32)) + recorded.chunk)
            try other.waitForError(containing: "did not prove it is that app (its proof of the session's secret is wrong)")
            Thread.sleep(forTimeInterval: 0.2)
            try Live.stop(other)
            #expect(try Data(contentsOf: URL(fileURLWithPath: appFile)) == original, "nothing was appended to the app's file")
            let apart = try Live.recordings(in: recordings).filter { $0 != appFile }
            #expect(apart.count == 2, "\(apart)")
            for path in apart {
                let records = try Live.records(path)
                guard case let .log(note)? = records.first else {
                    Issue.record("\(path) does not start with the listener's note")
                    continue
                }
                #expect(note.message.hasPrefix(UnprovenSessionNote.prefix))
                #expect(try TraceReader(path: path).header.continuationCommitment == nil, "the app never continues a file recorded apart")
            }

            // The app goes back to a real listener: it proves itself and its file goes on.
            // Shut down, not closed: the deferred close is the descriptor's only one (closing
            // twice closed whatever a concurrent test had opened under the same number since).
            shutdown(connection, Int32(SHUT_RDWR))
            unlink(socket)
            let third = try Live.listen(socket, record: recordings)
            let reconnected = try third.waitForOutput(containing: "session reconnected")
            #expect(reconnected.contains("continuing \(appFile)"), "\(reconnected)")
            try Live.record(app, 10, endingAt: 20)
            try third.waitForOutput(containing: " #20 main action")
            let journal = try Live.close(app)
            try third.waitForOutput(containing: "app closed the session")
            try Live.stop(third)
            #expect(!third.stderr.contains("did not prove"), "\(third.stderr)")

            #expect(try Live.recordings(in: recordings).count == 3)
            let counts = Live.verify(journal, against: try Live.records(appFile))
            #expect(counts.received + counts.dropped == 20 && counts.received >= 20 - 10, "\(counts)")
            for path in try Live.recordings(in: recordings) {
                let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
                #expect(!Self.contains(bytes, secret), "the secret is in \(path)")
            }
        }

        @Test("a peer replaying the header of a session whose app is connected gets a file of its own, which the app never continues")
        func aForgerBesideTheLiveAppIsRecordedApart() throws {
            let directory = try TemporaryDirectory()
            let socket = directory.path("run/scope.sock")
            let recordings = directory.path("sessions")
            let first = try Live.listen(socket, record: recordings)
            let app = try Live.app("beside", socket: socket)
            try Live.record(app, 5, endingAt: 5)
            try first.waitForOutput(containing: " #5 main action")
            let appFile = try #require(try Live.recordings(in: recordings).first)
            let recorded = try TraceBytes(path: appFile)
            let forger = try RawPeer(connectingTo: socket)
            forger.send(recorded.header + recorded.chunk)
            try first.waitForError(containing: "did not prove it is that app (it sent a chunk instead of the proof asked for)")
            try Live.stop(first)

            let second = try Live.listen(socket, record: recordings)
            let reconnected = try second.waitForOutput(containing: "session reconnected")
            #expect(reconnected.contains("continuing \(appFile)"), "the app continues its own file, not the forger's: \(reconnected)")
            try Live.record(app, 5, endingAt: 10)
            try second.waitForOutput(containing: " #10 main action")
            let journal = try Live.close(app)
            try second.waitForOutput(containing: "app closed the session")
            try Live.stop(second)
            let counts = Live.verify(journal, against: try Live.records(appFile))
            #expect(counts.received + counts.dropped == 10, "\(counts)")
            #expect(try Live.recordings(in: recordings).count == 2)
        }

        @Test("an app whose listener never asks for a proof streams as before, and never sends its secret")
        func noProofUnasked() throws {
            let directory = try TemporaryDirectory()
            let socket = directory.path("run/scope.sock")
            #expect(mkdir(directory.path("run"), 0o700) == 0)
            let app = try Live.app("unasked", socket: socket)
            let held = try RawListener(path: socket)
            let connection = try held.accept()
            defer { close(connection) }
            try Live.record(app, 3, endingAt: 3)
            Thread.sleep(forTimeInterval: 0.3)
            let received = try Self.read(available: connection)
            #expect(received.starts(with: [0x89, 0x53, 0x43, 0x4F, 0x50, 0x45, 0x0D, 0x0A]))
            #expect(!Self.contains(received, Array("SSPF".utf8)), "no proof was sent unasked")
            _ = try Live.close(app)
        }

        /// Reads exactly `count` bytes (waiting at most 10 s for each part).
        private static func read(_ count: Int, from descriptor: Int32) throws -> [UInt8] {
            var bytes: [UInt8] = []
            while bytes.count < count {
                var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
                guard poll(&entry, 1, 10_000) > 0 else { throw POSIXError(.ETIMEDOUT) }
                var buffer = [UInt8](repeating: 0, count: count - bytes.count)
                let got = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
                guard got > 0 else { throw POSIXError(.ECONNRESET) }
                bytes += buffer[0..<got]
            }
            return bytes
        }

        /// Reads what has arrived.
        private static func read(available descriptor: Int32) throws -> [UInt8] {
            var bytes: [UInt8] = []
            var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            while poll(&entry, 1, 100) > 0 {
                var buffer = [UInt8](repeating: 0, count: 65_536)
                let got = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
                guard got > 0 else { break }
                bytes += buffer[0..<got]
            }
            return bytes
        }

        private static func contains(_ bytes: [UInt8], _ needle: [UInt8]) -> Bool {
            guard needle.count <= bytes.count else { return false }
            return (0...(bytes.count - needle.count)).contains { bytes[$0..<$0 + needle.count].elementsEqual(needle) }
        }
    }
}
