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
    /// Control clients count against the listener's `--memory-budget` (issue 44, item 6): a
    /// thousand slow clients each holding a request of up to 1 MiB took 898 MiB.
    @Suite("control clients within the listener's memory budget")
    struct ControlClientBudgetTests {
        /// The reply line a client got, waiting at most `seconds`.
        static func reply(of peer: RawPeer, seconds: Double = 10) -> String {
            var bytes: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 4096)
            let deadline = Date().addingTimeInterval(seconds)
            while Date() < deadline, !bytes.contains(UInt8(ascii: "\n")) {
                guard Syscalls.waitForInput([peer.fd], milliseconds: 100).first == true else { continue }
                let count = buffer.withUnsafeMutableBytes { recv(peer.fd, $0.baseAddress, $0.count, 0) }
                guard count > 0 else { break }
                bytes += buffer[0..<count]
            }
            return String(decoding: bytes, as: UTF8.self)
        }

        @Test("clients whose unfinished requests would take more than the budget are answered and let go; the first ones, within it, are kept")
        func slowClientsWithinTheBudget() throws {
            let directory = try TemporaryDirectory()
            let socket = directory.path("run/scope.sock")
            let listener = try Live.listen(socket, ["--lines", "--memory-budget", "1"])
            // Five requests of 300 KB each that never end their line: 1.5 MB against 1 MiB.
            let request = ControlRequest.magic + [ControlRequest.version] + Array(repeating: UInt8(ascii: " "), count: 300_000)
            var peers: [RawPeer] = []
            for _ in 0..<5 {
                let peer = try RawPeer(connectingTo: socket)
                peer.send(request)
                peers.append(peer)
                Thread.sleep(forTimeInterval: 0.1)
            }
            let replies = peers.map { Self.reply(of: $0, seconds: 2) }
            // Three fit and are kept (no reply: their requests are still open), two are refused.
            // Which three is the order the listener read them in: the connections are made 0.1 s
            // apart, but on a loaded machine the listener may take in a later one's bytes first.
            let refused = replies.filter { $0.contains("the listener's memory budget (1048576 bytes, --memory-budget) is taken") }
            let kept = replies.filter(\.isEmpty)
            #expect(kept.count == 3, "three fit: \(replies)")
            #expect(refused.count == 2, "\(replies)")
            try Live.stop(listener)
        }
    }
}
