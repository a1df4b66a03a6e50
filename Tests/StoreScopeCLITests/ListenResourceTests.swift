import Foundation
import StoreScopeTestSupport
import Testing
import TraceAnalysis
import TraceFormat

extension LiveProcessTests {
    /// The listener at the edges of what the system gives it.
    @Suite("storescope listen: resource limits")
    struct ListenResourceTests {
        @Test("out of file descriptors, the listener waits instead of spinning, says so once per episode, and accepts again once descriptors free up")
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

        /// User plus system CPU time of a process, from /proc.
        private static func cpuSeconds(of pid: Int32) throws -> Double {
            let stat = try String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)
            let fields = stat.split(separator: ")").last!.split(separator: " ")
            // After the command: state is field 3, utime 14 and stime 15 (1-based in proc(5)).
            let ticks = (Double(fields[11]) ?? 0) + (Double(fields[12]) ?? 0)
            return ticks / Double(sysconf(Int32(_SC_CLK_TCK)))
        }
    }
}
