import Foundation
import StoreScopeTestSupport
import StoreScopeSamples
import Testing

/// End-to-end tests of `storescope demo`, running the built binary.
@Suite("storescope demo", .tags(.process))
struct DemoCommandTests {
    @Test("demo records a clean trace, names the file, and shows actions and a cancelled and a failed effect")
    func demoRecordsAndShowsTheSession() throws {
        let directory = try TemporaryDirectory()
        let trace = directory.path("demo.sstrace")

        let demo = try ChildProcess.storescope(["demo", "--output", trace])
        #expect(demo.status == 0, "stderr: \(demo.stderr)")
        #expect(demo.stderr.isEmpty)
        #expect(demo.stdout.contains("Recorded to \(trace)\n"))
        #expect(demo.stdout.contains("#1 search action SearchAction.search(query: \"sw\")"), "a lone action names its type")
        #expect(demo.stdout.contains("from effect 2"), "an emitted action names its effect")
        // Each effect reads as `storescope effects` prints it.
        let effectLines: [String] = demo.stdout.split(separator: "\n").filter { $0.hasPrefix("  effect ") }.map { String($0.dropFirst(2)) }
        let effects = try ChildProcess.storescope(["effects", trace])
        let printed: [String] = effects.stdout.split(separator: "\n").dropLast().map(String.init)
        #expect(effectLines == printed)
        #expect(effectLines.first?.hasPrefix("effect 1 \"SearchMiddleware\" in search, started by #1 at +") == true, "\(effectLines)")
        #expect(effectLines.first?.contains(", cancelled after ") == true)
        #expect(effectLines.contains { $0.contains("started by #4 at +") && $0.contains(", FAILED after ") })
        #expect(demo.stdout.contains(": 403 rate limit exceeded\n"))
        #expect(demo.stdout.contains("search after #6: SearchState(query: \"nio\", repos: [Repo(id: 2, name: \"apple/swift-nio\", stars: 8000)], isLoading: false)"))
        #expect(demo.stdout.contains("Summary: 6 actions; 6 effects: 4 finished, 1 cancelled, 1 failed, 0 open;"))

        let check = try ChildProcess.storescope(["check", trace])
        #expect(check.status == 0, "check says: \(check.stdout)\(check.stderr)")
        #expect(check.stdout.contains("status:    clean"))
    }

    @Test("demo with an unknown sample exits 64 with a one-line reason on standard error")
    func unknownSampleIsAUsageError() throws {
        let demo = try ChildProcess.storescope(["demo", "--sample", "nonexistent"])
        #expect(demo.status == 64)
        #expect(demo.stdout.isEmpty)
        let firstLine = demo.stderr.split(separator: "\n").first.map(String.init)
        #expect(firstLine == "Error: unknown sample 'nonexistent' (available: notes, todos, users, login, search)")
    }

    @Test("demo runs every sample to a clean trace with a cancelled and a failed effect", arguments: Samples.names)
    func everySampleRuns(name: String) throws {
        let directory = try TemporaryDirectory()
        let trace = directory.path("\(name).sstrace")
        let demo = try ChildProcess.storescope(["demo", "--sample", name, "--output", trace, "--json"])
        #expect(demo.status == 0, "stderr: \(demo.stderr)")
        #expect(demo.stdout.hasPrefix("{\"sample\":\"\(name)\",\"file\":\"\(trace)\","))
        #expect(demo.stdout.contains("\"cancelled\":1,"))
        #expect(demo.stdout.contains("\"open\":0}"))
        #expect(!demo.stdout.contains("\"failed\":0,"))
        #expect(try ChildProcess.storescope(["check", trace]).status == 0)
    }

    @Test("demo --list names every sample and marks the default")
    func listNamesTheSamples() throws {
        let list = try ChildProcess.storescope(["demo", "--list"])
        #expect(list.status == 0)
        let names = list.stdout.split(separator: "\n").map { $0.split(separator: " ").first.map(String.init) ?? "" }
        #expect(names == Samples.names)
        #expect(list.stdout.contains("(default)"))
    }
}
