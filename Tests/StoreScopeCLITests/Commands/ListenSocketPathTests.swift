import Foundation
import StoreScopeTestSupport
import Testing

/// The socket operand of `listen` and `view --listen`.
@Suite("storescope listen: the socket path")
struct ListenSocketPathTests {
    /// An outside review: `view T.sstrace --listen` took the trace as the socket and answered
    /// that the trace's folder was open to other users.
    @Test("a regular file given as the socket is a usage error that says how to read it, and is left as it was", arguments: [["listen"], ["view", "--listen"]])
    func regularFileIsNotASocket(command: [String]) throws {
        let directory = try TemporaryDirectory()
        let trace = directory.path("search.sstrace")
        let before = try Data(contentsOf: URL(fileURLWithPath: try AnalysisCommandTests.fixture("search")))
        try before.write(to: URL(fileURLWithPath: trace))
        let outcome = try InProcess.storescope(command + [trace])
        #expect(outcome.status == 64, "\(outcome.stderr)")
        #expect(outcome.stderr.hasPrefix(
            "Error: \(trace) is a file, not a socket to listen at (to read a trace: storescope view \(trace))\n"), "\(outcome.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: trace)) == before)
    }
}
