import Foundation
import TraceAnalysis

/// Sends the viewer's control requests to its own listener, one at a time on a thread of its
/// own (a jump waits for the app's outcome; the keys and the screen must not), and keeps the
/// replies for the loop, as message lines.
///
/// Two requests are the viewer's own, never sent as such: `replay` (`X`) re-sends the app's
/// actions after the selected one at the recorded pace, and a second `X` while it runs stops
/// it; `step` (`x`) re-sends the next of them, one per key press, from the same row.
final class ControlLink: Sendable {
    let socket: String
    private let replies = LockedValue<[String]>([])
    private let queue = DispatchQueue(label: "storescope control")
    /// Whether a paced replay runs, and whether `X` asked it to stop.
    private let replay = LockedValue<(running: Bool, stop: Bool)>((false, false))
    /// The stepped replay `x` goes on with: where it started and the next action's index.
    private let stepping = LockedValue<(plan: ReplayPlan, next: Int)?>(nil)

    init(socket: String) {
        self.socket = socket
    }

    /// Sends `request`; its reply comes back through ``takeReplies()``.
    func send(_ request: ControlRequest) {
        if request.command == "replay" {
            // One look under the lock: stop the replay that runs, or mark this one running.
            let stopping = replay.withLock { state in
                if state.running { state.stop = true } else { state = (true, false) }
                return state.stop
            }
            if stopping { return note("stopping the replay…") }
        }
        queue.async { [self] in
            switch request.command {
            case "replay": replayAtPace(request)
            case "step": step(request)
            default:
                let line: String
                do throws(ListenError) {
                    line = ControlReplyText.line(try ControlClient.send(request, to: socket))
                } catch {
                    line = "\(request.command): \(error.description)"
                }
                note(line)
            }
        }
    }

    /// The replies since the last call, as message lines.
    func takeReplies() -> [String] {
        replies.withLock { replies in
            defer { replies = [] }
            return replies
        }
    }

    private func note(_ line: String) { replies.withLock { $0.append(line) } }

    /// The plan of a replay from the request's seq, or nil once the failure is noted.
    private func plan(_ request: ControlRequest, as name: String) -> ReplayPlan? {
        var replay = request
        replay.command = "replay"
        do throws(ListenError) {
            switch try ReplayPlan.ask(replay, through: nil, socket: socket) {
            case let .success(plan): return plan
            case let .failure(reply): note(ControlReplyText.line(reply))
            }
        } catch {
            note("\(name): \(error.description)")
        }
        return nil
    }

    /// Replay from here: the actions re-sent at the recorded pace (gaps capped as
    /// `storescope control replay` caps them), until done or stopped.
    private func replayAtPace(_ request: ControlRequest) {
        defer { replay.withLock { $0 = (false, false) } }
        guard let plan = plan(request, as: "replay") else { return }
        var failures = 0, sent = 0
        for index in plan.actions.indices {
            if !wait(plan.pause(before: index)) { break }
            let reply = try? plan.resend(index, socket: socket)
            sent += 1
            if reply?.result != "done" { failures += 1 }
        }
        let after = "after #\(request.seq ?? 0)"
        var summary = sent < plan.actions.count
            ? "replay stopped: re-sent \(sent - failures) of \(plan.actions.count) actions \(after)"
            : "replayed \(sent - failures) of \(plan.actions.count) actions \(after)"
        if failures > 0 { summary += " (\(failures) not done: see the trace's control records)" }
        note(summary)
    }

    /// Sleeps `seconds` in short slices; false as soon as `X` asks the replay to stop.
    private func wait(_ seconds: Double) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        repeat {
            if replay.withLock({ $0.stop }) { return false }
            let left = deadline.timeIntervalSinceNow
            if left > 0 { Thread.sleep(forTimeInterval: min(left, 0.02)) }
        } while deadline.timeIntervalSinceNow > 0
        return !replay.withLock { $0.stop }
    }

    /// `x`: re-sends the next action of the stepped replay from the request's row, starting one
    /// when none runs from there (or the last one is complete).
    private func step(_ request: ControlRequest) {
        let after = request.seq ?? 0
        var current = stepping.withLock { $0 }
        if let running = current, running.plan.request.seq != after || running.plan.request.store != request.store
            || running.next >= running.plan.actions.count {
            current = nil
        }
        if current == nil {
            guard let plan = plan(request, as: "step") else { return }
            current = (plan, 0)
        }
        guard let (plan, index) = current else { return }
        guard index < plan.actions.count else {
            stepping.withLock { $0 = nil }
            return note("no action of the app's to replay after #\(after)")
        }
        let outcome: String
        do throws(ListenError) {
            let reply = try plan.resend(index, socket: socket)
            outcome = reply.detail.map { "\(reply.result): \($0)" } ?? reply.result
        } catch {
            outcome = "step: \(error.description)"
        }
        let next = index + 1
        stepping.withLock { $0 = (plan, next) }
        let step = "step \(next) of \(plan.actions.count) after #\(after): re-sent #\(plan.actions[index]): \(outcome)"
        note(next < plan.actions.count ? step + "; x sends #\(plan.actions[next])" : step + "; the replay is complete")
    }
}
