import StoreScope

/// Shape 3, Redux-like container: `(inout State, Action) -> Void`, `send(effect)`, `binding(for:)`.
public enum UsersContainerSample: SampleApp {
    public static let name = "users"
    public static let summary = "Users directory on a Redux-like container (inout reducer, send(effect), bindings, routes)"

    /// Fetches users (the first attempt fails, the retry works), filters through a binding,
    /// opens a user whose details hang, then another, which cancels the first load.
    @StoreActor
    public static func runScenario(recorder: Recorder) async throws -> SampleRun {
        let network = FakeNetwork(script: ["GET /users": [.fail("503 Service Unavailable")], "GET /users/1": [.hang]])
        let service = UsersService(network: network)
        let recording = recorder.store(name, initialState: UsersState(), actions: UsersAction.self)  // StoreScope
        let store = ReduxContainer.Store(
            initialState: UsersState(), reducer: usersReducer, recording: recording,
            failure: { .failed(String(describing: $0)) })
        recording.allowControl(replaceState: { await store.replaceState($0) }, dispatch: { action in await store.send(action) })  // StoreScope
        let filter = store.binding(for: \.filter, UsersAction.setFilter)
        let route = store.binding(for: \.route, UsersAction.navigate)

        store.send(.fetch)                                        // [0]
        store.send(service.fetchUsers())                          // fails -> store sends [1]
        await store.settle()
        store.send(.fetch)                                        // [2]
        store.send(service.fetchUsers())                          // emits [3]
        await store.settle()
        filter.set("a")                                           // [4]
        route.set(.detail(userID: 1))                             // [5]
        store.send(service.fetchDetails(userID: 1))               // hangs
        await network.waitUntilRequested("GET /users/1")
        route.set(.detail(userID: 2))                             // [6]
        store.send(service.fetchDetails(userID: 2))               // cancels the first, emits [7]
        await store.settle()
        route.set(nil)                                            // [8]

        return SampleRun(store: name, journal: store.journal.entries, effects: [
            ExpectedEffect("fetchUsers", parent: 0, outcome: .failed("503 Service Unavailable")),
            ExpectedEffect("fetchUsers", parent: 2, emitted: [3], outcome: .finished),
            ExpectedEffect("details", parent: 5, outcome: .cancelled),
            ExpectedEffect("details", parent: 6, emitted: [7], outcome: .finished),
        ])
    }
}
