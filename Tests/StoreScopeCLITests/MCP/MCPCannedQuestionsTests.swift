import Foundation
import StoreScopeTestSupport
import Testing

/// Bug questions an agent asks of a recording, each answered by at most three tool calls of the
/// real `storescope mcp` on sessions real apps recorded (the samples of `storescope demo`, the
/// live-app fixture). Each call is its own conversation, chosen from what the previous answers
/// said, as an agent would.
@Suite("storescope mcp answers bug questions in at most three calls", .tags(.process))
struct MCPCannedQuestionsTests {
    /// One question's calls to the server on `traces`, counted.
    final class Question {
        let traces: [String]
        private(set) var calls = 0
        init(traces: [String]) { self.traces = traces }

        /// The structured answer of one tool call.
        func ask(_ tool: String, _ arguments: [String: Any]) throws -> [String: Any] {
            calls += 1
            let talk = try MCPConversation(traces: traces, messages: [MCPConversation.call(1, tool, arguments)])
            #expect(talk.outcome.status == 0, "\(talk.outcome.stderr)")
            return try talk.structured(1)
        }
    }

    static func sample(_ name: String, in directory: TemporaryDirectory) throws -> String {
        let trace = directory.path("\(name).sstrace")
        let run = try ChildProcess.storescope(["demo", "--sample", name, "--output", trace])
        #expect(run.status == 0, "\(run.stderr)")
        return trace
    }

    @Test("why is .importedCount 2 after #5 when the import was cancelled? blame the path, then the state: the cancelled effect's actions")
    func wrongCountAfterAction() throws {
        let directory = try TemporaryDirectory()
        let question = Question(traces: [try Self.sample("todos", in: directory)])
        let blame = try question.ask("blame", ["path": ".importedCount"])
        let changes = try #require(blame["changes"] as? [[String: Any]])
        #expect(changes.map { $0["seq"] as? Int } == [4, 5])
        // Both sent by the ImportSharedList effect, which was cancelled: it counted what it
        // imported before it was stopped.
        for change in changes {
            #expect(change["effectName"] as? String == "ImportSharedList")
            #expect(change["effectOutcome"] as? String == "cancelled")
        }
        let state = try question.ask("state_at", ["seq": changes.last!["seq"]!, "path": ".importedCount"])
        #expect(state["state"] as? Int == 2)
        #expect(question.calls <= 3)
    }

    @Test("when did .users[2].name change and from which effect? one blame names the action, the effect, what started it and how it ended")
    func whenAndFromWhichEffect() throws {
        let directory = try TemporaryDirectory()
        let question = Question(traces: [try Self.sample("users", in: directory)])
        let blame = try question.ask("blame", ["path": ".users[2].name"])
        let change = try #require((blame["changes"] as? [[String: Any]])?.first)
        #expect((blame["changes"] as? [Any])?.count == 1)
        #expect(change["seq"] as? Int == 4)
        #expect(change["old"] is NSNull)
        #expect(change["new"] as? String == "Grace Hopper")
        #expect(change["effect"] as? Int == 2)
        #expect(change["effectName"] as? String == "fetchUsers")
        #expect(change["effectStartedBy"] as? Int == 3)
        #expect(change["effectOutcome"] as? String == "finished")
        #expect(question.calls <= 3)
    }

    @Test("why did the note added at #3 disappear? blame the element, then the effect that removed it and the action that started it")
    func vanishedElement() throws {
        let directory = try TemporaryDirectory()
        let question = Question(traces: [try Self.sample("notes", in: directory)])
        let blame = try question.ask("blame", ["path": ".notes[3]"])
        let changes = try #require(blame["changes"] as? [[String: Any]])
        #expect(changes.map { $0["seq"] as? Int } == [3, 6])
        let removal = try #require(changes.last)
        #expect(removal["new"] is NSNull)
        #expect(removal["effectName"] as? String == "refresh")
        // The refresh started by #5 replaced the list with the server's, which lacked the note.
        let starter = try #require(removal["effectStartedBy"] as? Int)
        let actions = try question.ask("query_actions", ["filter": "seq:\(starter)..\(starter)"])
        let action = try #require((actions["actions"] as? [[String: Any]])?.first)
        #expect((action["action"] as? [String: Any])?["$case"] as? String == "refresh")
        #expect(question.calls <= 3)
    }

    @Test("which effect never finished? one effects call with leaked: the app's effect still running when it closed its session")
    func effectNeverFinished() throws {
        let directory = try TemporaryDirectory()
        let trace = directory.path("app.sstrace")
        let app = try RunningProcess(product: "live-app-fixture", ["app", "--file", trace])
        try Live.record(app, 2, endingAt: 2)
        app.send("effect poll")
        try app.waitForOutput(containing: "effect started")
        try Live.record(app, 1, endingAt: 3)
        app.send("effect sync")
        try app.waitForOutput("two effects started") { $0.components(separatedBy: "effect started").count == 3 }
        app.send("finish")
        try app.waitForOutput(containing: "effect finished")
        _ = try Live.close(app)

        let question = Question(traces: [trace])
        let leaked = try question.ask("effects", ["leaked": true])
        let effects = try #require(leaked["effects"] as? [[String: Any]])
        #expect(leaked["sessionEnded"] as? Bool == true)
        #expect(effects.count == 1)
        #expect(effects.first?["name"] as? String == "sync")
        #expect(effects.first?["parentSeq"] as? Int == 3)
        #expect(question.calls <= 3)
    }
}
