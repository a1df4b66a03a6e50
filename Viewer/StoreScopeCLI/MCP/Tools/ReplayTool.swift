import Foundation
import TraceAnalysis

/// `replay`: re-sends to a live app the actions its store sent itself after an action, at the
/// recorded pace (gaps capped at a second), as `storescope control replay` does; at most
/// ``maximumActions`` per call. Listed only with `--allow-control`, while a connected app
/// allows dispatches (``ControlActing``).
struct ReplayTool: ControlActing {
    /// The most actions one call re-sends (with gaps of up to a second, a call stays short).
    static let maximumActions = 20

    /// The listener's socket.
    let socket: String

    let name = "replay"
    let needs = ControlAllowedNote.Command.dispatch
    let readOnly = false
    let description = "Re-send to a live app the actions its store sent itself after an action (seq), through 'through', at the recorded pace (gaps capped at 1 s), as 'storescope control replay' does; the actions its effects sent are not re-sent (the replayed actions start those effects again). At most \(maximumActions) actions per call: replay again from the last one for more. Only for apps that allowed control of the store."
    let inputSchema = ToolSchema.object([
        ToolSchema.member("session", "string", "A live session's name from list_sessions; may be left out when only one session is known."),
        ToolSchema.member("store", "string", "The store (default: the main store)."),
        ToolSchema.member("seq", "integer", "Replay the actions after this one."),
        ToolSchema.member("through", "integer", "The last action to re-send (default: the session's last)."),
    ], required: ["seq"])
    let outputSchema = ControlAnswer.schema

    func call(_ arguments: ToolArguments, sessions: MCPSessions) throws(ToolError) -> ToolResult {
        var request = try ControlAnswer.request("replay", needs: needs, arguments, sessions: sessions)
        guard let seq = try arguments.seq("seq") else { throw ToolError("missing argument 'seq'") }
        request.seq = seq
        let through = try arguments.seq("through")
        let asked: Result<ReplayPlan, ControlReply>
        do throws(ListenError) {
            asked = try ReplayPlan.ask(request, through: through, socket: socket)
        } catch {
            throw ToolError("the listener did not answer: \(error.description)")
        }
        let plan: ReplayPlan
        switch asked {
        case let .success(answer): plan = answer
        case let .failure(reply): throw ToolError(ControlReplyText.line(reply))
        }
        guard plan.actions.count <= Self.maximumActions else {
            throw ToolError("\(plan.actions.count) actions of the app's follow #\(seq): at most \(Self.maximumActions) per call; pass through: \(plan.actions[Self.maximumActions - 1]) (then replay from there)")
        }
        var lines: [String] = [], results: [String] = [], failed = false
        for (index, action) in plan.actions.enumerated() {
            Thread.sleep(forTimeInterval: plan.pause(before: index))
            let reply: ControlReply
            do throws(ListenError) {
                reply = try plan.resend(index, socket: socket)
            } catch {
                throw ToolError("the listener did not answer at #\(action): \(error.description)" + (lines.isEmpty ? "" : "; re-sent before it:\n" + lines.joined(separator: "\n")))
            }
            lines.append("#\(action): " + ControlReplyText.line(reply))
            results.append(String(decoding: reply.line.dropLast(), as: UTF8.self))
            if reply.result != "done" { failed = true }
        }
        if plan.actions.isEmpty { lines.append("no action of the app's to replay after #\(seq)") }
        if failed { throw ToolError(lines.joined(separator: "\n")) }
        var json = JSONWriter()
        json.beginObject()
        json.field("result", "done")
        json.field("command", "replay #\(seq)")
        if let session = plan.request.session { json.field("session", session) }
        json.key("replayed")
        json.beginArray()
        for result in results { json.raw(result) }
        json.endArray()
        json.endObject()
        return ToolResult(text: lines.joined(separator: "\n"), structured: json.text)
    }
}
