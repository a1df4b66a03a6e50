import Foundation
import StoreScopeTestSupport
import Testing
import TraceFormat

/// `storescope mcp`'s `test` and `compare` tools on traces larger than one answer: the pages
/// put together are what `storescope test` writes; a comparison past the budget leaves the
/// states out.
@Suite("storescope mcp: the test and compare tools", .tags(.process))
struct MCPTestToolTests {
    @Test("test: the source a page of lines at a time, each within the budget, together the file storescope test writes")
    func testSourcePages() throws {
        let directory = try TemporaryDirectory()
        let trace = directory.path("long.sstrace")
        try SmallTrace.ticks(800, note: String(repeating: "n", count: 40), to: trace)
        let options: [String: Any] = ["module": "App", "reducer": "reduce", "state": "App.State", "action": "App.Action", "from": 5]
        let pages = try MCPConversation.pages(traces: [trace], "test", options)
        var source = ""
        for page in pages {
            #expect(page.answer["firstLine"] as? Int == source.filter { $0 == "\n" }.count)
            let lines = try #require(page.answer["source"] as? String)
            #expect(lines.utf8.count + page.text.utf8.count <= 20_000 + 400, "\(lines.utf8.count) + \(page.text.utf8.count)")
            source += lines
        }
        #expect(pages.count > 2)
        let last = try #require(pages.last?.answer)
        let output = directory.path("MainReplayTests.swift")
        let cli = try ChildProcess.storescope(["test", trace, "--module", "App", "--reducer", "reduce", "--state", "App.State", "--action", "App.Action", "--from", "5", "--output", output])
        #expect(cli.status == 0, "\(cli.stderr)")
        #expect(source == (try String(contentsOfFile: output, encoding: .utf8)))
        #expect(last["actions"] as? Int == 796)
        #expect(last["command"] as? String == "storescope test \(trace) --module App --reducer reduce --from 5 --state App.State --action App.Action --output MainReplayTests.swift")
    }

    @Test("test: a range longer than the bound, a bad output or a type the trace cannot name is a tool error")
    func testBounds() throws {
        let directory = try TemporaryDirectory()
        let trace = directory.path("long.sstrace")
        try SmallTrace.ticks(5_001, to: trace)
        let talk = try MCPConversation(traces: [trace], messages: [
            MCPConversation.call(1, "test", ["module": "App", "reducer": "r", "state": "S", "action": "A"]),
            MCPConversation.call(2, "test", ["module": "App", "reducer": "r", "state": "S", "action": "A", "from": 1, "to": 5_001]),
            MCPConversation.call(3, "test", ["module": "App", "reducer": "r", "state": "S", "action": "A", "output": "../x.swift"]),
            MCPConversation.call(4, "test", ["module": "App", "reducer": "r", "to": 3]),
            MCPConversation.call(5, "test", ["module": "App", "reducer": "r", "state": "S", "action": "A", "from": "x"]),
            MCPConversation.call(6, "test", ["module": "App", "reducer": "r", "state": "S", "action": "A", "from": 2, "to": 4]),
        ])
        #expect(talk.outcome.status == 0, "\(talk.outcome.stderr)")
        #expect(try talk.toolError(1).contains("has more than 5000 actions from #0 on: narrow the range with from and to"))
        #expect(try talk.toolError(2).contains("more than 5000 actions from #1 to #5001"))
        #expect(try talk.toolError(3).contains("'output' is a file name"))
        #expect(try talk.toolError(4).contains("as Swift names a type nested in another"))
        #expect(try talk.toolError(5).contains("'from' must be an action's seq"))
        #expect(try talk.structured(6)["actions"] as? Int == 3)
    }

    @Test("compare: two sessions whose states differ beyond the budget: the states left out, the difference cut, the rest as the CLI says")
    func compareBounded() throws {
        let directory = try TemporaryDirectory()
        let (a, b) = (directory.path("a.sstrace"), directory.path("b.sstrace"))
        for (path, tag) in [(a, "a"), (b, "b")] {
            let rows = TraceValue.array((0..<2_000).map { .string("\(tag) row \($0)") })
            try SmallTrace.write([
                .keyframe(Keyframe(seq: 0, store: "main", state: .structure(type: "State", fields: [.init("rows", .array([]))]))),
                SmallTrace.action(1, "load"),
                .patch(StatePatch(seq: 1, store: "main", operations: [.set(path: [.field("rows")], value: rows)])),
            ], to: path)
        }
        let talk = try MCPConversation(traces: [a, b], messages: [MCPConversation.call(1, "compare", ["a": "a.sstrace", "b": "b.sstrace"])])
        let answer = try talk.structured(1)
        let text = try #require((try talk.result(1)["content"] as? [[String: Any]])?.first?["text"] as? String)
        let comparison = try #require(answer["comparison"] as? [String: Any])
        let size = try JSONSerialization.data(withJSONObject: comparison).count
        #expect(size + text.utf8.count <= 20_000 + 1_000, "\(size) + \(text.utf8.count)")
        #expect((answer["omitted"] as? String)?.contains("ask state_at or diff") == true)
        #expect((comparison["diff"] as? String)?.contains("more lines of difference left out") == true)
        #expect((comparison["a"] as? [String: Any])?["state"] == nil)
        let cli = try jsonLines(try ChildProcess.storescope(["compare", a, b, "--json"]).stdout)[0]
        for key in ["equal", "divergence", "seq", "actionsCompared"] { #expect(sameJSON(comparison[key] as Any, cli[key] as Any), "\(key)") }
        #expect(text.hasPrefix("diverge at #1: Action.load left different states in main"), "\(text.prefix(200))")
    }
}
