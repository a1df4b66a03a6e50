import Foundation
import StoreScopeTestSupport
import Testing
import TraceFormat

/// End-to-end tests of `storescope mcp`: the real binary over pipes, its answers checked
/// against what the CLI prints for the same question.
@Suite("storescope mcp", .tags(.process))
struct MCPCommandTests {
    @Test("tools answer what the CLI prints: log, state, diff, blame, effects, stats")
    func answersAsTheCLI() throws {
        let directory = try TemporaryDirectory()
        let trace = directory.path("checkout.sstrace")
        try CheckoutTrace.write(to: trace)
        let talk = try MCPConversation(traces: [trace], messages: [
            MCPConversation.initialize, MCPConversation.initialized,
            MCPConversation.request(1, "tools/list"),
            MCPConversation.call(2, "query_actions", ["filter": "store:cart"]),
            MCPConversation.call(3, "state_at", ["seq": 2, "store": "cart"]),
            MCPConversation.call(4, "diff", ["from": 1, "to": "end", "store": "cart"]),
            MCPConversation.call(5, "blame", ["path": ".total"]),
            MCPConversation.call(6, "effects"),
            MCPConversation.call(7, "stats"),
            MCPConversation.call(8, "list_sessions"),
            MCPConversation.request(9, "ping"),
        ])
        #expect(talk.outcome.status == 0, "stderr: \(talk.outcome.stderr)")
        #expect(talk.outcome.stderr.isEmpty)
        #expect(try talk.result(0)["protocolVersion"] as? String == "2025-11-25")
        let tools = try #require(try talk.result(1)["tools"] as? [[String: Any]])
        #expect(tools.compactMap { $0["name"] as? String } == ["list_sessions", "query_actions", "state_at", "diff", "blame", "effects", "stats", "compare", "test"])
        for tool in tools {
            #expect((tool["inputSchema"] as? [String: Any])?["type"] as? String == "object")
            #expect((tool["outputSchema"] as? [String: Any])?["type"] as? String == "object")
        }

        func cli(_ arguments: [String]) throws -> [[String: Any]] {
            let run = try ChildProcess.storescope(arguments + ["--json"])
            return try jsonLines(run.stdout)
        }
        let log = try cli(["log", trace, "store:cart"])
        #expect(!log.isEmpty)
        #expect(sameJSON(try talk.structured(2)["actions"] as Any, log))
        let state = try cli(["state", trace, "--at", "2", "--store", "cart"])[0]
        #expect(sameJSON(try talk.structured(3)["state"] as Any, state["state"] as Any))
        let diff = try cli(["diff", trace, "--from", "1", "--to", "end", "--store", "cart"])[0]
        #expect(sameJSON(try talk.structured(4)["ops"] as Any, diff["ops"] as Any))
        let blame = try cli(["blame", trace, ".total"])
        #expect(!blame.isEmpty)
        #expect(sameJSON(try talk.structured(5)["changes"] as Any, blame))
        // #5 was sent by effect 1 (loadPrices, started by #3): blame names it.
        #expect(blame.first { $0["seq"] as? Int == 5 }?["effect"] as? Int == 1)
        #expect(blame.first { $0["seq"] as? Int == 1 }?["effect"] == nil)
        #expect(sameJSON(try talk.structured(6)["effects"] as Any, try cli(["effects", trace])))
        #expect(sameJSON(try talk.structured(7)["rows"] as Any, try cli(["stats", trace])))
        let sessions = try #require(try talk.structured(8)["sessions"] as? [[String: Any]])
        #expect(sessions.first?["name"] as? String == "checkout.sstrace")
        #expect(sessions.first?["actions"] as? Int == 7)
        let stores = try #require(sessions.first?["stores"] as? [[String: Any]])
        #expect(Set(stores.compactMap { $0["name"] as? String }) == ["cart", "session"])
        #expect(try talk.result(9).isEmpty)
        // The text is the CLI's text.
        let stateText = try ChildProcess.storescope(["state", trace, "--at", "2", "--store", "cart"]).stdout
        let content = try #require(try talk.result(3)["content"] as? [[String: Any]])
        #expect(content.first?["text"] as? String == String(stateText.dropLast()))
    }

    @Test("bad input is a tool error the agent can read; the server keeps answering")
    func badInputIsAToolError() throws {
        let directory = try TemporaryDirectory()
        let trace = directory.path("checkout.sstrace")
        try CheckoutTrace.write(to: trace)
        let talk = try MCPConversation(traces: [trace, trace], messages: [
            MCPConversation.call(1, "stats"),
            MCPConversation.call(2, "stats", ["session": "nope"]),
            MCPConversation.call(3, "query_actions", ["session": "checkout.sstrace", "filter": "action:("]),
            MCPConversation.call(4, "state_at", ["session": "checkout.sstrace", "seq": 99]),
            MCPConversation.call(5, "state_at", ["session": "checkout.sstrace#2", "path": ".nothing", "store": "cart"]),
            MCPConversation.call(6, "effects", ["session": "checkout.sstrace", "failed": "yes"]),
            MCPConversation.call(7, "query_actions", ["session": "checkout.sstrace", "cursor": "x"]),
            MCPConversation.call(8, "blame", ["session": "checkout.sstrace", "path": ".items["]),
            MCPConversation.call(9, "list_sessions"),
        ])
        #expect(talk.outcome.status == 0, "stderr: \(talk.outcome.stderr)")
        #expect(try talk.toolError(1).contains("'session' is required when there are several: checkout.sstrace, checkout.sstrace#2"))
        #expect(try talk.toolError(2).contains("no session named 'nope'"))
        #expect(try talk.toolError(3).contains("invalid filter"))
        #expect(try talk.toolError(4) == "Error: #99 is past the last action of the trace (#9)")
        #expect(try talk.toolError(5).contains("has no .nothing"))
        #expect(try talk.toolError(6).contains("'failed' must be true or false"))
        #expect(try talk.toolError(7).contains("invalid cursor"))
        #expect(try talk.toolError(8).contains("invalid path"))
        #expect((try talk.structured(9)["sessions"] as? [Any])?.count == 2)
    }

    @Test("malformed messages get JSON-RPC errors; notifications no answer; a huge or deep line is refused")
    func protocolErrors() throws {
        let directory = try TemporaryDirectory()
        let trace = directory.path("checkout.sstrace")
        try CheckoutTrace.write(to: trace)
        let huge = #"{"jsonrpc":"2.0","id":90,"method":"ping","params":{"x":""# + String(repeating: "a", count: 2 << 20) + #""}}"#
        let deep = #"{"jsonrpc":"2.0","id":91,"method":"ping","params":{"x":"# + String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000) + "}}"
        // Deeper than the server reads (64), though Foundation's parser would take it.
        let nested = #"{"jsonrpc":"2.0","id":92,"method":"ping","params":{"x":"# + String(repeating: "[", count: 100) + String(repeating: "]", count: 100) + "}}"
        let talk = try MCPConversation(traces: [trace], messages: [
            "not json",
            huge,
            deep,
            nested,
            #"{"jsonrpc":"2.0","id":1,"method":"nope"}"#,
            #"{"jsonrpc":"1.0","id":2,"method":"ping"}"#,
            #"{"jsonrpc":"2.0","method":"notifications/initialized"}"#,
            #"{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"nope"}}"#,
            #"{"jsonrpc":"2.0","id":4,"method":"tools/list","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"1999-01-01"}}}"#,
            #"{"jsonrpc":"2.0","id":5,"method":"server/discover","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}}}"#,
            #"{"jsonrpc":"2.0","id":6,"method":"tools/list","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}}}"#,
            #"{"jsonrpc":"2.0","id":7,"method":"initialize","params":{"protocolVersion":"2024-11-05"}}"#,
            #"{"jsonrpc":"2.0","id":8,"method":"ping"}"#,
            #"{"jsonrpc":"2.0","id":9,"method":"initialize","params":{"protocolVersion":"2025-06-18"}}"#,
        ])
        #expect(talk.outcome.status == 0, "stderr: \(talk.outcome.stderr)")
        // "not json", the huge line and the deep ones: parse errors without an id.
        #expect(talk.anonymous.count == 4)
        #expect(talk.anonymous.allSatisfy { ($0["error"] as? [String: Any])?["code"] as? Int == -32700 })
        let messages = talk.anonymous.compactMap { ($0["error"] as? [String: Any])?["message"] as? String }
        #expect(messages.contains("Parse error: the message is larger than 1048576 bytes"))
        #expect(messages.filter { $0 == "Parse error: the message nests deeper than 64 levels" }.count == 2)
        #expect(talk.answers[90] == nil && talk.answers[91] == nil && talk.answers[92] == nil)
        #expect(talk.errorCode(1) == -32601)
        #expect(talk.errorCode(2) == -32600)
        #expect(talk.errorCode(3) == -32602)
        #expect(talk.errorCode(4) == -32022)
        let discover = try talk.result(5)
        #expect(discover["supportedVersions"] as? [String] == ["2026-07-28", "2025-11-25", "2025-06-18"])
        #expect(discover["resultType"] as? String == "complete")
        #expect(try talk.result(6)["resultType"] as? String == "complete")
        // An older revision than the server speaks: it answers with its newest handshake one.
        #expect(try talk.result(7)["protocolVersion"] as? String == "2025-11-25")
        #expect(try talk.result(8).isEmpty)
        // The previous handshake revision that has structured tool results is answered as asked.
        #expect(try talk.result(9)["protocolVersion"] as? String == "2025-06-18")
        #expect(talk.answers.count == 9)
    }

    @Test("a long trace is answered a page at a time: each page within the budget, the cursors cover every action once")
    func pagesAreBounded() throws {
        let directory = try TemporaryDirectory()
        let trace = directory.path("long.sstrace")
        let note = String(repeating: "n", count: 200)
        try SmallTrace.ticks(600, note: note, to: trace)
        let pages = try MCPConversation.pages(traces: [trace], "query_actions", ["filter": "action:tick"])
        var seqs: [Int] = []
        for page in pages {
            let actions = try #require(page.answer["actions"] as? [[String: Any]])
            // Items, JSON and text together, within the budget (plus the line saying how to go on).
            #expect(try page.size(of: "actions") + page.text.utf8.count <= 20_000 + 100)
            #expect(!actions.isEmpty)
            seqs += actions.compactMap { $0["seq"] as? Int }
            if page.answer["nextCursor"] != nil { #expect(page.answer["more"] is String) }
        }
        #expect(pages.count > 3)
        #expect(seqs == Array(1...600))
        // blame pages the same way.
        let blame = try MCPConversation(traces: [trace], messages: [MCPConversation.call(1, "blame", ["path": ".count"])])
        let first = try blame.structured(1)
        #expect((first["changes"] as? [Any])?.count ?? 0 < 600)
        #expect(first["nextCursor"] is String)
    }

    @Test("a state larger than the budget is not sent: its children are, to narrow the path")
    func largeStateNamesItsChildren() throws {
        let directory = try TemporaryDirectory()
        let trace = directory.path("big.sstrace")
        let rows = (0..<2_000).map { TraceValue.string("row \($0) " + String(repeating: "x", count: 20)) }
        try SmallTrace.write([
            .keyframe(Keyframe(seq: 0, store: "main", state: .structure(type: "State", fields: [.init("rows", .array(rows)), .init("title", .string("t"))]))),
            SmallTrace.action(1, "noop"),
        ], to: trace)
        let talk = try MCPConversation(traces: [trace], messages: [
            MCPConversation.call(1, "state_at", ["seq": 1]),
            MCPConversation.call(2, "state_at", ["seq": 1, "path": ".rows[1999]"]),
        ])
        let whole = try talk.structured(1)
        #expect(whole["state"] == nil)
        #expect((whole["omitted"] as? String)?.contains("ask for a narrower path") == true)
        #expect(whole["children"] as? [String] == [".rows", ".title"])
        #expect(try talk.structured(2)["state"] as? String == "row 1999 xxxxxxxxxxxxxxxxxxxx")
    }

    @Test("diff and stats page too: the cursors cover every operation and row once, as the CLI lists them")
    func diffAndStatsPage() throws {
        let directory = try TemporaryDirectory()
        let trace = directory.path("wide.sstrace")
        let rows = { (tag: String) in TraceValue.array((0..<1_500).map { .string("\(tag) \($0)") }) }
        var records: [Record] = [.keyframe(Keyframe(seq: 0, store: "main", state: .structure(type: "State", fields: [.init("rows", rows("old"))])))]
        // 1,500 cases, so that stats has a row for each.
        for seq in UInt64(1)...1_500 { records.append(SmallTrace.action(seq, "case\(seq)")) }
        records.append(.keyframe(Keyframe(seq: 1_500, store: "main", state: .structure(type: "State", fields: [.init("rows", rows("new"))]))))
        try SmallTrace.write(records, to: trace)

        func pages(_ tool: String, _ key: String, _ arguments: [String: Any]) throws -> (items: [[String: Any]], pages: Int) {
            let pages = try MCPConversation.pages(traces: [trace], tool, arguments)
            var items: [[String: Any]] = []
            for page in pages {
                let size = try page.size(of: key)
                #expect(size + page.text.utf8.count <= 20_000 + 200, "\(tool): \(size) + \(page.text.utf8.count)")
                items += try #require(page.answer[key] as? [[String: Any]])
            }
            return (items, pages.count)
        }
        let diff = try pages("diff", "ops", ["from": 1, "to": 1_500])
        #expect(diff.pages > 2)
        let cliDiff = try jsonLines(try ChildProcess.storescope(["diff", trace, "--from", "1", "--to", "1500", "--json"]).stdout)[0]
        #expect(sameJSON(diff.items, cliDiff["ops"] as Any))
        let stats = try pages("stats", "rows", [:])
        #expect(stats.pages > 2)
        #expect(sameJSON(stats.items, try jsonLines(try ChildProcess.storescope(["stats", trace, "--json"]).stdout)))
    }

    @Test("redacted values stay redacted: the state and blame say only that they changed")
    func redactedStaysRedacted() throws {
        let directory = try TemporaryDirectory()
        let trace = directory.path("login.sstrace")
        let state = { (user: String) in
            TraceValue.structure(type: "State", fields: [.init("user", .string(user)), .init("token", .redacted(type: "String"))])
        }
        try SmallTrace.write([
            .keyframe(Keyframe(seq: 0, store: "main", state: state(""))),
            SmallTrace.action(1, "login", [.init("token", .redacted(type: "String"))]),
            .patch(StatePatch(seq: 1, store: "main", operations: [
                .set(path: [.field("user")], value: .string("ada")), .set(path: [.field("token")], value: .redacted(type: "String")),
            ])),
        ], to: trace)
        let talk = try MCPConversation(traces: [trace], messages: [
            MCPConversation.call(1, "state_at", ["seq": 1]),
            MCPConversation.call(2, "blame", ["path": ".token"]),
            MCPConversation.call(3, "query_actions"),
        ])
        let stateAt = try #require(try talk.structured(1)["state"] as? [String: Any])
        #expect(stateAt["token"] as? [String: String] == ["$redacted": "String"])
        let changes = try #require(try talk.structured(2)["changes"] as? [[String: Any]])
        #expect(changes.count == 1)
        #expect(changes.first?["redactedChanged"] as? Bool == true)
        #expect(changes.first?["new"] as? [String: String] == ["$redacted": "String"])
        let text = try #require((try talk.result(3)["content"] as? [[String: Any]])?.first?["text"] as? String)
        #expect(text.contains("<redacted"))
    }

    @Test("a trace that cannot be opened stops the server before it answers: exit 2, the reason on standard error")
    func unreadableTrace() throws {
        let directory = try TemporaryDirectory()
        let trace = directory.path("checkout.sstrace")
        try CheckoutTrace.write(to: trace)
        let missing = directory.path("missing.sstrace")
        let run = try ChildProcess.storescope(["mcp", trace, missing])
        #expect(run.status == 2)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.hasPrefix("Error: \(missing): "), "\(run.stderr)")
        let none = try ChildProcess.storescope(["mcp"])
        #expect(none.status == 64)
        #expect(none.stderr.hasPrefix("Error: missing TRACE..."))
    }

    @Test("a damaged trace is answered around the damage, and says so, as the CLI does")
    func damagedTrace() throws {
        let directory = try TemporaryDirectory()
        let trace = directory.path("damaged.sstrace")
        try TraceFixture.writeOneActionChunks(10, to: trace)
        let fifth = try TraceReader(path: trace).chunks[5]
        try TraceFixture.flipByte(in: trace, at: fifth.offset + Int64(ChunkHeader.size) + Int64(fifth.header.storedLength / 2))
        let talk = try MCPConversation(traces: [trace], messages: [
            MCPConversation.call(1, "list_sessions"),
            MCPConversation.call(2, "query_actions"),
            MCPConversation.call(3, "state_at", ["seq": 9]),
        ])
        #expect(talk.outcome.status == 0, "stderr: \(talk.outcome.stderr)")
        let session = try #require((try talk.structured(1)["sessions"] as? [[String: Any]])?.first)
        #expect(session["damaged"] as? Bool == true)
        let answer = try talk.structured(2)
        let damage = try #require(answer["damage"] as? [String])
        #expect(damage.count == 1)
        let log = try ChildProcess.storescope(["log", trace, "--json"])
        #expect(log.stderr.contains(damage[0]), "\(log.stderr) / \(damage)")
        #expect(sameJSON(answer["actions"] as Any, try jsonLines(log.stdout)))
        #expect((answer["actions"] as? [Any])?.count == 9)
        // The state after the lost action is unknown (no keyframe after it): the same words as state's.
        let state = try ChildProcess.storescope(["state", trace, "--at", "9", "--json"])
        #expect(state.status == 1)
        let error = try talk.toolError(3)
        #expect(error.contains("unknown"), "\(error)")
        #expect(state.stderr.contains(error), "\(state.stderr) / \(error)")
    }
}
