import Foundation
import StoreScopeTestSupport
import Testing
import TraceAnalysis
import TraceFormat

extension LiveProcessTests {
    /// `storescope listen` against peers and paths that must not be trusted: hostile or broken
    /// peers, other users, directories open to others, a live listener it must not displace.
    @Suite("storescope listen: security and hostile peers")
    struct ListenSecurityTests {
        @Test("hostile peers (garbage, a huge declared length, a stall mid-header, a hang-up mid-chunk) each lose their own connection with one message; an app streaming meanwhile is unaffected")
        func hostilePeers() throws {
            let directory = try TemporaryDirectory()
            let socket = directory.path("run/scope.sock")
            let recordings = directory.path("sessions")
            let listener = try Live.listen(socket, record: recordings, ["--stall-timeout", "1"])
            let app = try Live.app("honest", socket: socket)
            try Live.record(app, 50, endingAt: 50)
            try listener.waitForOutput(containing: " #50 main action")
            let sample = try Self.sampleTrace(in: directory)

            let garbage = try RawPeer(connectingTo: socket)
            garbage.send(Array("GET / HTTP/1.1\r\nHost: x\r\n\r\n".utf8))
            try listener.waitForError(containing: "does not start with the StoreScope signature")

            var huge = Array(sample.chunk.prefix(60))
            huge.replaceSubrange(8..<12, with: [0xF0, 0xFF, 0xFF, 0x7F])  // stored length: ~2 GB
            huge.replaceSubrange(56..<60, with: withUnsafeBytes(of: crc32(huge[0..<56]).littleEndian, Array.init))
            let greedy = try RawPeer(connectingTo: socket)
            greedy.send(sample.header + huge)
            try listener.waitForError(containing: "more than the 67108864 accepted")

            let slow = try RawPeer(connectingTo: socket)
            slow.send(Array(sample.header.prefix(3)))
            try listener.waitForError(containing: "sent no complete session header for 1.0 seconds; disconnected")

            var torn: RawPeer? = try RawPeer(connectingTo: socket)
            torn?.send(sample.header + sample.chunk.prefix(sample.chunk.count / 2))
            // It sends the greedy peer's header: the listener waits for its proof of that
            // session's secret, which its hang-up mid-chunk ends (issue 44); the session is
            // reported, with nothing recorded.
            torn = nil
            try listener.waitForOutput("a second session") { $0.components(separatedBy: "] session ").count == 3 }
            try listener.waitForOutput(containing: "app disconnected in the middle of a chunk (\(sample.chunk.count / 2) bytes lost)")
            try listener.waitForError(containing: "did not prove it is that app (it went away before proving it); not continued")

            // A session that stalls mid-chunk is cut off, said once in the listener's words (an
            // outside review read "disconnected: sent part of a chunk …; disconnected").
            let stalledSample = try Self.sampleTrace(in: try TemporaryDirectory())
            let stalled = try RawPeer(connectingTo: socket)
            stalled.send(stalledSample.header + stalledSample.chunk.prefix(stalledSample.chunk.count / 2))
            let stallLine = try listener.waitForLine(containing: "nothing more for 1.0 seconds")
            #expect(stallLine.hasSuffix("] sent part of a chunk and then nothing more for 1.0 seconds; disconnected"), "\(stallLine)")

            try Live.record(app, 50, endingAt: 100)
            let journal = try Live.close(app)
            try listener.waitForOutput(containing: "app closed the session")
            #expect(listener.isRunning)
            try Live.stop(listener, with: SIGINT)

            let stderr = listener.stderr
            #expect(stderr.components(separatedBy: "StoreScope signature").count == 2, "one message each: \(stderr)")
            #expect(stderr.components(separatedBy: "accepted").count == 2)
            #expect(stderr.components(separatedBy: "session header for").count == 2)
            let honest = try #require(Live.recordings(in: recordings).first { $0.contains("/honest-") })
            #expect(Live.verify(journal, against: try Live.records(honest)).received == 100)
            let check = try ChildProcess.storescope(["check", honest])
            #expect(check.status == 0, "\(check.stdout)")
        }

        @Test("a peer streaming steadily for longer than the stall timeout, in pieces that end mid-chunk, is never cut off")
        func steadyStreamIsNotAStall() throws {
            let directory = try TemporaryDirectory()
            let socket = directory.path("run/scope.sock")
            let recordings = directory.path("sessions")
            let listener = try Live.listen(socket, record: recordings, ["--stall-timeout", "500ms"])
            let path = directory.path("big.sstrace")
            let app = try RunningProcess(product: "live-app-fixture", ["big", "--file", path, "--payload", "300"])
            try Live.record(app, 3_000, endingAt: 3_000)
            let journal = try Live.close(app)
            let trace = try TraceBytes(path: path)
            let reader = try TraceReader(path: path)
            let stream = Array(trace.bytes[0..<Int(reader.chunks.last!.endOffset)])
            let peer = try RawPeer(connectingTo: socket)
            let start = ContinuousClock.now
            var offset = 0
            while offset < stream.count {
                let piece = Array(stream[offset..<min(offset + 997, stream.count)])
                peer.send(piece)
                offset += piece.count
                // At least 1.5 s in all: three times the stall timeout.
                Thread.sleep(forTimeInterval: max(0.001, 1.5 / Double(stream.count / 997 + 1)))
            }
            #expect(ContinuousClock.now - start > .seconds(1))
            try listener.waitForOutput(containing: " #3000 main action")
            #expect(!listener.stderr.contains("disconnected"), "\(listener.stderr)")
            try Live.stop(listener)
            let file = try #require(Live.recordings(in: recordings).first)
            #expect(Live.verify(journal, against: try Live.records(file)).received == 3_000)
        }

        @Test("the socket is 0600 in a directory created 0700; a directory open to others or owned by someone else is refused")
        func directoryAndSocketModes() throws {
            let directory = try TemporaryDirectory()
            let socket = directory.path("run/scope.sock")
            let listener = try Live.listen(socket)
            let socketMode = try FileManager.default.attributesOfItem(atPath: socket)[.posixPermissions] as? Int
            let directoryMode = try FileManager.default.attributesOfItem(atPath: directory.path("run"))[.posixPermissions] as? Int
            #expect(socketMode == 0o600)
            #expect(directoryMode == 0o700)
            try Live.stop(listener, with: SIGINT)
            #expect(!FileManager.default.fileExists(atPath: socket), "the listener removes its socket when it stops")

            try FileManager.default.createDirectory(atPath: directory.path("open"), withIntermediateDirectories: false, attributes: [.posixPermissions: 0o755])
            let open = try ChildProcess.storescope(["listen", directory.path("open/scope.sock")])
            #expect(open.status == 1)
            // Issue 19, item 7: no advice to chmod a directory others may use.
            #expect(open.stderr.contains("has mode 755, open to other users, so sessions there are not private; listen in a private directory instead"), "\(open.stderr)")

            guard getuid() == 0 else {
                print("skipped: a directory owned by someone else needs root to arrange")
                return
            }
            try FileManager.default.createDirectory(atPath: directory.path("theirs"), withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
            #expect(chown(directory.path("theirs"), 65534, 65534) == 0)
            let theirs = try ChildProcess.storescope(["listen", directory.path("theirs/scope.sock")])
            #expect(theirs.status == 1)
            #expect(theirs.stderr.contains("belongs to uid 65534, not to you"), "\(theirs.stderr)")
        }

        @Test("a second listener refuses to steal a live socket, and a stale one is replaced")
        func liveAndStaleSockets() throws {
            let directory = try TemporaryDirectory()
            let socket = directory.path("run/scope.sock")
            let first = try Live.listen(socket)
            let second = try ChildProcess.storescope(["listen", socket])
            #expect(second.status == 1)
            #expect(second.stderr.contains("another listener is running at \(socket)"), "\(second.stderr)")
            first.signal(SIGKILL)
            _ = try first.waitForExit()
            #expect(FileManager.default.fileExists(atPath: socket), "a killed listener leaves its socket behind")
            let third = try Live.listen(socket)
            let app = try Live.app("after", socket: socket)
            try Live.record(app, 5, endingAt: 5)
            try third.waitForOutput(containing: " #5 main action")
            _ = try Live.close(app)
            try Live.stop(third, with: SIGTERM)
        }

        @Test("a peer of another user is refused unless --allow-uid names it")
        func otherUsersAreRefused() throws {
            guard getuid() == 0, FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv") else {
                print("skipped: running a listener as another user needs root and setpriv")
                return
            }
            let directory = try TemporaryDirectory()
            // The listener runs as nobody in a directory of nobody's; this test, as root, is the
            // other user (root passes the directory's permissions, not the listener's uid check).
            try FileManager.default.createDirectory(atPath: directory.path("nobody"), withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
            #expect(chown(directory.path("nobody"), 65534, 65534) == 0)
            #expect(chmod(directory.path, 0o755) == 0)
            let asNobody = ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"]
            let socket = directory.path("nobody/scope.sock")
            let sample = try Self.sampleTrace(in: directory)

            let strict = try Live.listen(socket, via: asNobody)
            let refused = try RawPeer(connectingTo: socket)
            refused.send(sample.header)
            try strict.waitForError(containing: "refused a connection from uid 0: only your own uid (65534) and --allow-uid may stream here")
            #expect(!strict.stdout.contains("session started"))
            try Live.stop(strict, with: SIGINT)

            let allowing = try Live.listen(socket, ["--allow-uid", "0"], via: asNobody)
            let allowed = try RawPeer(connectingTo: socket)
            allowed.send(sample.header + sample.chunk)
            try allowing.waitForOutput(containing: "session started")
            try Live.stop(allowing, with: SIGINT)
        }

        private static func sampleTrace(in directory: TemporaryDirectory) throws -> TraceBytes {
            let path = directory.path("sample.sstrace")
            let app = try RunningProcess(product: "live-app-fixture", ["sample", "--file", path])
            try Live.record(app, 3, endingAt: 3)
            _ = try Live.close(app)
            return try TraceBytes(path: path)
        }
    }
}
