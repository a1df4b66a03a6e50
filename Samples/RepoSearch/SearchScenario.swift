import StoreScope

/// Shape 5, swift-unidirectional-flow-like: `reduce(oldState:with:)`, actor middlewares,
/// `@Observable` store, `await store.send(...)`.
public enum RepoSearchSample: SampleApp {
    public static let name = "search"
    public static let summary = "Repository search on a unidirectional-flow store (@Observable, actor middleware, debounce, cancellation)"

    /// Types "sw" (superseded by "swift" before it answers: cancelled), "swift" (answers),
    /// "swiftui" (rate limited: fails), then "nio" (answers). Each query runs in its own task,
    /// as SwiftUI's `.task(id: query)` would, and a new query cancels the previous task.
    @StoreActor
    public static func runScenario(recorder: Recorder) async throws -> SampleRun {
        guard #available(iOS 17.0, macOS 14.0, macCatalyst 17.0, tvOS 17.0, watchOS 10.0, visionOS 1.0, *) else {
            throw SampleUnavailable(sample: name, needs: "macOS 14 (its store is @Observable)")
        }
        let network = FakeNetwork(script: ["GET /search?q=sw": [.hang], "GET /search?q=swiftui": [.fail("403 rate limit exceeded")]])
        let middleware = SearchMiddleware(dependencies: SearchService(network: network).dependencies, debounce: .milliseconds(5))
        let recording = recorder.store(name, initialState: SearchState(), actions: SearchAction.self)  // StoreScope
        let store = UnidirectionalFlow.Store(initialState: SearchState(), reducer: SearchReducer(), middlewares: [middleware], recording: recording)
        recording.allowControl(replaceState: { await store.replaceState($0) }, dispatch: { await store.send($0) })  // StoreScope

        let first = Task { await store.send(.search(query: "sw")) }           // [0]
        await network.waitUntilRequested("GET /search?q=sw")
        first.cancel()
        await first.value
        await Task { await store.send(.search(query: "swift")) }.value        // [1] -> [2]
        await Task { await store.send(.search(query: "swiftui")) }.value      // [3] fails
        await Task { await store.send(.search(query: "nio")) }.value          // [4] -> [5]

        return SampleRun(store: name, journal: store.journal.entries, effects: [
            ExpectedEffect("SearchMiddleware", parent: 0, outcome: .cancelled),
            ExpectedEffect("SearchMiddleware", parent: 1, emitted: [2], outcome: .finished),
            ExpectedEffect("SearchMiddleware", parent: 2, outcome: .finished),
            ExpectedEffect("SearchMiddleware", parent: 3, outcome: .failed("403 rate limit exceeded")),
            ExpectedEffect("SearchMiddleware", parent: 4, emitted: [5], outcome: .finished),
            ExpectedEffect("SearchMiddleware", parent: 5, outcome: .finished),
        ])
    }
}
