import Foundation
import StoreScopeTestSupport
import Testing
import TraceAnalysis
import TraceFormat

extension LiveProcessTests {
    /// The listener at the edges of what the system gives it.
    @Suite("storescope listen: resource limits")
    struct ListenResourceTests {
        @Test("out of file descriptors, the listener waits instead of spinning, says so once per episode, and accepts again once descriptors free up", .enabled(if: hasProcFileSystem, "reads the listener's CPU time and peak memory from /proc (Linux)"))
        func descriptorLimitBacksOff() throws {
            let directory = try TemporaryDirectory()
            let socket = directory.path("run/scope.sock")
            let limited = ["/bin/sh", "-c", "ulimit -n 64 && exec \"$0\" \"$@\""]
            let listener = try Live.listen(socket, ["--lines"], via: limited)
            var idle: [RawPeer] = []
            for _ in 0..<100 { idle.append(try RawPeer(connectingTo: socket)) }
            try listener.waitForError(containing: "cannot accept connections: Too many open files")
            Thread.sleep(forTimeInterval: 2)
            let during = listener.stderr
            #expect(during.components(separatedBy: "Too many open files").count == 2, "said once: \(during.prefix(2_000))")
            // A spinning listener uses its core; a waiting one almost none.
            let cpu = try Self.cpuSeconds(of: listener.pid)
            #expect(cpu < 1.0, "the listener used \(cpu) s of CPU while out of descriptors")

            idle.removeAll()
            let app = try Live.app("after", socket: socket)
            try Live.record(app, 5, endingAt: 5)
            try listener.waitForOutput(containing: " #5 main action")
            _ = try Live.close(app)
            #expect(listener.stderr.contains("accepting connections again"), "\(listener.stderr.suffix(500))")
            try Live.stop(listener, with: SIGINT)
        }

        @Test("peers that each declare a 60 MiB chunk and send most of it hold no more than --memory-budget together: those past it lose their own connection with a message, an honest app streams on", .enabled(if: hasProcFileSystem, "reads the listener's CPU time and peak memory from /proc (Linux)"))
        func greedyPeersStayWithinTheBudget() throws {
            let directory = try TemporaryDirectory()
            let socket = directory.path("run/scope.sock")
            let listener = try Live.listen(socket, record: directory.path("sessions"), ["--lines", "--memory-budget", "128"])
            let app = try Live.app("honest", socket: socket)
            try Live.record(app, 10, endingAt: 10)
            try listener.waitForOutput(containing: " #10 main action")
            let sample = try Self.sampleTrace(in: directory)
            var declared = Array(sample.chunk.prefix(60))
            let size = UInt32(60 << 20)
            declared.replaceSubrange(8..<12, with: withUnsafeBytes(of: size.littleEndian, Array.init))
            declared.replaceSubrange(56..<60, with: withUnsafeBytes(of: crc32(declared[0..<56]).littleEndian, Array.init))
            let body = [UInt8](repeating: 0x55, count: Int(size) - 4096)
            var peers: [RawPeer] = []
            for _ in 0..<6 {
                let peer = try RawPeer(connectingTo: socket)
                peer.send(sample.header + declared + body)
                peers.append(peer)
            }
            try listener.waitForError("the peers past the budget") { $0.components(separatedBy: "memory budget").count >= 5 }
            try Live.record(app, 10, endingAt: 20)
            try listener.waitForOutput(containing: " #20 main action")
            let peak = try Self.peakResidentMebibytes(of: listener.pid)
            // Six peers would hold 360 MiB; two fit in 128 MiB.
            #expect(peak < 128 + 100, "the listener's peak RSS was \(peak) MiB")
            #expect(listener.stderr.contains("more than the"), "\(listener.stderr)")
            peers.removeAll()
            let journal = try Live.close(app)
            try listener.waitForOutput(containing: "[honest/") 
            try Live.stop(listener, with: SIGINT)
            let honest = try #require(Live.recordings(in: directory.path("sessions")).first { $0.contains("/honest-") })
            #expect(Live.verify(journal, against: try Live.records(honest)).received == 20)
        }

        @Test("decode bombs (a few KB that decode to 600,000 values each) from four peers at once are decoded a budget's worth at a time: every session arrives whole and the listener stays within --memory-budget", .enabled(if: hasProcFileSystem, "reads the listener's CPU time and peak memory from /proc (Linux)"))
        func decodeBombsAreTakenInParts() throws {
            let directory = try TemporaryDirectory()
            let socket = directory.path("run/scope.sock")
            let listener = try Live.listen(socket, ["--lines", "--memory-budget", "100"])
            let bomb = try Self.bombTrace(in: directory)
            #expect(bomb.count < 64 * 1024, "a bomb is small: \(bomb.count) bytes")
            var peers: [RawPeer] = []
            for _ in 0..<4 {
                let peer = try RawPeer(connectingTo: socket)
                peer.send(bomb)
                peers.append(peer)
            }
            // A debug build decodes and prints a bomb in about half a second.
            try listener.waitForOutput("four sessions closed", timeout: .seconds(90)) { $0.components(separatedBy: "app closed the session").count == 5 }
            let peak = try Self.peakResidentMebibytes(of: listener.pid)
            // Each bomb holds about 25 MiB decoded; the 12 of them at once, 300 MiB.
            #expect(peak < 100 + 60, "the listener's peak RSS was \(peak) MiB")
            #expect(!listener.stderr.contains("disconnected"), "\(listener.stderr)")
            try Live.stop(listener, with: SIGINT)
        }

        /// A session of three chunks, each a keyframe of 600,000 zeros (a few KB compressed).
        private static func bombTrace(in directory: TemporaryDirectory) throws -> [UInt8] {
            let path = directory.path("bomb.sstrace")
            let writer = try TraceWriter(path: path, header: SmallTrace.header)
            let zeros = TraceValue.array(Array(repeating: .int(0), count: 600_000))
            for _ in 0..<3 {
                try writer.append(.keyframe(Keyframe(seq: 0, store: "main", state: zeros)))
                try writer.flush()
            }
            try writer.append(.sessionEnded(SessionEnded(monotonicNanos: 1, wallNanos: 1)))
            try writer.close()
            return Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        }

        private static func sampleTrace(in directory: TemporaryDirectory) throws -> TraceBytes {
            let path = directory.path("sample.sstrace")
            let app = try RunningProcess(product: "live-app-fixture", ["sample", "--file", path])
            try Live.record(app, 3, endingAt: 3)
            _ = try Live.close(app)
            return try TraceBytes(path: path)
        }

        /// The most memory a process has held (VmHWM), from /proc (the tests run on Linux only).
        private static func peakResidentMebibytes(of pid: Int32) throws -> Int {
            #if os(Linux)
            let status = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
            let line = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") } ?? ""
            return (Int(line.split(separator: " ")[1]) ?? 0) / 1024
            #else
            throw CocoaError(.featureUnsupported)
            #endif
        }

        /// User plus system CPU time of a process, from /proc.
        private static func cpuSeconds(of pid: Int32) throws -> Double {
            #if os(Linux)
            let stat = try String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)
            let fields = stat.split(separator: ")").last!.split(separator: " ")
            // After the command: state is field 3, utime 14 and stime 15 (1-based in proc(5)).
            let ticks = (Double(fields[11]) ?? 0) + (Double(fields[12]) ?? 0)
            return ticks / Double(sysconf(Int32(_SC_CLK_TCK)))
            #else
            throw CocoaError(.featureUnsupported)
            #endif
        }
    }
}
