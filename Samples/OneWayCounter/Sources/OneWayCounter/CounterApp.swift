import OneWay
import StoreScope

/// One effect the scenario runs, as the tests expect to find it: its name, the journal index of
/// the action that started it, and how it ends.
public struct ExpectedEffect: Sendable {
    public var name: String
    public var parent: Int
    public var outcome: EffectOutcome
}

/// The counter app: a OneWay store whose reducer is recorded with StoreScope.
public final class CounterApp: Sendable {
    public typealias CounterStore = Store<JournalingReducer<CounterReducer>, ContinuousClock>
    public let store: CounterStore
    public let journal = CounterJournal()

    /// Starts the app, recording to the trace file at `tracePath`.
    public init(tracePath: String, service: FactService = FactService()) throws {
        // StoreScope: begin OneWay store
        let recorder = try Recorder(sink: .file(tracePath), configuration: .init(appName: "OneWayCounter"))  // StoreScope
        let recording = recorder.store("counter", initialState: CounterState(), actions: CounterAction.self)  // StoreScope
        let reducer = CounterReducer(recording: recording, service: service)  // StoreScope: recording:
        store = Store(reducer: JournalingReducer(base: reducer, journal: journal), state: CounterState())
        reducer.send.connect { [weak store] in await store?.send($0) }  // StoreScope
        // StoreScope: end OneWay store
    }

    /// The effects ``run()`` starts, in order.
    public static let scenarioEffects = [
        ExpectedEffect(name: "fetchFact", parent: 2, outcome: .finished),
        ExpectedEffect(name: "countUp", parent: 4, outcome: .finished),
        ExpectedEffect(name: "slowFact", parent: 8, outcome: .cancelled),
    ]

    /// Counts, fetches a fact, counts up three times in an effect, then starts a slow fact and
    /// cancels it. Journal: [0] increment, [1] increment, [2] fetchFact, [3] factLoaded,
    /// [4] countUp, [5...7] increment, [8] fetchSlowFact, [9] cancelSlowFact.
    public func run() async {
        await store.send(.increment)
        await store.send(.increment)
        await store.send(.fetchFact)
        await waitForJournal(count: 4)
        await store.send(.countUp(times: 3))
        await waitForJournal(count: 8)
        await store.send(.fetchSlowFact)
        await store.send(.cancelSlowFact)
        await waitForJournal(count: 10)
        while await !store.isIdle { await Task.yield() }
    }

    private func waitForJournal(count: Int) async {
        while journal.all.count < count { await Task.yield() }
    }
}
