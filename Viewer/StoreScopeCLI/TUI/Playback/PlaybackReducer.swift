import TraceAnalysis

/// `space` plays and pauses, `+` and `-` change the speed, `*` plays at a fixed rate. Playing
/// steps through every action (like `]`, whatever the filter) at the recorded gaps divided by
/// the speed, on the clock the loop passes in (``ViewerAction/clock(nanos:)``); when the clock
/// is late it skips to the action due. Each step is a screen move the reader works out
/// (``ScreenMove/play(until:limit:)``), asked of the viewer; its answer comes back as
/// ``PlaybackAction/played(_:)``. It stops at the last action, or follows again when it was
/// following. The reducer sees its own state and the selection passed in.
enum PlaybackReducer {
    typealias Update = FeatureUpdate<PlaybackAction.Delegate>

    /// Updates playing for `action`, on the viewer as `context` says it is.
    static func reduce(into state: inout PlaybackState, _ action: PlaybackAction, _ context: PlaybackAction.Context) -> Update {
        switch action {
        case .toggle:
            if state.playing != nil {
                state.playing = nil
                return .tell(.message("paused"))
            }
            guard context.selected != nil else { return .none }
            state.playing = Playback(wasFollowing: context.following)
            // At the end: play again from the first action.
            return .tell(.following(false), .move(.rewindAtEnd))
        case let .changePace(faster):
            // Playing, the clock lines up again at the next step.
            state.playing?.anchor = nil
            return .tell(.message(state.pace.change(faster: faster)))
        case .toggleRate:
            state.playing?.anchor = nil
            return .tell(.message(state.pace.toggleRate()))
        case let .clock(now):
            return advance(to: now, &state, context)
        case let .played(played):
            return takeIn(played, &state)
        }
    }

    /// Asks for the step due by `now` on the viewer's clock: the actions due since the anchor
    /// (at the recorded gaps divided by the speed, or one per interval of the fixed rate; with
    /// `max`, the next one), which the reader's answer selects.
    private static func advance(to now: UInt64, _ state: inout PlaybackState, _ context: PlaybackAction.Context) -> Update {
        guard var playback = state.playing else { return .none }
        // The screen of the last step is still to come: the next clock goes on from it (not
        // the detail: a large state's is read while playing goes on).
        if context.waitsForScreen { return .none }
        guard let entry = context.entry, entry.seq == context.selected else {
            // Nothing readable selected (damaged records): stop rather than wake the loop forever.
            state.playing = nil
            return .tell(.message("cannot play from here: the selected action is unreadable"))
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
                state.playing = playback
                return .none
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
        state.playing = playback
        return .tell(.move(.play(until: target, limit: limit)))
    }

    /// Takes in the step the reader played: the anchor moves to the action it reached, and
    /// the next step is due when the action after it is (at once when the step passed its
    /// most); with no action after it, playing ends there. A step asked before the pace
    /// changed only ends the wait.
    private static func takeIn(_ played: ScreenAnswer.Played, _ state: inout PlaybackState) -> Update {
        guard var playback = state.playing, let step = playback.step else { return .none }
        playback.step = nil
        guard var anchor = playback.anchor, step.pace == state.pace else {
            playback.nextDue = step.clock
            state.playing = playback
            return .none
        }
        guard let next = played.next else {
            // Played to the last action.
            state.playing = nil
            guard playback.wasFollowing else { return .tell(.message("played to the last action")) }
            return .tell(.following(true), .move(.opening(following: true)), .message("played to the last action: following"))
        }
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
        state.playing = playback
        return .none
    }
}
