@testable import ContainerSeed
@testable import ElmSeed
import Foundation
@testable import ReduxSeed
@testable import ReduxUISeed
import StoreScope
import Testing
import TraceAnalysis

/// The four Combine seeds' stores, as written, recorded with `Publisher.recorded(_:by:startedBy:)`
/// and driven on the main queue as their `receive(on: DispatchQueue.main)` schedules them; each
/// trace is read back and held against the app's own journal.
@MainActor
@Suite struct SeedStoreTests {
    @Test("Elm-like store (000): every update and every fx, the empty ones, the merged pipe and the environment's publisher")
    func elmStore() async throws {
        let file = try TraceFile("elm")
        let app = try CounterApp(tracePath: file.path)
        await app.run()
        #expect(app.journal.entries.map(\.action) == [.increment, .fetchCount, .setCount(42), .incrementAndFetch, .setCount(7), .listen, .tick, .tick])
        #expect(app.store.state == AppModel(count: 9, isFetching: false))
        try expectTrace(try file.records(), store: "counter", matches: app.journal.entries, effects: CounterApp.scenarioEffects)
    }

    @Test("Simple Redux store (001): mutations are the actions, each intent an effect without a parent")
    func simpleReduxStore() async throws {
        let file = try TraceFile("redux")
        let app = try OnboardingApp(tracePath: file.path)
        await app.run()
        #expect(app.journal.entries.count == 2)
        #expect(app.store.state.hasShownOnboaring)
        try expectTrace(try file.records(), store: "onboarding", matches: app.journal.entries, effects: OnboardingApp.scenarioEffects)
    }

    @Test("Redux-like container (002): each effect sent after an action is its child and links what it sends")
    func containerStore() async throws {
        let file = try TraceFile("container")
        let app = try UsersApp(tracePath: file.path)
        await app.run()
        #expect(app.store.state == UsersState(query: "g", isLoading: false, users: [User(id: 3, name: "Grace")]))
        try expectTrace(try file.records(), store: "users", matches: app.journal.entries, effects: UsersApp.scenarioEffects)
    }

    @Test("ReduxUI store (003): middlewares' publishers on a serial queue, routes, .multiple and a deferred action")
    func reduxUIStore() async throws {
        let file = try TraceFile("reduxui")
        let app = try FetchUsersApp(tracePath: file.path)
        await app.run()
        #expect(app.coordinator.performed == [.alert(message: "Something went wrong!")])
        #expect(app.store.state.users == FixtureNetwork.users)
        #expect(app.store.state.errorMessage == "")
        try expectTrace(try file.records(), store: "users", matches: app.journal.entries, effects: FetchUsersApp.scenarioEffects)
    }
}
