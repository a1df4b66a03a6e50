import TraceAnalysis

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
        guard state.selected != nil else { return }
        state.playback = Playback(wasFollowing: state.following)
        state.following = false
        state.message = nil
        // At the end: play again from the first action.
        move(.rewindAtEnd, in: &state)
    }

    /// `+` `-` `*`: the pace's own update; playing, the clock lines up again at the next step.
    func changePace(_ key: Key, in state: inout ViewerState) {
        state.playback?.anchor = nil
        state.message = key == .character("*") ? state.pace.toggleRate() : state.pace.change(faster: key == .character("+"))
    }

    /// Asks the reader for the step due by `now` on the viewer's clock: the actions due since
    /// the anchor (at the recorded gaps divided by the speed, or one per interval of the
    /// fixed rate; with `max`, the next one), which its answer selects (``ScreenMove/play(until:limit:)``).
    func advancePlayback(to now: UInt64, in state: inout ViewerState) {
        guard var playback = state.playback else { return }
        // The screen of the last step is still to come: the next clock goes on from it (not
        // the detail: a large state's is read while playing goes on).
        if state.timeline.asked != nil { return }
        guard let entry = state.detail?.entry, entry.seq == state.selected else {
            // Nothing readable selected (damaged records): stop rather than wake the loop forever.
            state.playback = nil
            state.message = "cannot play from here: the selected action is unreadable"
            return
        }
        // Started, sped up, or moved by a key: line the clock up with this action.
        let anchor = playback.anchor.flatMap { $0.seq == entry.seq ? $0 : nil } ?? .init(clock: now, recorded: entry.sinceStart, seq: entry.seq)
        playback.anchor = anchor
        let target: UInt64, limit: Int
        if let rate = state.pace.rate {
            target = .max
            limit = Int(min(UInt64(Playback.actionsPerStep), now.subtractingSaturated(anchor.clock) / rate.interval))
            guard limit > 0 else {
                // None due yet: the first is one interval after the anchor.
                playback.nextDue = anchor.clock.addingSaturated(rate.interval)
                state.playback = playback
                return
            }
        } else {
            let speed = UInt64(state.pace.speed.rawValue)
            // Saturating: recorded times are any u64, so the next action may be due centuries ahead.
            let (scaled, overflow) = now.subtractingSaturated(anchor.clock).multipliedReportingOverflow(by: speed)
            target = speed == 0 ? .max : anchor.recorded.addingSaturated(overflow ? .max : scaled)
            // A step passes at most `actionsPerStep` due actions: when the clock is far ahead of
            // the recording (thousands of actions due at once, each in a chunk of its own), the
            // rest are for the next steps, and keys are read in between.
            limit = speed == 0 ? 1 : Playback.actionsPerStep
        }
        playback.step = .init(clock: now, limit: limit, pace: state.pace)
        // The loop looks for the reader's answer every few ms meanwhile.
        playback.nextDue = now.addingSaturated(UInt64(ViewerApp.detailWait) * 1_000_000)
        state.playback = playback
        move(.play(until: target, limit: limit), in: &state)
    }

    /// Takes in the step the reader played: the anchor moves to the action it reached, and
    /// the next step is due when the action after it is (at once when the step passed its
    /// most); with no action after it, playing ends there. A step asked before the pace
    /// changed only ends the wait.
    func takeIn(_ played: ScreenAnswer.Played, in state: inout ViewerState) {
        guard var playback = state.playback, let step = playback.step else { return }
        playback.step = nil
        guard var anchor = playback.anchor, step.pace == state.pace else {
            playback.nextDue = step.clock
            state.playback = playback
            return
        }
        guard let next = played.next else { return finishPlayback(playback, in: &state) }
        if let rate = state.pace.rate {
            if let reached = played.reached {
                anchor = .init(clock: anchor.clock.addingSaturated(UInt64(played.passed) * rate.interval), recorded: reached.sinceStart, seq: reached.seq)
            }
            playback.nextDue = anchor.clock.addingSaturated(rate.interval)
        } else {
            let speed = UInt64(state.pace.speed.rawValue)
            if let reached = played.reached { anchor.seq = reached.seq }
            playback.nextDue = played.passed == step.limit || speed == 0
                ? step.clock : anchor.clock.addingSaturated((next - min(next, anchor.recorded)) / speed)
        }
        playback.anchor = anchor
        state.playback = playback
    }

    private func finishPlayback(_ playback: Playback, in state: inout ViewerState) {
        state.playback = nil
        if playback.wasFollowing {
            state.following = true
            move(.opening(following: true), in: &state)
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
        if state.playback != nil { return "playing \(state.pace.description)" }
        if state.following { return "following" }
        return state.pace.isRecorded ? "paused" : "paused (\(state.pace.description))"
    }
}
