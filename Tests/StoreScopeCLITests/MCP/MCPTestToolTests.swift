import Foundation
import StoreScopeTestSupport
import Testing
import TraceFormat

/// `storescope mcp`'s `test` and `compare` tools on traces larger than one answer: the pages
/// put together are what `storescope test` writes; a comparison past the budget leaves the
/// states out.
@Suite("storescope mcp: the test and compare tools")
struct MCPTestToolTests {
    /// A trace of `count` actions of store "main", each setting `.count` (and `.notes` to
    /// `notes(seq)` when given).
    static func longTrace(_ path: String, count: UInt64, note: String = "") throws {
        var records: [Record] = [.keyframe(Keyframe(seq: 0, store: "main", state: .structure(type: "State", fields: [.init("count", .int(0))])))]
        for seq in UInt64(1)...count {
            records.append(SmallTrace.action(seq, "tick", [.init("note", .string(note))]))
            records.append(.patch(StatePatch(seq: seq, store: "main", operations: [.set(path: [.field("count")], value: .int(Int64(seq)))])))
        }
        try SmallTrace.write(records, to: path)
    }

    @Test("test: the source a page of lines at a time, each within the budget, together the file storescope test writes")
    func testSourcePages() throws {
        let directory = try TemporaryDirectory()
        let trace = directory.path("long.sstrace")
        try Self.longTrace(trace, count: 800, note: String(repeating: "n", count: 40))
        let options: [String: Any] = ["module": "App", "reducer": "reduce", "state": "App.State", "action": "App.Action", "from": 5]
        var source = "", cursor: String?, pages = 0
        var last: [String: Any] = [:]
        repeat {
            var arguments = options
            if let cursor { arguments["cursor"] = cursor }
            let talk = try MCPConversation(traces: [trace], messages: [MCPConversation.call(1, "test", arguments)])
            last = try talk.structured(1)
            #expect(last["firstLine"] as? Int == source.filter { $0 == "\n" }.count)
            let page = try #require(last["source"] as? String)
            let text = try #require((try talk.result(1)["content"] as? [[String: Any]])?.first?["text"] as? String)
            #expect(page.utf8.count + text.utf8.count <= 20_000 + 400, "\(page.utf8.count) + \(text.utf8.count)")
            source += page
            cursor = last["nextCursor"] as? String
            pages += 1
        } while cursor != nil && pages < 50
        #expect(pages > 2)
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
        try Self.longTrace(trace, count: 5_001)
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
        #expect(try talk.toolError(4).contains("without the type it is nested in"))
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
