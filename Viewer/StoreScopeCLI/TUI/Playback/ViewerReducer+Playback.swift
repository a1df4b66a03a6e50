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
        guard let current = state.selected else { return }
        let playback = Playback(wasFollowing: state.following)
        state.following = false
        let next = readingSmallChunks { session.action(after: current) }
        if next.value == nil, next.deferred == nil {
            // At the end: play again from the first action.
            guard let first = session.seqRange?.lowerBound else { return }
            select(first, in: &state)
        }
        state.playback = playback
        state.message = nil
    }

    /// `+` `-` `*`: the pace's own update; playing, the clock lines up again at the next step.
    func changePace(_ key: Key, in state: inout ViewerState) {
        state.playback?.anchor = nil
        state.message = key == .character("*") ? state.pace.toggleRate() : state.pace.change(faster: key == .character("+"))
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
        // The screen of the last step is still to come: the next clock goes on from it (not
        // the detail: a large state's is read while playing goes on).
        if state.timeline.asked != nil { return }
        guard let entry = state.detail?.entry, entry.seq == state.selected else {
            // Nothing readable selected (damaged records): stop rather than wake the loop forever.
            state.playback = nil
            state.message = "cannot play from here: the selected action is unreadable"
            return
        }
        if let rate = state.pace.rate { return advanceAtRate(rate, entry: entry, to: now, playback: playback, in: &state) }
        // Started, sped up, or moved by a key: line the clock up with this action.
        var anchor = playback.anchor.flatMap { $0.seq == entry.seq ? $0 : nil } ?? .init(clock: now, recorded: entry.sinceStart, seq: entry.seq)
        let speed = UInt64(state.pace.speed.rawValue)
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
        askForChunks(from: chunk, count: Self.chunksAhead, in: &state)
        playback.anchor = anchor
        playback.nextDue = now.addingSaturated(UInt64(ViewerApp.detailWait) * 1_000_000)
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
