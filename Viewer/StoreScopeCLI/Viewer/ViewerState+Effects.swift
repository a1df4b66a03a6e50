import TraceAnalysis
import TraceFormat

/// The effects view (`e`): one row per effect of the trace in the order they started, each
/// with its lifetime as a bar along a time axis, and a cursor on one of them.
///
/// The lifetimes come from ``EffectLifetimes`` fed chunk by chunk from the engine; they are
/// kept here with the number of chunks already read, so the trace is read once, the first
/// time the view opens, and afterwards only the chunks a growing trace appends.
struct EffectsView: Sendable, Equatable {
    /// Whether the effects view replaces the timeline and the action detail.
    var isShown = false
    /// Every effect read so far (`nil` until the view first opens).
    var spans: EffectSpans?
    /// The index in `spans.lifetimes` of the effect under the cursor.
    var cursor = 0
    /// The index of the first effect row shown.
    var top = 0
    /// The timeline selection when the view was last left: reopening on the same selection
    /// keeps the cursor where it was.
    var anchor: UInt64?
    /// The effect rows on screen, with their parent actions read from the engine.
    var rows: [Row] = []

    /// An effect on screen.
    struct Row: Sendable, Equatable {
        var lifetime: EffectLifetime
        /// The action that started it, summarized (`nil`: no parent, or it is not readable).
        var parent: String?
    }

    /// The effect under the cursor.
    var selected: EffectLifetime? { spans?.lifetimes[safe: cursor] }
}

/// The effect lifetimes of a trace and how far into the trace they were read.
struct EffectSpans: Sendable, Equatable {
    var collected = EffectLifetimes()
    /// Chunks already taken in: the next pass starts there.
    var chunksRead = 0
    /// The session start, to show times relative to it.
    var startNanos: UInt64

    var lifetimes: [EffectLifetime] { collected.lifetimes }
    /// Where running effects' bars end: the latest time in the trace.
    var endNanos: UInt64 { collected.traceEndNanos }

    static func == (lhs: EffectSpans, rhs: EffectSpans) -> Bool {
        lhs.chunksRead == rhs.chunksRead && lhs.startNanos == rhs.startNanos && lhs.lifetimes == rhs.lifetimes
            && lhs.endNanos == rhs.endNanos && lhs.collected.sessionEnded == rhs.collected.sessionEnded
    }
}
