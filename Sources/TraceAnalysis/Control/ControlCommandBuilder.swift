import TraceFormat

/// Turns a ``ControlRequest`` into the command the app is sent: a jump's state rebuilt by the
/// session engine from the session's recording, a typed action parsed (and its cases checked
/// against those the recording holds), a recorded action read back.
enum ControlCommandBuilder {
    /// The command's request, or the reason it cannot be made.
    static func request(
        for request: ControlRequest, store: String, recording: TraceSession?, check: inout DispatchCheck
    ) -> Result<ControlCommand.Request, ControlReply> {
        switch request.command {
        case "pause": return .success(.pause)
        case "resume": return .success(.resume)
        case "lock": return .success(.lock)
        case "unlock": return .success(.unlock)
        case "dispatch":
            guard let text = request.action else { return .failure(.error("dispatch needs an action, e.g. .setFilter(\"a\")")) }
            let action: TraceValue
            do throws(ValueLiteralError) {
                action = try ValueLiteral.parse(text)
            } catch {
                return .failure(.error(error.pointed))
            }
            if let recording {
                _ = try? recording.refresh()
                if let refusal = check.refusal(of: action, text: text, store: store, recording: recording) { return .failure(.error(refusal)) }
            }
            return .success(.dispatch(action))
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

    /// The most actions one replay sends.
    static let mostReplayed = 10_000

    /// The actions a replay after `seq` re-sends: the store's, through `through`, that no
    /// effect sent (the app's effects, run again by the replayed actions, send those).
    static func replayable(after seq: UInt64, through: UInt64?, store: String, recording: TraceSession?, session: String) -> ControlReply {
        guard let recording else { return .error("replay needs the session's trace: this listener does not record it (use --record DIR)") }
        _ = try? recording.refresh()
        var seqs: [UInt64] = [], times: [UInt64] = []
        guard let range = ClosedRange<UInt64>.seqs(after: seq, through: through ?? .max) else {
            return ControlReply(result: "done", session: session, store: store, actions: [], times: [])
        }
        recording.forEachAction(in: range) { item in
            guard case let .action(entry) = item else { return true }
            if entry.action.store == store, entry.action.effectID == nil {
                seqs.append(entry.action.seq)
                times.append(entry.action.monotonicNanos)
            }
            return seqs.count < mostReplayed
        }
        return ControlReply(result: "done", session: session, store: store, actions: seqs, times: times)
    }

    /// The most chunks read to find the effects still running at a jump (about 256 MiB of
    /// trace): a longer session's reply does not name them until later jumps have read the
    /// rest.
    static let mostChunksForEffects = 4_096

    /// The store's effects still running now, by name and id, as the recording says: those a
    /// jump leaves running (`nil` while the session is longer than what was read of it).
    /// `collected` holds what earlier jumps read of the recording: only the chunks written
    /// since are read.
    static func runningEffects(of store: String, in recording: TraceSession, collected: inout CollectedEffects) -> [String]? {
        collected.chunks = collected.effects.add(chunksOf: recording, from: collected.chunks, limit: mostChunksForEffects)
        guard collected.chunks == recording.reader.chunks.count else { return nil }
        return collected.effects.lifetimes.filter { $0.isOpen && $0.store == store }.map { "\($0.name) (effect \($0.effectID))" }
    }

    /// The effect lifetimes of a recording, and how many of its chunks they took in.
    struct CollectedEffects {
        var effects = EffectLifetimes()
        var chunks = 0
    }
}
