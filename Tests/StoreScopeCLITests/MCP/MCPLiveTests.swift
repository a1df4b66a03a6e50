import Foundation
import StoreScopeTestSupport
import Testing
import TraceAnalysis

extension LiveProcessTests {
    /// `storescope mcp --listen`: real apps (`live-app-fixture`) streaming to the server's own
    /// listener on a real Unix socket, their sessions read by the tools as they grow, and, with
    /// `--allow-control`, acted on through the control tools.
    @Suite("storescope mcp --listen")
    struct MCPLiveTests {
        /// A running `storescope mcp`, asked one request at a time.
        final class Server {
            let process: RunningProcess
            private var next = 0

            init(_ arguments: [String]) throws {
                process = try RunningProcess(product: "storescope", ["mcp"] + arguments)
            }

            /// The answer to one request (the whole JSON-RPC response).
            func request(_ method: String, _ params: [String: Any] = [:]) throws -> [String: Any] {
                next += 1
                let id = next
                process.send(MCPConversation.request(id, method, params))
                let line = try process.waitForLine(containing: "\"id\":\(id),")
                return try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            }

            /// The result of a tool call.
            func call(_ tool: String, _ arguments: [String: Any] = [:]) throws -> [String: Any] {
                try #require(try request("tools/call", ["name": tool, "arguments": arguments])["result"] as? [String: Any])
            }

            /// The structured content of a tool call that succeeded.
            func structured(_ tool: String, _ arguments: [String: Any] = [:]) throws -> [String: Any] {
                let result = try call(tool, arguments)
                #expect(result["isError"] as? Bool == false, "\(tool): \(result)")
                return result["structuredContent"] as? [String: Any] ?? [:]
            }

            /// The text of a tool call that failed as a tool error.
            func toolError(_ tool: String, _ arguments: [String: Any] = [:]) throws -> String {
                let result = try call(tool, arguments)
                #expect(result["isError"] as? Bool == true, "\(tool): \(result)")
                return ((result["content"] as? [[String: Any]])?.first?["text"] as? String) ?? ""
            }

            /// `list_sessions` until `condition` holds for its sessions (the listener's thread
            /// takes the app's chunks as they come).
            func sessions(until condition: ([[String: Any]]) -> Bool) throws -> [[String: Any]] {
                let deadline = ContinuousClock.now + .seconds(20)
                while true {
                    let sessions = try structured("list_sessions")["sessions"] as? [[String: Any]] ?? []
                    if condition(sessions) || ContinuousClock.now > deadline { return sessions }
                    Thread.sleep(forTimeInterval: 0.05)
                }
            }

            /// `initialize` (2025-11-25) then `notifications/initialized`: the result.
            func initialize() throws -> [String: Any] {
                let result = try #require(try request("initialize", [
                    "protocolVersion": "2025-11-25", "capabilities": [String: Any](), "clientInfo": ["name": "test", "version": "1"],
                ])["result"] as? [String: Any])
                process.send(MCPConversation.initialized)
                return result
            }

            /// The names `tools/list` gives.
            func toolNames() throws -> [String] {
                let tools = try #require(try request("tools/list")["result"] as? [String: Any])["tools"] as? [[String: Any]]
                return tools?.compactMap { $0["name"] as? String } ?? []
            }

            /// How many `notifications/tools/list_changed` the server sent so far.
            var listChanges: Int { process.stdout.components(separatedBy: #""method":"notifications/tools/list_changed""#).count - 1 }

            /// Waits, asking nothing, until the server sent its `count`th `list_changed`.
            func waitForListChange(_ count: Int) throws {
                try process.waitForOutput("list_changed #\(count)") { _ in listChanges >= count }
            }

            /// Ends the server's input; it stops its listener (completing every file) and exits.
            func finish() throws -> (status: Int32, stderr: String) {
                process.closeInput()
                let status = try process.waitForExit()
                return (status, process.stderr)
            }
        }

        @Test("a live app's session is served as it grows and after it ends; its file is complete; no control tool without the flag")
        func liveSessionsAreRead() throws {
            let directory = try TemporaryDirectory()
            let socket = directory.path("run/scope.sock"), recordings = directory.path("sessions")
            let server = try Server(["--listen", "--socket", socket, "--record", recordings])
            let capabilities = try server.initialize()["capabilities"] as? [String: Any]
            #expect((capabilities?["tools"] as? [String: Any])?["listChanged"] as? Bool == false, "without control tools the list never changes")
            #expect(try server.toolNames() == Self.readingTools)
            #expect(try server.toolError("stats").contains("no session yet"))

            let app = try Live.app("shop", socket: socket)
            try Live.record(app, 3, endingAt: 3)
            app.send("flush")
            try app.waitForOutput(containing: "flushed")
            var sessions = try server.sessions { ($0.first?["actions"] as? Int) == 3 }
            let first = try #require(sessions.first)
            #expect((first["name"] as? String)?.hasPrefix("shop/") == true)
            #expect((first["live"] as? [String: Any])?["connected"] as? Bool == true)
            #expect(first["ended"] as? Bool == false)
            let name = try #require(first["name"] as? String)

            try Live.record(app, 2, endingAt: 5)
            app.send("flush")
            try app.waitForOutput("the second flush") { $0.components(separatedBy: "flushed").count == 3 }
            sessions = try server.sessions { ($0.first?["actions"] as? Int) == 5 }
            #expect(sessions.first?["actions"] as? Int == 5)
            let actions = try server.structured("query_actions", ["session": name])["actions"] as? [[String: Any]]
            #expect(actions?.compactMap { $0["seq"] as? Int } == [1, 2, 3, 4, 5])
            let journal = try Live.close(app)
            sessions = try server.sessions { ($0.first?["live"] as? [String: Any])?["connected"] as? Bool == false }
            #expect(sessions.first?["ended"] as? Bool == true)
            let state = try server.structured("state_at", ["session": name, "path": ".total"])
            #expect(state["state"] as? Int == journal.reduce(0) { $0 + $1.value })

            // Without --allow-control a control tool is not there, and the error says how it is.
            let pause = try server.request("tools/call", ["name": "pause", "arguments": [:]])
            #expect(((pause["error"] as? [String: Any])?["message"] as? String)?.contains("only by storescope mcp --listen --allow-control") == true, "\(pause)")

            let (status, stderr) = try server.finish()
            #expect(status == 0, "\(stderr)")
            #expect(stderr.contains("1 session recorded in \(recordings)"), "\(stderr)")
            let file = try #require(try Live.recordings(in: recordings).first)
            #expect(try ChildProcess.storescope(["check", file]).status == 0, "the recording is complete")
        }

        /// The tools every server lists.
        static let readingTools = ["list_sessions", "query_actions", "state_at", "diff", "blame", "effects", "stats", "compare", "test"]

        @Test("with --allow-control, each control tool is listed while a connected app allows its command, the client is told when that changes, and a store that did not opt in is a tool error saying why")
        func controlTools() throws {
            let directory = try TemporaryDirectory()
            let socket = directory.path("run/scope.sock")
            let server = try Server(["--listen", "--socket", socket, "--allow-control"])
            let capabilities = try server.initialize()["capabilities"] as? [String: Any]
            #expect((capabilities?["tools"] as? [String: Any])?["listChanged"] as? Bool == true)
            #expect(try server.toolNames() == Self.readingTools, "no app allows control yet")

            // An app that did not allow control adds no tool; a control tool called for it says why.
            let other = try Live.app("plain", socket: socket)
            try Live.record(other, 2, endingAt: 2)
            other.send("flush")
            try other.waitForOutput(containing: "flushed")
            let plain = try #require(try server.sessions { ($0.first?["actions"] as? Int) == 2 }.first?["name"] as? String)
            #expect(try server.toolNames() == Self.readingTools)
            let refused = try server.toolError("pause", ["session": plain])
            #expect(refused.contains(#"store "main" of session \#(plain) did not allow control: its app did not call StoreRecorder.allowControl"#), "\(refused)")
            #expect(server.listChanges == 0)

            // An app that allows everything: the client hears of it without asking.
            let app = try Live.app("held", socket: socket, ["--control", "held"])
            try Live.record(app, 3, endingAt: 3)
            app.send("flush")
            try app.waitForOutput(containing: "flushed")
            try server.waitForListChange(1)
            let tools = try #require(try server.request("tools/list")["result"] as? [String: Any])["tools"] as? [[String: Any]] ?? []
            #expect(tools.compactMap { $0["name"] as? String } == Self.readingTools + ["pause", "resume", "jump", "dispatch", "replay"])
            #expect(tools.first { $0["name"] as? String == "jump" }.flatMap { ($0["annotations"] as? [String: Any])?["readOnlyHint"] as? Bool } == false)
            let name = try #require(try server.sessions { $0.contains { ($0["name"] as? String)?.hasPrefix("held/") == true && $0["actions"] as? Int == 3 } }
                .first { ($0["name"] as? String)?.hasPrefix("held/") == true }?["name"] as? String)

            let jump = try server.structured("jump", ["session": name, "seq": 1])
            #expect(jump["result"] as? String == "done")
            #expect(jump["command"] as? String == "jump #1")
            let installed = try app.waitForOutput(containing: "installed total=")
            let dispatch = try server.structured("dispatch", ["session": name, "action": #".step(5, "x")"#])
            #expect(dispatch["result"] as? String == "done")
            try app.waitForOutput(containing: "dispatched 4")
            #expect(try server.toolError("dispatch", ["session": name, "action": ".step(5"]).contains("invalid action"))
            #expect(try server.toolError("jump", ["session": name]).contains("missing argument 'seq'"))
            let paused = try server.structured("pause", ["session": name])
            #expect(paused["result"] as? String == "done")
            #expect(try server.structured("resume", ["session": name])["result"] as? String == "done")
            let replay = try server.structured("replay", ["session": name, "seq": 2, "through": 3])
            #expect((replay["replayed"] as? [[String: Any]])?.compactMap { $0["command"] as? String } == ["resend #3"])
            #expect(try server.toolError("pause").contains("'session' is required when there are several"))
            let journal = try Live.close(app)
            // The app installed the state after #1: its first action's value.
            #expect(installed.contains("installed total=\(journal.first?.value ?? -1) "), "\(installed) / \(journal.first.map { "\($0)" } ?? "")")

            // Its session ended: the tools go, the client is told, and a call says why.
            try server.waitForListChange(2)
            #expect(try server.toolNames() == Self.readingTools)
            #expect(try server.toolError("pause", ["session": name]).contains("has ended: there is no app to act on"))

            // An app that allows only pausing: only pause and resume come.
            let narrow = try Live.app("narrow", socket: socket, ["--control", "held", "--only", "pause"])
            try Live.record(narrow, 1, endingAt: 1)
            try server.waitForListChange(3)
            #expect(try server.toolNames() == Self.readingTools + ["pause", "resume"])
            let narrowName = try #require(try server.sessions { $0.contains { ($0["name"] as? String)?.hasPrefix("narrow/") == true } }
                .first { ($0["name"] as? String)?.hasPrefix("narrow/") == true }?["name"] as? String)
            let notAllowed = try server.toolError("dispatch", ["session": narrowName, "action": #".step(1, "x")"#])
            #expect(notAllowed.contains(#"store "main" of session \#(narrowName) does not allow dispatch: it allows only pause/resume"#), "\(notAllowed)")
            _ = try Live.close(narrow)
            _ = try Live.close(other)
            try server.waitForListChange(4)
            #expect(try server.finish().status == 0)
        }

        @Test("--allow-control or --socket without --listen, and no trace without --listen, are usage errors")
        func usage() throws {
            let control = try ChildProcess.storescope(["mcp", "--allow-control", "x.sstrace"])
            #expect(control.status == 64)
            #expect(control.stderr.hasPrefix("Error: --allow-control goes with --listen"), "\(control.stderr)")
            let none = try ChildProcess.storescope(["mcp"])
            #expect(none.status == 64)
            #expect(none.stderr.hasPrefix("Error: missing TRACE..."), "\(none.stderr)")
        }
    }
}
