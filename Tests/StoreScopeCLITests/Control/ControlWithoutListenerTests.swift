import Foundation
import StoreScopeTestSupport
import Testing

/// `storescope control` when no listener runs: the message names that, not a directory problem.
@Suite("storescope control without a listener")
struct ControlWithoutListenerTests {
    /// An outside review: with no listener ever started, the error said the socket's directory
    /// "is not a private directory of yours (missing)".
    @Test("a socket whose directory does not exist is answered 'no listener', with how to start one", arguments: [["sessions"], ["pause"]])
    func noListenerDirectory(command: [String]) throws {
        let directory = try TemporaryDirectory()
        let socket = directory.path("never-made/scope.sock")
        let outcome = try InProcess.storescope(["control"] + command + ["--socket", socket])
        #expect(outcome.status == 1)
        #expect(outcome.stdout.isEmpty)
        #expect(outcome.stderr == "Error: no listener at \(socket): \(directory.path("never-made")) does not exist (start one with storescope listen); nothing sent\n")
    }

    @Test("a socket directory open to others is still refused as not private, before anything is sent")
    func openDirectoryIsStillRefused() throws {
        let directory = try TemporaryDirectory()
        let open = directory.path("open")
        try FileManager.default.createDirectory(atPath: open, withIntermediateDirectories: false)
        #expect(chmod(open, 0o777) == 0)
        let outcome = try InProcess.storescope(["control", "sessions", "--socket", open + "/scope.sock"])
        #expect(outcome.status == 1)
        #expect(outcome.stderr.hasPrefix("Error: \(open) is not a private directory of yours ("), "\(outcome.stderr)")
    }
}
