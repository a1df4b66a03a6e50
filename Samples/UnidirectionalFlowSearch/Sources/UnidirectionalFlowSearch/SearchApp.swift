import StoreScope
import UnidirectionalFlow

/// One middleware call the scenario makes, as the tests expect to find it: the middleware, the
/// journal index of the action it processed, and the journal indexes of the actions it answered.
public struct ExpectedEffect: Hashable, Sendable {
    public var name: String
    public var parent: Int
    public var emitted: [Int]

    public init(name: String, parent: Int, emitted: [Int]) {
        self.name = name
        self.parent = parent
        self.emitted = emitted
    }
}

/// The search app: a swift-unidirectional-flow store recorded with StoreScope, and the app's
/// own journal of what its store did.
@MainActor
public final class SearchApp {
    public let store: Store<SearchState, SearchAction>
    public let journal = SearchJournal()

    /// Starts the app, recording to the trace file at `tracePath`.
    public init(tracePath: String) throws {
        let reducer = JournalingReducer(base: SearchReducer(), journal: journal)
        // StoreScope: begin swift-unidirectional-flow store
        let recorder = try Recorder(sink: .file(tracePath), configuration: .init(appName: "UnidirectionalFlowSearch"))  // StoreScope
        let recording = recorder.store("search", initialState: SearchState(), actions: SearchAction.self)  // StoreScope
        let middlewares = RecordedMiddlewares(base: [SearchMiddleware(), AnalyticsMiddleware()], recording: recording)  // StoreScope: was [SearchMiddleware(), AnalyticsMiddleware()]
        store = Store(initialState: SearchState(), reducer: RecordedReducer(base: reducer, recording: recording), middlewares: middlewares)  // StoreScope: RecordedReducer(base:recording:)
        middlewares.send.connect { [weak store] in await store?.send($0) }  // StoreScope
        // StoreScope: end swift-unidirectional-flow store
    }

    /// The middleware calls ``run()`` makes.
    public static let scenarioEffects: Set<ExpectedEffect> = [
        ExpectedEffect(name: "SearchMiddleware", parent: 0, emitted: [1]),
        ExpectedEffect(name: "AnalyticsMiddleware", parent: 0, emitted: []),
        ExpectedEffect(name: "SearchMiddleware", parent: 1, emitted: []),
        ExpectedEffect(name: "AnalyticsMiddleware", parent: 1, emitted: []),
        ExpectedEffect(name: "SearchMiddleware", parent: 2, emitted: [3]),
        ExpectedEffect(name: "AnalyticsMiddleware", parent: 2, emitted: []),
        ExpectedEffect(name: "SearchMiddleware", parent: 3, emitted: []),
        ExpectedEffect(name: "AnalyticsMiddleware", parent: 3, emitted: []),
    ]

    /// Searches twice, each time until the results are in. Journal: [0] search "sw",
    /// [1] its results, [2] search "swift-", [3] its results.
    public func run() async {
        await store.send(.search(query: "sw"))
        await store.send(.search(query: "swift-"))
    }
}
