import UnidirectionalFlow

/// A repository found by a search.
public struct Repo: Codable, Equatable, Sendable {
    public var name: String
    public var stars: Int
}

/// The search screen's state.
public struct SearchState: Codable, Equatable, Sendable {
    public var query = ""
    public var repos: [Repo] = []
    public var isLoading = false

    public init() {}
}

/// What the search screen does.
public enum SearchAction: Codable, Equatable, Sendable {
    case search(query: String)
    case setResults(repos: [Repo])
}

/// The reducer, in swift-unidirectional-flow's shape.
public struct SearchReducer: Reducer {
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

/// Searches the (fake) repository service for each `.search`.
public actor SearchMiddleware: Middleware {
    public init() {}

    public func process(state: SearchState, with action: SearchAction) async -> SearchAction? {
        guard case let .search(query) = action else { return nil }
        await Task.yield()
        let all = [Repo(name: "swift", stars: 66_000), Repo(name: "swift-syntax", stars: 3_200), Repo(name: "swiftlint", stars: 18_000)]
        return .setResults(repos: all.filter { $0.name.hasPrefix(query) })
    }
}

/// Counts the actions it sees and answers nothing (an analytics middleware).
public actor AnalyticsMiddleware: Middleware {
    public private(set) var seen = 0

    public init() {}

    public func process(state: SearchState, with action: SearchAction) async -> SearchAction? {
        seen += 1
        return nil
    }
}
