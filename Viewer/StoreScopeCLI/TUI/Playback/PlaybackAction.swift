import TraceAnalysis

/// What playing through the states does (``PlaybackReducer``): `space` plays and pauses,
/// `+` `-` `*` change the pace, the loop's clock steps, the reader's answer lands a step.
package enum PlaybackAction: Sendable, Equatable {
    /// `space`: play from the selected action (from the first at the last), or pause.
    case toggle
    /// `+` (`faster`) or `-`: the next speed, or the next rate when playing at one.
    case changePace(faster: Bool)
    /// `*`: a fixed rate per action, or the recorded pace again.
    case toggleRate
    /// The loop's clock (``ViewerAction/clock(nanos:)``): the step due by then, while playing.
    case clock(nanos: UInt64)
    /// The reader played the step asked (``ScreenMove/play(until:limit:)``).
    case played(ScreenAnswer.Played)

    /// What playing asks of the viewer.
    enum Delegate: Sendable, Equatable {
        /// A line for the message line.
        case message(String)
        /// Whether new records move the selection to the last action (playing stops following;
        /// playing to the end follows again when it followed before).
        case following(Bool)
        /// Move the timeline: to the first action at the end, a step, the last action.
        case move(ScreenMove)
    }

    /// What playing reads of the viewer, read-only.
    struct Context: Sendable, Equatable {
        /// The selected action's seq (`nil`: none), and the action once read.
        var selected: UInt64?
        var entry: ActionEntry?
        /// Whether new records move the selection to the last action.
        var following: Bool
        /// Whether the timeline waits for the reader's screen (the last step's, maybe).
        var waitsForScreen: Bool
    }
}
