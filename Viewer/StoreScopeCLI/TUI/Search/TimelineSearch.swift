import TraceAnalysis
import TraceFormat

/// The timeline's search as a feature's state: the last search `n` and `N` repeat, and the
/// search the reader is reading (``LongSearch``).
struct TimelineSearch: Sendable, Equatable {
    /// The last search, for `n` and `N`.
    var last: Filter?
    /// The search the reader reads a part at a time, while one runs.
    var running: LongSearch?
    /// How many searches were started: the number of the next one's (``LongSearch/number``).
    var started = 0
}

/// A search that may read far into the trace (`/` ⏎, `n`, `N`, applying a filter, `}` `{`,
/// `)` `(`), read by the reader a part at a time (``SearchRequest``, ``SearchReader``) so the
/// screen never freezes: the prompt line shows how far it got after each part, a screen or a
/// detail asked meanwhile is answered between two parts, and any key cancels it (`esc` only
/// cancels; another key is then answered as usual).
package struct LongSearch: Sendable, Equatable {
    /// What the search is for, and what it does with the action it finds.
    package enum Goal: Sendable, Equatable {
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
    /// Which search it is (``TimelineSearch/started``): the reader's answers for a search
    /// since cancelled or replaced are dropped.
    var number: Int
    /// How much of what it has to read was read, in percent.
    var percent = 0
    /// How many parts the reader answered so far: the key's frame waits for the first.
    var partsRead = 0

    /// Whether the timeline waits for it (a filter being applied).
    var isFiltering: Bool { if case .filter = goal { true } else { false } }
}

/// What `}` and `{` look for: an action of `store` whose changes touch `path`.
package struct PathChange: Sendable, Equatable {
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
    /// Whether the loop should tick without waiting: a tree search is reading in parts (what
    /// the reader reads, a search of the trace and the effects among them, only shortens the
    /// wait: ``ViewerApp/detailWait``).
    var isReading: Bool { treeSearchRun != nil }
}
