import Foundation
import TraceAnalysis

/// `storescope control replay N`: asks the listener which of the store's actions after #N the
/// app itself sent, then re-sends each (`resend`), at the recorded pace or one per Enter.
enum ControlReplay {
    static func run(_ request: ControlRequest, through: UInt64?, step: Bool, json: Bool, socket: String, console: Console) -> Int32 {
        let plan: ReplayPlan
        do {
            switch try ReplayPlan.ask(request, through: through, socket: socket) {
            case let .success(answer): plan = answer
            case let .failure(reply):
                console.line(ControlReplyText.line(reply))
                return ExitStatus.failure
            }
        } catch {
            console.error("Error: \(error.description)")
            return ExitStatus.failure
        }
        if plan.actions.isEmpty { console.line("no action of the app's to replay after #\(request.seq ?? 0)") }
        var failed = false
        for (index, seq) in plan.actions.enumerated() {
            if step {
                console.error("Enter sends #\(seq) (\(index + 1) of \(plan.actions.count)); end of input stops")
                console.flush()
                guard readLine() != nil else { break }
            } else {
                Thread.sleep(forTimeInterval: plan.pause(before: index))
            }
            do {
                let reply = try plan.resend(index, socket: socket)
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
