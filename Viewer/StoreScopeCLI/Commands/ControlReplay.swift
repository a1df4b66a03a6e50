import Foundation
import TraceAnalysis

/// `storescope control replay N`: asks the listener which of the store's actions after #N the
/// app itself sent, then re-sends each (`resend`), at the recorded pace or one per Enter.
enum ControlReplay {
    /// The longest pause between two replayed actions.
    static let longestGapNanos: UInt64 = 1_000_000_000

    static func run(_ request: ControlRequest, through: UInt64?, step: Bool, json: Bool, socket: String, console: Console) -> Int32 {
        var query = request
        query.command = "replayable"
        query.through = through
        let plan: ControlReply
        do {
            plan = try ControlClient.send(query, to: socket)
        } catch {
            console.error("Error: \(error.description)")
            return ExitStatus.failure
        }
        guard plan.result == "done", let actions = plan.actions, let times = plan.times else {
            console.line(ControlReplyText.line(plan))
            return ExitStatus.failure
        }
        if actions.isEmpty { console.line("no action of the app's to replay after #\(request.seq ?? 0)") }
        var failed = false
        for (index, seq) in actions.enumerated() {
            if step {
                console.error("Enter sends #\(seq) (\(index + 1) of \(actions.count)); end of input stops")
                console.flush()
                guard readLine() != nil else { break }
            } else if index > 0 {
                let gap = min(times[index] &- times[index - 1], longestGapNanos)
                Thread.sleep(forTimeInterval: Double(gap) / 1e9)
            }
            var resend = request
            resend.command = "resend"
            resend.seq = seq
            resend.session = plan.session
            do {
                let reply = try ControlClient.send(resend, to: socket)
                console.line(json ? String(decoding: reply.line.dropLast(), as: UTF8.self) : "#\(seq): " + ControlReplyText.line(reply))
                if reply.result != "done" { failed = true }
            } catch {
                console.error("Error: \(error.description)")
                return ExitStatus.failure
            }
        }
        return failed ? ExitStatus.failure : ExitStatus.success
    }
}
