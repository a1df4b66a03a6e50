import TraceAnalysis
import TraceFormat

/// The timeline's search as a feature's state: the last search `n` and `N` repeat, the search
/// running (``LongSearch``) and how much each of its parts may read.
struct TimelineSearch: Sendable, Equatable {
    /// The last search, for `n` and `N`.
    var last: Filter?
    /// The search reading the trace a part at a time, while one runs.
    var running: LongSearch?
    /// How much each of its parts reads.
    var budget = PartBudget()
}

/// A search that may read far into the trace (`/` ⏎, `n`, `N`, applying a filter, `}` `{`,
/// `)` `(`),
/// run a part at a time so the screen never freezes: the key that starts it reads one part,
/// each `.tick` reads another (the loop ticks without waiting while one runs), the prompt line
/// shows how far it got, and any key cancels it (`esc` only cancels; another key is then
/// answered as usual). Each part reads ``PartBudget/chunks`` chunks at a time for at most
/// ``PartBudget/time``.
struct LongSearch: Sendable, Equatable {
    /// What the search is for, and what it does with the action it finds.
    enum Goal: Sendable, Equatable {
        /// `/` ⏎, `n`, `N`: the next match of the search, selected.
        case match(Filter)
        /// Applying a filter: the action it shows nearest the selection (forward from it, then
        /// backward), selected once the filter is in place.
        case filter(Filter)
        /// `}` `{`: the next change of a path.
        case change(PathChange)
        /// `)` `(`: the next action the app placed a mark after (`Recorder.mark`).
        case appMark
    }

    var goal: Goal
    /// The direction of the current pass (a filter searches forward, then backward).
    var forward: Bool
    /// The selection when it began, and where the next part starts (after it forward,
    /// before it backward).
    var origin: UInt64
    var resume: UInt64
    /// How much of what it has to read was read, in percent.
    var percent = 0
    /// The engine searched: a source switched meanwhile drops the search.
    var engine: ObjectIdentifier

    /// Whether the timeline waits for it (a filter being applied).
    var isFiltering: Bool { if case .filter = goal { true } else { false } }
}

/// What `}` and `{` look for: an action of `store` whose changes touch `path`.
struct PathChange: Sendable, Equatable {
    var path: [PathComponent]
    var store: String
    /// The path for messages.
    var name: String
    /// The node at the path after the selection, carried along by the forward pass (`nil`:
    /// the state there is unknown, so the engine's `path:` filter is used instead).
    var node: TraceValue??
    /// Whether the detail cursor should stay on the path (the keys were pressed in the detail).
    var keepsCursor: Bool
}

extension ViewerState {
    /// Whether the loop should tick without waiting: a search (of the trace or of a tree) or the
    /// effects view is reading in parts (a detail read off the thread only shortens the wait:
    /// ``ViewerApp/detailWait``; so do the timeline's large chunks, a search waiting for them too).
    var isReading: Bool { search.running != nil && timeline.chunksAsked == nil || treeSearchRun != nil || effects.isReading }
}
