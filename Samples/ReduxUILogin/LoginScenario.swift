import StoreScope

/// Shape 4, ReduxUI-like: route-aware reducer, middlewares streaming `MiddlewareAction`s,
/// deferred actions.
public enum ReduxUILoginSample: SampleApp {
    public static let name = "login"
    public static let summary = "Login/profile flow on a ReduxUI-like store (routes, middleware streams, deferred actions)"

    /// Signs in with a wrong password, then the right one (analytics fails both times), loads
    /// the profile, observes session expiry until the store is torn down (cancelled).
    @StoreActor
    public static func runScenario(recorder: Recorder) async throws -> SampleRun {
        let network = FakeNetwork(script: ["POST /analytics/login": [.fail("analytics endpoint unreachable"), .fail("analytics endpoint unreachable")]])
        let service = AuthService(network: network)
        let recording = recorder.store(name, initialState: LoginState(), actions: LoginAction.self)  // StoreScope
        let store = ReduxUI.Store(
            initialState: LoginState(), coordinator: ReduxUI.Coordinator(), reducer: LoginReducer(),
            middlewares: [AuthMiddleware(service: service), ProfileMiddleware(service: service), AnalyticsMiddleware(network: network)],
            recording: recording)
        recording.allowControl(replaceState: { await store.replaceState($0) }, dispatch: { await store.dispatch($0) })  // StoreScope

        store.dispatch(.setUsername("ada"))                       // [0]
        store.dispatch(.setPassword(password: "hunter2"))                   // [1]
        store.dispatch(.login)                                    // [2] -> auth emits [3]; analytics fails
        await store.settle()
        store.dispatch(.setPassword(password: "correct horse"))             // [4]
        store.dispatch(.login)                                    // [5] -> auth emits [6] (+ route)
        await store.settle()                                      // [6] -> profile emits [7]
        store.add(deferred: SessionObserver(service: service))
        service.expireSession()                                   // observer emits [8]
        await store.journal.wait(forCount: 9)
        await store.cancelAll()                                   // the observer is cancelled

        return SampleRun(store: name, journal: store.journal.entries, effects: [
            ExpectedEffect("AuthMiddleware", parent: 2, emitted: [3], outcome: .finished),
            ExpectedEffect("AnalyticsMiddleware", parent: 2, outcome: .failed("analytics endpoint unreachable")),
            ExpectedEffect("AuthMiddleware", parent: 5, emitted: [6], outcome: .finished),
            ExpectedEffect("AnalyticsMiddleware", parent: 5, outcome: .failed("analytics endpoint unreachable")),
            ExpectedEffect("ProfileMiddleware", parent: 6, emitted: [7], outcome: .finished),
            ExpectedEffect("SessionObserver", parent: nil, emitted: [8], outcome: .cancelled),
        ])
    }
}
