import TraceAnalysis

/// How fast `space` plays: the recorded gaps between actions divided by the factor, or one
/// action per screen update (`max`).
enum PlaySpeed: Int, Sendable, Equatable, CaseIterable, CustomStringConvertible {
    case recorded = 1, double = 2, five = 5, ten = 10, hundred = 100, max = 0

    var description: String { self == .max ? "max" : "\(rawValue)x" }

    /// The next speed up (`+`) or down (`-`), stopping at the ends.
    func next(faster: Bool) -> PlaySpeed {
        let all = Self.allCases, index = all.firstIndex(of: self)!
        return all[Swift.max(0, Swift.min(all.count - 1, index + (faster ? 1 : -1)))]
    }
}

/// A fixed pace for `space`, in actions per second whatever the recorded gaps (Redux DevTools'
/// slider): `*` switches to it and back to the recorded pace, `+` and `-` change it.
enum PlayRate: Int, Sendable, Equatable, CaseIterable, CustomStringConvertible {
    case one = 1, two = 2, five = 5, ten = 10, twentyFive = 25

    var description: String { "\(rawValue)/s" }

    /// The nanoseconds between two steps.
    var interval: UInt64 { 1_000_000_000 / UInt64(rawValue) }

    /// The next rate up (`+`) or down (`-`), stopping at the ends.
    func next(faster: Bool) -> PlayRate {
        let all = Self.allCases, index = all.firstIndex(of: self)!
        return all[Swift.max(0, Swift.min(all.count - 1, index + (faster ? 1 : -1)))]
    }
}

/// Playing through the states: which recorded moment is on screen at which moment of the
/// viewer's clock, and when the next action is due.
struct Playback: Sendable, Equatable {
    /// The viewer's clock and the recorded time (since the session start) it was lined up
    /// with, at action `seq`; `nil` until the first clock after play, a speed change or a move.
    struct Anchor: Sendable, Equatable {
        var clock: UInt64, recorded: UInt64, seq: UInt64
    }
    var anchor: Anchor?
    /// The viewer's clock when the next action is due (`nil`: at once).
    var nextDue: UInt64?
    /// Whether the viewer was following before play started (it follows again at the end).
    var wasFollowing = false
    /// How many due actions one playback step passes at most.
    static let actionsPerStep = 256

    /// How long the loop may wait for input before the next step is due, in milliseconds.
    static func timeout(for state: ViewerState, now: UInt64, poll: Int32) -> Int32 {
        guard let playback = state.playback else { return poll }
        guard playback.anchor != nil, let due = playback.nextDue, due > now else { return 0 }
        // Rounded up to whole milliseconds without `+ 999_999` overflowing a due time far ahead.
        let nanos = due - now
        return Int32(min(UInt64(poll), nanos / 1_000_000 + (nanos % 1_000_000 == 0 ? 0 : 1)))
    }
}

/// `space` plays and pauses, `+` and `-` change the speed. Playing steps through every action
/// (like `]`, whatever the filter) at the recorded gaps divided by the speed, on the clock the
/// loop passes in (``ViewerAction/clock(nanos:)``); when the clock is late it skips to the
/// action due. It stops at the last action, or follows again when it was following.
extension ViewerReducer {
    func togglePlay(in state: inout ViewerState) {
        if state.playback != nil {
            state.playback = nil
            state.message = "paused"
            return
        }
        guard let current = state.selected else { return }
        let playback = Playback(wasFollowing: state.following)
        state.following = false
        let next = readingSmallChunks { session.action(after: current) }
        if next.value == nil, next.deferred == nil {
            // At the end: play again from the first action.
            guard let first = firstActionSeq(matching: .all, in: &state) else { return }
            select(first, in: &state)
        }
        state.playback = playback
        state.message = nil
    }

    func changeSpeed(faster: Bool, in state: inout ViewerState) {
        state.playback?.anchor = nil
        if let rate = state.playRate {
            state.playRate = rate.next(faster: faster)
            state.message = "play rate \(state.playRate!) (one action every \(DurationText.text(state.playRate!.interval)))"
            return
        }
        state.playSpeed = state.playSpeed.next(faster: faster)
        state.message = "play speed \(state.playSpeed)"
    }

    /// `*`: plays at a fixed rate per action (5 a second to begin with), or again at the
    /// recorded pace.
    func togglePlayRate(in state: inout ViewerState) {
        state.playback?.anchor = nil
        state.playRate = state.playRate == nil ? .five : nil
        if let rate = state.playRate {
            state.message = "play at a fixed rate: \(rate) (+ - change it, * back to the recorded pace)"
        } else {
            state.message = "play at the recorded pace, \(state.playSpeed)"
        }
    }

    /// One fixed-rate step: the actions due since the anchor, one per interval.
    private func advanceAtRate(_ rate: PlayRate, entry: ActionEntry, to now: UInt64, playback: Playback, in state: inout ViewerState) {
        var playback = playback
        var anchor = playback.anchor.flatMap { $0.seq == entry.seq ? $0 : nil } ?? .init(clock: now, recorded: entry.sinceStart, seq: entry.seq)
        let steps = min(UInt64(Playback.actionsPerStep), now.subtractingSaturated(anchor.clock) / rate.interval)
        var passed: UInt64 = 0, last: ActionEntry?, more = false
        let scan = readingSmallChunks {
            if let after = ClosedRange.seqs(after: entry.seq) { session.forEachAction(in: after) { item in
                guard case let .action(action) = item else { return true }
                guard passed < steps else { more = true; return false }
                last = action
                passed += 1
                return true
            } }
        }
        if let last {
            select(last.seq, in: &state)
            anchor = .init(clock: anchor.clock.addingSaturated(passed * rate.interval), recorded: last.sinceStart, seq: last.seq)
        }
        if !more, let chunk = scan.deferred { return waitForChunks(from: chunk, anchor: anchor, now: now, playback: playback, in: &state) }
        // No action after the one reached: playback ends there.
        guard more else { return finishPlayback(playback, in: &state) }
        playback.anchor = anchor
        playback.nextDue = anchor.clock.addingSaturated(rate.interval)
        state.playback = playback
    }

    /// Steps to the last action due by `now` on the viewer's clock (with `max`: the next one).
    func advancePlayback(to now: UInt64, in state: inout ViewerState) {
        guard var playback = state.playback else { return }
        guard let entry = state.detail?.entry, entry.seq == state.selected else {
            // Nothing readable selected (damaged records): stop rather than wake the loop forever.
            state.playback = nil
            state.message = "cannot play from here: the selected action is unreadable"
            return
        }
        if let rate = state.playRate { return advanceAtRate(rate, entry: entry, to: now, playback: playback, in: &state) }
        // Started, sped up, or moved by a key: line the clock up with this action.
        var anchor = playback.anchor.flatMap { $0.seq == entry.seq ? $0 : nil } ?? .init(clock: now, recorded: entry.sinceStart, seq: entry.seq)
        let speed = UInt64(state.playSpeed.rawValue)
        // Saturating: recorded times are any u64, so the next action may be due centuries ahead.
        let (scaled, overflow) = now.subtractingSaturated(anchor.clock).multipliedReportingOverflow(by: speed)
        let target = anchor.recorded.addingSaturated(overflow ? .max : scaled)
        var due: ActionEntry?, next: ActionEntry?
        // A step passes at most `actionsPerStep` due actions: when the clock is far ahead of
        // the recording (thousands of actions due at once, each in a chunk of its own), the
        // rest are for the next steps, and keys are read in between.
        var passed = 0, cut = false
        // The last seq there is has no action after it: playback ends there.
        let scan = readingSmallChunks {
            if let after = ClosedRange.seqs(after: entry.seq) { session.forEachAction(in: after) { item in
                guard case let .action(action) = item else { return true }
                if speed == 0 ? due == nil : action.sinceStart <= target {
                    due = action
                    passed += 1
                    cut = passed >= Playback.actionsPerStep
                    return !cut
                }
                next = action
                return false
            } }
        }
        if let due {
            select(due.seq, in: &state)
            anchor.seq = due.seq
        }
        if !cut, next == nil, let chunk = scan.deferred { return waitForChunks(from: chunk, anchor: anchor, now: now, playback: playback, in: &state) }
        if cut {
            playback.anchor = anchor
            playback.nextDue = now
            state.playback = playback
            return
        }
        guard let next else { return finishPlayback(playback, in: &state) }
        playback.anchor = anchor
        playback.nextDue = speed == 0 ? now : anchor.clock.addingSaturated((next.sinceStart - min(next.sinceStart, anchor.recorded)) / speed)
        state.playback = playback
    }

    /// The next actions are in a large chunk not yet read: the reader reads it and the ones
    /// after it, and playing goes on once they are in (the clock looks again every few ms;
    /// the actions due meanwhile are passed then, as when the clock is late).
    private func waitForChunks(from chunk: Int, anchor: Playback.Anchor, now: UInt64, playback: Playback, in state: inout ViewerState) {
        var playback = playback
        askForChunks(from: chunk, count: Self.searchChunksAhead, in: &state)
        playback.anchor = anchor
        playback.nextDue = now.addingSaturated(UInt64(ViewerApp.detailWait) * 1_000_000)
        state.playback = playback
    }

    private func finishPlayback(_ playback: Playback, in state: inout ViewerState) {
        state.playback = nil
        if playback.wasFollowing {
            state.following = true
            select(lastActionSeq(matching: state.filter, in: &state) ?? state.lastSeq, in: &state)
            state.message = "played to the last action: following"
        } else {
            state.message = "played to the last action"
        }
    }
}

extension ViewerRender {
    /// The status line's mode: `playing 2x`, `following`, or `paused` (with the speed when it
    /// is not the recorded one).
    static func playStatus(_ state: ViewerState) -> String {
        let pace = state.playRate.map(\.description) ?? state.playSpeed.description
        if state.playback != nil { return "playing \(pace)" }
        if state.following { return "following" }
        return state.playSpeed == .recorded && state.playRate == nil ? "paused" : "paused (\(pace))"
    }
}

/// The viewer loop's monotonic clock for playback: nanoseconds since the loop started.
struct PlayClock {
    private let start = ContinuousClock.now

    var nanos: UInt64 {
        let elapsed = (ContinuousClock.now - start).components
        return UInt64(max(0, elapsed.seconds)) * 1_000_000_000 + UInt64(max(0, elapsed.attoseconds) / 1_000_000_000)
    }
}
