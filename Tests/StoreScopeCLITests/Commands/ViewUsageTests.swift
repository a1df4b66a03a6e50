import Foundation
import StoreScopeTestSupport
import Testing

/// `storescope view` speaks for itself when its arguments are wrong, also in line mode
/// (issue 19, item 16).
@Suite("storescope view usage errors", .tags(.process))
struct ViewUsageTests {
    @Test("view FILE with a bad filter, without a terminal, prints view's usage, not log's, exit 64")
    func badFilterIsViewsUsageError() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("small.sstrace")
        try SmallTrace.write([SmallTrace.action(1, "x")], to: path)
        let run = try ChildProcess.storescope(["view", path, "colour:x"])
        #expect(run.status == 64)
        #expect(run.stdout == "")
        #expect(run.stderr == """
            Error: invalid filter at column 1: unknown field 'colour' (known: action, store, path, effect, outcome, seq, time, reducer, mark, text)
              colour:x
              ^
            Usage: storescope view [options] [FILE] [FILTER]
            See 'storescope view --help'.

            """)
    }

    @Test("view --listen with a bad filter, without a terminal, is a usage error before it listens")
    func badFilterWithListen() throws {
        let directory = try TemporaryDirectory()
        let run = try ChildProcess.storescope(["view", "--listen", directory.path("live.sock"), "seq:9..3"])
        #expect(run.status == 64)
        #expect(run.stderr.hasPrefix("Error: invalid filter at column 5: the range 9..3 is empty"), "\(run.stderr)")
        #expect(run.stderr.hasSuffix("See 'storescope view --help'.\n"))
        #expect(!FileManager.default.fileExists(atPath: directory.path("live.sock")))
    }
}
