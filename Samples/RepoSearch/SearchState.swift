/// A repository found by search.
public struct Repo: Sendable, Hashable, Identifiable, Codable {
    public var id: Int
    public var name: String
    public var stars: Int
}

/// The search screen's state (`Codable` so a recorded session can be replayed through `SearchReducer` with `ReducerReplay`).
public struct SearchState: Sendable, Equatable, Codable {
    /// The query typed.
    public var query = ""
    /// The results of the latest finished search.
    public var repos: [Repo] = []
    /// Whether a search is in flight.
    public var isLoading = false

    /// The screen before anything was typed.
    public init() {}
}

/// What can happen on the search screen.
public enum SearchAction: Sendable, Equatable, Codable {
    /// The query changed: search (debounced).
    case search(query: String)
    /// Results arrived.
    case setResults(repos: [Repo])
}

/// The search screen's reducer.
public struct SearchReducer: UnidirectionalFlow.Reducer {
    public init() {}

    public func reduce(oldState: SearchState, with action: SearchAction) -> SearchState {
        var state = oldState
        switch action {
        case let .search(query):
            state.query = query
            state.isLoading = true
        case let .setResults(repos):
            state.repos = repos
            state.isLoading = false
        }
        return state
    }
}

/// Searches after the query has been still for `debounce`; a newer query cancels the task
/// of the older one, which then answers nothing.
public actor SearchMiddleware: UnidirectionalFlow.Middleware {
    /// What the middleware needs from outside.
    public struct Dependencies: Sendable {
        /// Searches repositories.
        public var search: @Sendable (String) async throws -> [Repo]
    }

    let dependencies: Dependencies
    let debounce: Duration

    public init(dependencies: Dependencies, debounce: Duration) {
        self.dependencies = dependencies
        self.debounce = debounce
    }

    public func process(state: SearchState, with action: SearchAction) async throws -> SearchAction? {
        guard case let .search(query) = action else { return nil }
        try await Task.sleep(for: debounce)
        let repos = try await dependencies.search(query)
        try Task.checkCancellation()
        return .setResults(repos: repos)
    }
}
