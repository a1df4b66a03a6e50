import Foundation
import StoreScopeTestSupport
import Testing
import TraceFormat

/// One rule for every command's exit status (issue 19, item 23): 0 for a trace read whole and
/// a yes, 1 for a damaged or unclosed trace or a no, 2 unreadable, 64 usage.
@Suite("One exit status rule")
struct ExitRuleTests {
    /// Every command that reads one trace, with the arguments it needs.
    static func commands(_ path: String) -> [[String]] {
        [
            ["check", path], ["cat", path], ["log", path], ["state", path, "--at", "5"], ["diff", path, "--from", "1", "--to", "5"],
            ["blame", path, ".total"], ["effects", path], ["stats", path], ["export", "--format", "chrome-trace", path],
            ["export", path], ["compare", path, path],
            ["test", path, "--module", "Checkout", "--reducer", "reduce", "--output", (path as NSString).deletingLastPathComponent + "/CutReplayTests.swift"],
        ]
    }

    /// The checkout session in small chunks, cut at the end of its last chunk: every record is
    /// there, the footer index is not (the app stopped without `close()` between chunks).
    static func cutAtAChunkBoundary(in directory: TemporaryDirectory) throws -> String {
        let path = directory.path("cut.sstrace")
        let chunks = try CheckoutTrace.write(to: path, chunkSize: 200)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.truncate(atOffset: UInt64(try #require(chunks.last).endOffset))
        try handle.close()
        return path
    }

    @Test("a trace cut at a chunk boundary exits 1 from every command, which says it was not closed cleanly")
    func cutAtChunkBoundaryIsOneEverywhere() throws {
        let directory = try TemporaryDirectory()
        let path = try Self.cutAtAChunkBoundary(in: directory)
        for arguments in Self.commands(path) {
            let run = try InProcess.storescope(arguments)
            let command = arguments.joined(separator: " ")
            #expect(run.status == 1, "storescope \(command): \(run.status)\n\(run.stderr)")
            #expect(!run.stdout.isEmpty, "storescope \(command) answers from the complete chunks")
            if arguments[0] == "check" {
                #expect(run.stdout.contains("status:    damaged but readable\n"))
            } else if arguments[0] == "compare" {
                #expect(run.stderr.contains("warning: A (\(path)): the session was not closed cleanly (no footer index): answered from every complete chunk\n"), "\(run.stderr)")
                #expect(run.stderr.contains("warning: B (\(path)): the session was not closed cleanly (no footer index): answered from every complete chunk\n"), "\(run.stderr)")
            } else {
                #expect(run.stderr.contains("warning: the session was not closed cleanly (no footer index): answered from every complete chunk\n"), "storescope \(command): \(run.stderr)")
            }
        }
    }

    @Test("log exits as grep does: 0 when an action matched, 1 when none did")
    func logIsLikeGrep() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("checkout.sstrace")
        try CheckoutTrace.write(to: path)
        let match = try InProcess.storescope(["log", path, "action:login"])
        #expect(match.status == 0, "\(match.stderr)")
        #expect(match.stdout.contains("#4 session action"))
        let none = try InProcess.storescope(["log", path, "action:nothing*"])
        #expect(none.status == 1)
        #expect(none.stdout == "")
        #expect(none.stderr == "")
        let help = try InProcess.storescope(["log", "--help"])
        #expect(help.stdout.contains("or when no action matches (as grep does)"))
    }

    @Test("effects --running exits 1 when effects are still running, 0 when none are; effects alone exits 0")
    func runningEffectsFailACIJob() throws {
        let directory = try TemporaryDirectory()
        let leaking = directory.path("checkout.sstrace")
        try CheckoutTrace.write(to: leaking)
        let running = try InProcess.storescope(["effects", "--running", leaking])
        #expect(running.status == 1)
        #expect(running.stdout.hasPrefix("effect 3 \"poll\" in cart, started by #6"))
        #expect(try InProcess.storescope(["effects", leaking]).status == 0)

        let clean = directory.path("no-effects.sstrace")
        try SmallTrace.write([SmallTrace.action(1, "x")], to: clean)
        let none = try InProcess.storescope(["effects", "--running", clean])
        #expect(none.status == 0, "\(none.stderr)")
        #expect(none.stdout == "0 of 0 effects shown\n" || none.stdout.hasSuffix("\n"))
    }

    @Test("state defaults to --at end and diff to --from start")
    func stateAndDiffDefaults() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("checkout.sstrace")
        try CheckoutTrace.write(to: path)
        let state = try InProcess.storescope(["state", path])
        #expect(state.status == 0, "\(state.stderr)")
        #expect(state.stdout == (try InProcess.storescope(["state", path, "--at", "end"])).stdout)
        #expect(state.stdout.hasPrefix("cart after #9:\n"))
        let diff = try InProcess.storescope(["diff", path])
        #expect(diff.status == 0, "\(diff.stderr)")
        #expect(diff.stdout == (try InProcess.storescope(["diff", path, "--from", "start", "--to", "end"])).stdout)
        #expect(diff.stdout.hasPrefix("cart from #0 to #9:\n"))
    }

    @Test("every command's help states the same rule", arguments: ["check", "cat", "log", "state", "diff", "blame", "effects", "stats", "export", "compare"])
    func helpStatesTheRule(command: String) throws {
        let help = try InProcess.storescope([command, "--help"])
        let words = help.stdout.replacing("\n", with: " ")
        #expect(words.contains("Exit status: 0 when the trace was read whole and the answer is complete; 1 when the trace is damaged or was not closed cleanly"), "\(help.stdout)")
        #expect(words.contains("2 when a file cannot be read; 64 for a usage error."), "\(help.stdout)")
    }
}
