import TraceAnalysis

/// How the control tools ask the listener and answer: the request for a live session named by
/// the tool's arguments, and the listener's reply as a tool result.
enum ControlAnswer {
    /// The schema of a control tool's structured result: the listener's reply.
    static let schema = ToolSchema.object([
        ToolSchema.member("result", "string", "done, refused, failed (the app's outcome) or error (the listener's)."),
        ToolSchema.member("detail", "string", "Why, or what the app said of it."),
        ToolSchema.member("command", "string", "The command as the trace records it."),
        ToolSchema.member("session", "string", "The live session's tag."),
        ToolSchema.member("store", "string", "The store."),
        ToolSchema.member("id", "integer", "The command's number on the app's connection."),
        #""replayed":{"type":"array","items":{"type":"object"},"description":"replay: each action re-sent and the app's outcome."}"#,
    ], required: ["result"])

    /// A request for `command` to the live session the arguments name (`session`, `store`),
    /// whose store allowed what the command `needs`: the app's recorder said so in the
    /// session's stream (``TraceFormat/ControlAllowedNote``).
    static func request(
        _ command: String, needs: ControlAllowedNote.Command, _ arguments: ToolArguments, sessions: MCPSessions
    ) throws(ToolError) -> ControlRequest {
        let entry = try sessions.entry(arguments)
        guard let live = entry.live else {
            throw ToolError("\(entry.name) is a trace file, not a live session: control acts on apps streaming to this server's listener")
        }
        guard !live.hasEnded else { throw ToolError("session \(live.live.tag) has ended: there is no app to act on") }
        let asked = try arguments.string("store")
        guard let store = asked ?? entry.session.stores().main else {
            throw ToolError("session \(entry.name) has no store yet: pass 'store', or ask once the app's store registered")
        }
        let allowing = entry.allowances.stores
        guard let allowed = allowing[store] else {
            let others = allowing.isEmpty ? "no store of this session allows control"
                : "the stores that allow it: " + allowing.keys.sorted().map { "\"\($0)\"" }.joined(separator: ", ")
            throw ToolError("store \"\(store)\" of session \(entry.name) did not allow control: its app did not call StoreRecorder.allowControl for it, or control is off in its build (\(others))")
        }
        guard allowed.contains(needs) else {
            let names = ControlAllowedNote.Command.allCases.filter(allowed.contains).map(\.rawValue)
            throw ToolError("store \"\(store)\" of session \(entry.name) does not allow \(needs.rawValue): it allows \(names.isEmpty ? "nothing" : "only " + names.joined(separator: ", "))"
                + (needs == .jump || needs == .dispatch ? " (its app passed no \(needs == .jump ? "replaceState" : "dispatch") closure, or left it out of the commands)" : ""))
        }
        return ControlRequest(command: command, session: live.live.tag, store: asked)
    }

    /// Sends `request` to the listener and answers with its reply; anything but `done` is an error.
    static func send(_ request: ControlRequest, to socket: String) throws(ToolError) -> ToolResult {
        let reply: ControlReply
        do throws(ListenError) {
            reply = try ControlClient.send(request, to: socket)
        } catch {
            throw ToolError("the listener did not answer: \(error.description)")
        }
        let line = ControlReplyText.line(reply)
        guard reply.result == "done" else { throw ToolError(line) }
        return ToolResult(text: line, structured: String(decoding: reply.line.dropLast(), as: UTF8.self))
    }
}
