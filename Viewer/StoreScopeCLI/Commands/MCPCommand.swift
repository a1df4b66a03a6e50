import TraceAnalysis

/// `storescope mcp TRACE...`: a Model Context Protocol server on standard input and output,
/// for a coding agent to ask what a recording shows (docs/GUIDE.md, "Ask an agent").
enum MCPCommand: Command {
    static let spec = CommandSpec(
        name: "mcp",
        abstract: "Serve trace files to an AI agent: a Model Context Protocol server over stdio.",
        arguments: [.init(name: "TRACE...", help: "The trace files to serve (one or more).", isRepeated: true)],
        discussion: """
            Reads JSON-RPC 2.0 messages, one per line, on standard input and answers on standard
            output; an MCP client (an agent's editor or CLI) starts it, e.g. with
            {"mcpServers": {"storescope": {"command": "storescope", "args": ["mcp", "app.trace"]}}}.
            Protocol revisions 2026-07-28 (server/discover), 2025-11-25 and 2025-06-18
            (initialize). The tools are read-only: list_sessions, query_actions, state_at, diff,
            blame, effects, stats. Each answer holds at most \(ResultPage.budget) characters of
            items and says how to get the rest. Ends when standard input does.

            Exit status: 0 when standard input ended, 2 when a trace could not be opened, 74 when
            standard output could not be written.
            """)

    static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
        let sessions: MCPSessions
        do throws(AnalysisFailure) {
            sessions = try MCPSessions(paths: arguments.positionals)
        } catch {
            console.error("Error: \(error.message)")
            return ExitStatus.unreadable
        }
        let server = MCPServer(sessions: sessions)
        var lines = MessageLines(descriptor: 0)
        while let line = lines.next() {
            let response: String?
            switch line {
            case let .message(bytes): response = server.respond(to: bytes)
            case .tooLong: response = server.respond(toOversized: ())
            }
            guard let response else { continue }
            var bytes = Array(response.utf8)
            bytes.append(0x0A)
            let written = bytes.withUnsafeBytes { StandardStream.output.writeAll($0) }
            if case .failure = written { return ExitStatus.outputFailed }
        }
        return ExitStatus.success
    }
}
