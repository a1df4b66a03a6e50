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

/// `--record` given something that is not a folder.
@Suite("storescope listen --record: a file given as the folder")
struct RecordFileTests {
    /// An outside review: a trace given to --record was answered with a folder inside it to
    /// try instead, and a word on symbolic links.
    @Test("a file given to --record is said to be a file, and the folder suggested is beside it", arguments: [["listen"], ["view", "--listen"]])
    func fileIsNotAFolder(command: [String]) throws {
        let directory = try TemporaryDirectory()
        let file = directory.path("search.sstrace")
        try Data("not a folder".utf8).write(to: URL(fileURLWithPath: file))
        let outcome = try InProcess.storescope(command + [directory.path("run/scope.sock"), "--record", file])
        #expect(outcome.status == 2, "\(outcome.stderr)")
        #expect(outcome.stderr == """
            Error: refusing to record sessions in \(file): it is a file, not a directory; give --record a private directory of your own, \
            e.g. --record \(directory.path("storescope-sessions")) (created 0700)

            """, "\(outcome.stderr)")
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "not a folder")
    }
}
