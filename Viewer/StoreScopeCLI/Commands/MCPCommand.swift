import TraceAnalysis

/// `storescope mcp TRACE...`: a Model Context Protocol server on standard input and output,
/// for a coding agent to ask what a recording shows (docs/GUIDE.md, "Ask an agent").
enum MCPCommand: Command {
    static let spec = CommandSpec(
        name: "mcp",
        abstract: "Serve trace files to an AI agent: a Model Context Protocol server over stdio.",
        arguments: [.init(name: "TRACE...", help: "The trace files to serve (one or more; none with --listen).", isOptional: true, isRepeated: true)],
        options: [
            .flag("listen", help: "Also serve the live sessions of apps streaming to a socket, as 'storescope listen' receives them (each recorded to a file)."),
            .value("socket", "PATH", help: ListenOptions.pathHelp),
            .flag("allow-control", help: "With --listen: offer the control tools (pause, resume, jump, dispatch, replay), each listed while a connected app allowed its command."),
        ] + ListenOptions.specOptions,
        discussion: """
            Reads JSON-RPC 2.0 messages, one per line, on standard input and answers on standard
            output; an MCP client (an agent's editor or CLI) starts it, e.g. with
            {"mcpServers": {"storescope": {"command": "storescope", "args": ["mcp", "app.trace"]}}}.
            Protocol revisions 2026-07-28 (server/discover), 2025-11-25 and 2025-06-18
            (initialize). The tools read: list_sessions, query_actions, state_at, diff, blame,
            effects, stats, compare, test. Each answer holds at most \(ResultPage.budget)
            characters of items and says how to get the rest. Ends when standard input does.

            With --listen, apps streaming to the socket (STORESCOPE_SOCKET=PATH) are served too,
            as sessions named by their tags, each recorded to its own file (in --record DIR, or
            a private directory named on standard error at the end). With --allow-control as
            well, the tools pause, resume, jump, dispatch and replay act on those apps: each is
            listed while a connected app allowed its command for a store
            (StoreRecorder.allowControl, which the app's stream tells), and the client is sent
            notifications/tools/list_changed when that changes (an app allowed control, or its
            session ended).

            Exit status: 0 when standard input ended, 1 when the socket could not be listened
            on, 2 when a trace could not be opened, 64 usage, 74 when standard output could not
            be written.
            """)

    static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
        let listen = arguments.has("listen")
        if !listen {
            guard !arguments.positionals.isEmpty else { throw UsageError("missing TRACE... (or --listen for live sessions)", command: spec) }
            if let option = (["socket", "allow-control"] + ListenOptions.specOptions.map(\.name)).first(where: { arguments.value($0) != nil || arguments.has($0) }) {
                throw UsageError("--\(option) goes with --listen", command: spec)
            }
        }
        let socket = arguments.value("socket") ?? SocketPath.default
        var arrivals: ListenerArrivals?
        if listen {
            let options = try ListenOptions.parse(arguments, spec: spec)
            do throws(ListenFailure) {
                arrivals = try ListenerArrivals(path: socket, options: options)
            } catch {
                console.error(error.message)
                return error.status
            }
        }
        // Every session the listener recorded is named at the end, wherever the server stops.
        defer { if let arrivals { for line in arrivals.finish() { console.error(line) } } }
        let sessions: MCPSessions
        do throws(AnalysisFailure) {
            sessions = try MCPSessions(paths: arguments.positionals, arrivals: arrivals)
        } catch {
            console.error("Error: \(error.message)")
            return ExitStatus.unreadable
        }
        let control = listen && arguments.has("allow-control")
        let server = MCPServer(sessions: sessions, controlTools: control ? MCPServer.controlTools(socket: socket) : [])
        // With control tools, what the live apps allow is looked at while the client is quiet
        // too, so that it hears of a change without asking.
        var lines = MessageLines(descriptor: 0, idleMilliseconds: control ? idleMilliseconds : nil)
        while let line = lines.next() {
            var out: [String] = []
            switch line {
            case let .message(bytes): out += server.respond(to: bytes).map { [$0] } ?? []
            case .tooLong: out.append(server.respond(toOversized: ()))
            case .idle: break
            }
            if control { out += server.notifications() }
            for message in out {
                var bytes = Array(message.utf8)
                bytes.append(0x0A)
                let written = bytes.withUnsafeBytes { StandardStream.output.writeAll($0) }
                if case .failure = written { return ExitStatus.outputFailed }
            }
        }
        return ExitStatus.success
    }

    /// How long a quiet client waits at most to hear that the control tools changed.
    static let idleMilliseconds: Int32 = 200
}
