import TraceAnalysis

/// A command to a live app (`pause`, `resume`, `jump`, `dispatch`), sent through the listener
/// `storescope mcp --listen --allow-control` runs, as `storescope control` sends it; listed only
/// with `--allow-control`, while a connected app allows the command (``ControlActing``). The
/// app carries it out only if it allowed control of the store (`StoreRecorder.allowControl`),
/// and records the command and its outcome in its trace; the answer is that outcome. Anything
/// but `done` is a tool error saying why.
struct ControlTool: ControlActing {
    enum Command: String, CaseIterable {
        case pause, resume, jump, dispatch
    }

    let command: Command
    /// The listener's socket, which serves control clients.
    let socket: String

    var name: String { command.rawValue }
    var needs: ControlAllowedNote.Command {
        switch command {
        case .pause, .resume: .pause
        case .jump: .jump
        case .dispatch: .dispatch
        }
    }
    var readOnly: Bool { false }

    var description: String {
        let what = switch command {
        case .pause: "Pause the recording of a live app's store: its actions still run but are not recorded until resume (the trace says how many were left out)."
        case .resume: "Resume the recording of a live app's store paused with pause."
        case .jump: "Make a live app install the state its store had after an action (seq), as the recording rebuilds it; its effects keep running."
        case .dispatch: "Send an action to a live app's store, as the app would send it, written as the log prints actions, e.g. .setFilter(\\\"a\\\")."
        }
        return what + " Only for live sessions (list_sessions shows them) of apps that allowed control of the store; the app records the command and its outcome."
    }

    var inputSchema: String {
        var members = [
            ToolSchema.member("session", "string", "A live session's name from list_sessions; may be left out when only one session is known."),
            ToolSchema.member("store", "string", "The store (default: the main store)."),
        ]
        var required: [String] = []
        switch command {
        case .jump:
            members.append(ToolSchema.member("seq", "integer", "The action whose resulting state the app installs."))
            required = ["seq"]
        case .dispatch:
            members.append(ToolSchema.member("action", "string", "The action, e.g. .setFilter(\\\"a\\\") or .loaded([]) ."))
            required = ["action"]
        case .pause, .resume:
            break
        }
        return ToolSchema.object(members, required: required)
    }

    let outputSchema = ControlAnswer.schema

    func call(_ arguments: ToolArguments, sessions: MCPSessions) throws(ToolError) -> ToolResult {
        var request = try ControlAnswer.request(command.rawValue, needs: needs, arguments, sessions: sessions)
        switch command {
        case .jump:
            guard let seq = try arguments.seq("seq") else { throw ToolError("missing argument 'seq'") }
            request.seq = seq
        case .dispatch:
            let action = try arguments.requiredString("action")
            do throws(ValueLiteralError) {
                _ = try ValueLiteral.parse(action)
            } catch {
                throw ToolError("invalid action: \(error.pointed)")
            }
            request.action = action
        case .pause, .resume:
            break
        }
        return try ControlAnswer.send(request, to: socket)
    }
}
