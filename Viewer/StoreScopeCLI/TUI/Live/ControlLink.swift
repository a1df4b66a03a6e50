import Foundation
import TraceAnalysis

/// Sends the viewer's control requests to its own listener, one at a time on a thread of its
/// own (a jump waits for the app's outcome; the keys and the screen must not), and keeps the
/// replies for the loop, as message lines.
final class ControlLink: Sendable {
    let socket: String
    private let replies = LockedValue<[String]>([])
    private let queue = DispatchQueue(label: "storescope control")

    init(socket: String) {
        self.socket = socket
    }

    /// Sends `request`; its reply comes back through ``takeReplies()``.
    func send(_ request: ControlRequest) {
        queue.async { [self] in
            if request.command == "replay" { return replay(request) }
            let line: String
            do throws(ListenError) {
                line = ControlReplyText.line(try ControlClient.send(request, to: socket))
            } catch {
                line = "\(request.command): \(error.description)"
            }
            replies.withLock { $0.append(line) }
        }
    }

    /// Replay from here: the store's actions after the request's seq that the app itself sent,
    /// re-sent at the recorded pace (gaps capped as `storescope control replay` caps them).
    private func replay(_ request: ControlRequest) {
        var query = request
        query.command = "replayable"
        let plan: ControlReply
        do throws(ListenError) {
            plan = try ControlClient.send(query, to: socket)
        } catch {
            return replies.withLock { $0.append("replay: \(error.description)") }
        }
        guard plan.result == "done", let actions = plan.actions, let times = plan.times else {
            return replies.withLock { $0.append(ControlReplyText.line(plan)) }
        }
        var failures = 0
        for (index, seq) in actions.enumerated() {
            if index > 0 { Thread.sleep(forTimeInterval: Double(min(times[index] &- times[index - 1], ControlReplay.longestGapNanos)) / 1e9) }
            var resend = request
            resend.command = "resend"
            resend.seq = seq
            let reply = try? ControlClient.send(resend, to: socket)
            if reply?.result != "done" { failures += 1 }
        }
        let summary = "replayed \(actions.count - failures) of \(actions.count) actions after #\(request.seq ?? 0)"
        replies.withLock { $0.append(failures == 0 ? summary : summary + " (\(failures) not done: see the trace's control records)") }
    }

    /// The replies since the last call, as message lines.
    func takeReplies() -> [String] {
        replies.withLock { replies in
            defer { replies = [] }
            return replies
        }
    }
}
