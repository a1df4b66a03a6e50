import Foundation
import StoreScopeTestSupport
import Testing
import TraceFormat

/// `storescope log` with a filter nested beyond reason: a usage error with a caret, exit 64,
/// not a crash (issue 19, item 2).
@Suite("Filter depth on the command line")
struct FilterDepthCommandTests {
    @Test("log with 2,000 nested parentheses or 3,000 nots exits 64 with a caret at the column", arguments: [
        (String(repeating: "(", count: 2000) + "action:x" + String(repeating: ")", count: 2000), 101,
         "  …" + String(repeating: "(", count: 72) + "…\n" + String(repeating: " ", count: 27) + "^\n"),
        (String(repeating: "not ", count: 3000) + "action:x", 401,
         "  …" + String(repeating: "not ", count: 18) + "…\n" + String(repeating: " ", count: 27) + "^\n"),
    ])
    func deepFilterIsAUsageError(filter: String, column: Int, pointer: String) throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("small.sstrace")
        try SmallTrace.write([SmallTrace.action(1, "x")], to: path)
        let run = try InProcess.storescope(["log", path, filter])
        #expect(run.status == 64, "stderr: \(run.stderr.prefix(2000))")
        #expect(run.stdout == "")
        #expect(run.stderr.hasPrefix("Error: invalid filter at column \(column): the filter nests deeper than 100 levels of '(' and 'not'\n"))
        #expect(run.stderr.hasSuffix("Usage: storescope log [options] FILE [FILTER]\nSee 'storescope log --help'.\n"))
        #expect(run.stderr.contains("\n" + pointer + "Usage:"), "stderr: \(run.stderr.prefix(2000))")
    }
}

/// `storescope log` with `!`, `&&`, `||` written without spaces (issue 19, item 6).
@Suite("Filter operators on the command line", .tags(.process))
struct FilterOperatorsCommandTests {
    @Test("log '!action:add' and 'action:add&&seq:2' select what their spaced forms select", arguments: [
        ("!action:add", "not action:add", "3\n4\n5\n6\n"),
        ("action:add&&seq:2", "action:add and seq:2", "2\n"),
        ("action:login||action:checkout", "action:login or action:checkout", "4\n6\n"),
    ])
    func operatorsWithoutSpaces(compact: String, spaced: String, seqs: String) throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("checkout.sstrace")
        try CheckoutTrace.write(to: path)
        let run = try InProcess.storescope(["log", path, compact, "--json"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try Analysis.jq([".seq"], input: run.stdout).stdout == seqs)
        #expect(run.stdout == (try InProcess.storescope(["log", path, spaced, "--json"])).stdout)
    }
}
