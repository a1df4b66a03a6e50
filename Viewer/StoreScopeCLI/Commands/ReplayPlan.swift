import Foundation
import TraceAnalysis

/// What a replay from #N re-sends: the store's actions after #N that the app itself sent, as
/// the listener lists them (`replayable`), with their recorded times. `storescope control
/// replay` and the viewer's `X` and `x` keys all replay through it.
struct ReplayPlan: Sendable {
    /// The longest pause between two replayed actions.
    static let longestGapNanos: UInt64 = 1_000_000_000

    /// The replay request, its session the listener's answer names.
    let request: ControlRequest
    /// The actions to re-send, in order.
    let actions: [UInt64]
    /// Their recorded monotonic times (nanoseconds).
    let times: [UInt64]

    /// Asks the listener at `socket` for the actions after `request.seq` (through `through`,
    /// the session's last when `nil`).
    ///
    /// - Returns: the plan, or the listener's reply when it has none to give.
    /// - Throws: ``ListenError`` when no listener of ours answers.
    static func ask(_ request: ControlRequest, through: UInt64?, socket: String) throws(ListenError) -> Result<ReplayPlan, ControlReply> {
        var query = request
        query.command = "replayable"
        query.through = through
        let reply = try ControlClient.send(query, to: socket)
        guard reply.result == "done", let actions = reply.actions, let times = reply.times, times.count == actions.count else {
            return .failure(reply)
        }
        var replay = request
        replay.session = reply.session ?? request.session
        return .success(ReplayPlan(request: replay, actions: actions, times: times))
    }

    /// The recorded gap before the action at `index` (none before the first), capped at
    /// ``longestGapNanos``, in seconds.
    func pause(before index: Int) -> Double {
        guard index > 0, index < times.count else { return 0 }
        return Double(min(times[index] &- times[index - 1], Self.longestGapNanos)) / 1e9
    }

    /// Re-sends the action at `index` and returns the listener's reply.
    ///
    /// - Throws: ``ListenError`` when no listener of ours answers.
    func resend(_ index: Int, socket: String) throws(ListenError) -> ControlReply {
        var resend = request
        resend.command = "resend"
        resend.seq = actions[index]
        return try ControlClient.send(resend, to: socket)
    }
}
