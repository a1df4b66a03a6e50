import TraceFormat

/// Turns a ``ControlRequest`` into the command the app is sent: a jump's state rebuilt by the
/// session engine from the session's recording, a typed action parsed, a recorded action
/// read back.
enum ControlCommandBuilder {
    /// The command's request, or the reason it cannot be made.
    static func request(
        for request: ControlRequest, store: String, recording: TraceSession?
    ) -> Result<ControlCommand.Request, ControlReply> {
        switch request.command {
        case "pause": return .success(.pause)
        case "resume": return .success(.resume)
        case "lock": return .success(.lock)
        case "unlock": return .success(.unlock)
        case "dispatch":
            guard let text = request.action else { return .failure(.error("dispatch needs an action, e.g. .setFilter(\"a\")")) }
            do throws(ValueLiteralError) {
                return .success(.dispatch(try ValueLiteral.parse(text)))
            } catch {
                return .failure(.error(error.pointed))
            }
        case "jump", "resend":
            guard let seq = request.seq else { return .failure(.error("\(request.command) needs an action number (#N)")) }
            guard let recording else {
                return .failure(.error("\(request.command) needs the session's trace: this listener does not record it (use --record DIR)"))
            }
            _ = try? recording.refresh()
            if request.command == "resend" {
                guard let entry = recording.action(after: seq &- 1), entry.action.seq == seq else {
                    return .failure(.error("the session has no action #\(seq)"))
                }
                return .success(.dispatch(entry.action.action))
            }
            let last = recording.seqRange?.upperBound ?? 0
            guard seq <= last else { return .failure(.error("the session has no action #\(seq) yet (last: #\(last))")) }
            let answer = recording.state(of: store, after: seq)
            switch answer.result {
            case let .success(state): return .success(.jump(sourceSeq: seq, state: state))
            case let .failure(unknown): return .failure(.error("the state of \(store) after #\(seq) is unknown: \(unknown)"))
            }
        default:
            return .failure(.error("unknown command \"\(request.command)\" (pause, resume, lock, unlock, jump, dispatch, resend)"))
        }
    }
}
