import TraceAnalysis
import TraceFormat

/// The effects view (`e`): one row per effect of the trace in the order they started, each
/// with its lifetime as a bar along a time axis, and a cursor on one of them.
///
/// The lifetimes come from ``EffectLifetimes`` fed chunk by chunk by the reader
/// (``BackgroundReader/EffectsRequest``); they are kept here with the number of chunks already
/// read, so the trace is read once and afterwards only the chunks a growing trace appends. A
/// long trace is read a part at a time, each part an answer of the reader, so keys are answered
/// while the view fills in; until then effects with no end read yet are shown as such, not as
/// running.
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
    /// Whether the cursor should still move to the selected action's effect once more of the
    /// trace is read (the view opened before its effect was read, and the user has not moved).
    var pendingSync = false
    /// Whether more records arrived while the reader read a part: it reads on once it answers.
    var readsAgain = false
    /// The effect rows on screen, with their parent actions as the reader summarized them.
    var rows: [Row] = []
    /// The parent actions the reader summarized (`#4 .search(query: "swiftui")`), by seq.
    var parents: [UInt64: String] = [:]
    /// The parent actions asked of the reader and not answered yet.
    var parentsAsked: BackgroundReader.SummariesRequest?
    /// Whether the next screen the reader answers is where a key left the view (`enter` on an
    /// effect no action started): its selection becomes ``anchor``.
    var anchorsOnAnswer = false
    /// `f` in the view: only the effects whose id, name, store or outcome contain this text
    /// (ignoring case) are listed (`nil`: all).
    var filterText: String?
    /// `/` in the view: the text `n` and `N` look for.
    var searchText: String?

    /// Whether the effect matches `text`: its id, name, store or outcome contain it.
    static func matches(_ lifetime: EffectLifetime, _ text: String) -> Bool {
        let needle = text.lowercased()
        return "\(lifetime.effectID) \(lifetime.name) \(lifetime.store) \(lifetime.outcomeName)".lowercased().contains(needle)
    }

    /// The indices in `lifetimes` of the effects the filter lists.
    func visibleIndices(of lifetimes: [EffectLifetime]) -> [Int] {
        guard let filterText else { return Array(lifetimes.indices) }
        return lifetimes.indices.filter { Self.matches(lifetimes[$0], filterText) }
    }

    /// An effect on screen.
    struct Row: Sendable, Equatable {
        /// Its index in the lifetimes.
        var index: Int
        var lifetime: EffectLifetime
        /// The action that started it, summarized (`nil`: no parent, or it is not readable).
        var parent: String?
    }

    /// The effect under the cursor.
    var selected: EffectLifetime? { spans?.lifetimes[safe: cursor] }
}

/// The effect lifetimes of a trace and how far into the trace they were read.
struct EffectSpans: Sendable, Equatable {
    /// Which trace the lifetimes were read from, as the reader opened it: a source that opens
    /// another session starts over instead of reading on by index.
    var source: BackgroundReader.Trace
    var collected = EffectLifetimes()
    /// Chunks already taken in: the next pass starts there.
    var chunksRead = 0
    /// The trace's chunks when last read: while `chunksRead` is short of it, the trace is
    /// still being read and an effect without an end may have one further on.
    var chunksKnown = 0
    /// Whether the ``BackgroundReader`` is reading on from ``chunksRead``: its answer is a part.
    var isReadOffThread = false

    var isComplete: Bool { chunksRead >= chunksKnown }
    /// How much of the trace was read, in percent.
    var percentRead: Int { chunksKnown == 0 ? 100 : chunksRead * 100 / chunksKnown }
    /// The session start, to show times relative to it.
    var startNanos: UInt64

    /// The fx marks that belong to another row than the one the event's record follows, from
    /// the effects read so far, on the action that started the effect: `S`, then `F` failed,
    /// `C` cancelled and `L` leaked (still running at an orderly session end).
    var outcomeMarks: [UInt64: String] = [:]
    /// Effects no reducer started: their end is marked where it was recorded.
    var parentless: Set<UInt64> = []

    /// Works out ``outcomeMarks`` and ``parentless`` again from the lifetimes.
    mutating func noteMarks() {
        var marks: [UInt64: String] = [:]
        parentless = []
        let leaksKnown = isComplete && collected.sessionEnded
        for lifetime in lifetimes {
            guard let parent = lifetime.parentSeq else { parentless.insert(lifetime.effectID); continue }
            if marks[parent]?.contains("S") != true { marks[parent, default: ""].append("S") }
            let mark: Character?
            switch lifetime.end?.outcome {
            case .failed?: mark = "F"
            case .cancelled?: mark = "C"
            case .finished?: mark = nil
            case nil: mark = leaksKnown && !lifetime.endMayBeMissing ? "L" : nil
            }
            if let mark, marks[parent]?.contains(mark) != true { marks[parent, default: ""].append(mark) }
        }
        outcomeMarks = marks
    }

    var lifetimes: [EffectLifetime] { collected.lifetimes }
    /// Where running effects' bars end: the latest time in the trace.
    var endNanos: UInt64 { collected.traceEndNanos }

    static func == (lhs: EffectSpans, rhs: EffectSpans) -> Bool {
        lhs.source == rhs.source && lhs.isReadOffThread == rhs.isReadOffThread && lhs.outcomeMarks == rhs.outcomeMarks && lhs.chunksRead == rhs.chunksRead && lhs.chunksKnown == rhs.chunksKnown && lhs.startNanos == rhs.startNanos && lhs.lifetimes == rhs.lifetimes
            && lhs.endNanos == rhs.endNanos && lhs.collected.sessionEnded == rhs.collected.sessionEnded
    }
}
