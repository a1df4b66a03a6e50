/// Factories the release benchmark (`StoreScopeBenchmarks viewer`) needs to drive the viewer
/// as its loop does: the implicit initializers of these structs are internal to this module.
extension ViewerReducer {
    /// A reducer asking `source` every question.
    package static func reading(_ source: any TraceSource) -> ViewerReducer {
        ViewerReducer(source: source)
    }
}

extension GridDiff {
    /// A differ that uses colors when `colors` is set.
    package static func terminal(colors: Bool) -> GridDiff {
        GridDiff(colors: colors)
    }
}

extension ViewerState {
    /// Whether a search is reading the trace a part per tick (the benchmark ticks until done).
    package var isSearching: Bool { longSearch != nil }
}
