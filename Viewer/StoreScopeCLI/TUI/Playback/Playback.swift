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
    /// The step asked of the reader and not answered yet (``ScreenMove/play(until:limit:)``).
    var step: Step?

    /// A step asked: the clock it was asked at, how many actions it may pass, and the pace
    /// it was worked out for.
    struct Step: Sendable, Equatable {
        var clock: UInt64
        var limit: Int
        var pace: PlayPace
    }
    /// How many due actions one playback step passes at most.
    static let actionsPerStep = 256

    /// How long the loop may wait for input before the next step is due, in milliseconds.
    static func timeout(for state: PlaybackState, now: UInt64, poll: Int32) -> Int32 {
        guard let playback = state.playing else { return poll }
        guard playback.anchor != nil, let due = playback.nextDue, due > now else { return 0 }
        // Rounded up to whole milliseconds without `+ 999_999` overflowing a due time far ahead.
        let nanos = due - now
        return Int32(min(UInt64(poll), nanos / 1_000_000 + (nanos % 1_000_000 == 0 ? 0 : 1)))
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
