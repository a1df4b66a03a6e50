// Seed 000's example app (StoreExampleView.swift) without its view, grown into a scenario: an
// API answering off the main thread, a `pipe` that merges two fx, and a long-lived publisher
// from the environment, as the store's comments describe them.
import Foundation
import OpenCombineShim  // port: was import Combine
import SeedJournal
import StoreScope  // StoreScope

enum AppAction: Equatable {
    case increment
    case fetchCount
    case setCount(Int)
    case incrementAndFetch
    case listen
    case tick
}

// Services like API methods go here
struct AppEnvironment {
    /// The API: answers off the main thread, after a moment.
    var fetchCount: () -> AnyPublisher<Int, Never>
    /// Events from outside the store (a timer, a keyboard listener).
    var ticks: PassthroughSubject<Void, Never>
}

// The seed's `AppModel` is not `Equatable`, which its store requires, and its update says
// `var model = self` (in a static function) and `Change(state:)` (for `Update`): fixed as meant.
struct AppModel: Equatable, Codable {
    var count = 0
    var isFetching = false

    static func update(
        model: AppModel,
        environment: AppEnvironment,
        action: AppAction
    ) -> Update<AppModel, AppAction> {
        var model = model
        switch action {
        case .increment:
            model.count = model.count + 1
            return Update(state: model)
        case .fetchCount:
            model.isFetching = true
            let fx = environment.fetchCount()
                .receive(on: DispatchQueue.main)
                .map(AppAction.setCount)
                .eraseToAnyPublisher()
            return Update(state: model, fx: fx)
        case let .setCount(count):
            model.count = count
            model.isFetching = false
            return Update(state: model)
        case .incrementAndFetch:
            return update(model: model, environment: environment, action: .increment)
                .pipe { update(model: $0, environment: environment, action: .fetchCount) }
        case .listen:
            return Update(state: model, fx: environment.ticks.map { AppAction.tick }.eraseToAnyPublisher())
        case .tick:
            model.count = model.count + 1
            return Update(state: model)
        }
    }
}

/// The counter app: seed 000's store, recorded with StoreScope into a trace file.
@MainActor
public final class CounterApp {
    let store: Store<AppModel, AppEnvironment, AppAction>
    let journal: Journal<AppModel, AppAction>
    private let recorder: Recorder
    private let ticks: PassthroughSubject<Void, Never>

    /// Starts the app, recording to the trace file at `tracePath`.
    public init(tracePath: String) throws {
        let journal = Journal<AppModel, AppAction>()
        let ticks = PassthroughSubject<Void, Never>()
        var answers = [42, 7]
        let environment = AppEnvironment(
            fetchCount: {
                Deferred {
                    Future<Int, Never> { promise in
                        let answer = answers.removeFirst()
                        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(5)) { promise(.success(answer)) }
                    }
                }.eraseToAnyPublisher()
            },
            ticks: ticks)
        let logger = Logger(subsystem: "CombineSeeds", category: "counter")
        // The app's update, appending each action and the state after it to the journal.
        let update = { (model: AppModel, environment: AppEnvironment, action: AppAction) in
            let change = AppModel.update(model: model, environment: environment, action: action)
            journal.append(action, state: change.state)
            return change
        }
        // StoreScope: begin Elm store
        let recorder = try Recorder(sink: .file(tracePath), configuration: .init(appName: "ElmSeed"))  // StoreScope
        let recording = recorder.store("counter", initialState: AppModel(), actions: AppAction.self)  // StoreScope
        store = Store(update: update, state: AppModel(), environment: environment, logger: logger, recording: recording)  // StoreScope: recording:
        // StoreScope: end Elm store
        self.recorder = recorder
        self.journal = journal
        self.ticks = ticks
    }

    /// The effects ``run()`` starts, in order: every update's fx, the empty default too.
    static let scenarioEffects = [
        ExpectedEffect("fx", parent: 0, emitted: []),
        ExpectedEffect("fx", parent: 1, emitted: [2]),
        ExpectedEffect("fx", parent: 2, emitted: []),
        ExpectedEffect("fx", parent: 3, emitted: [4]),  // the merge of .increment's and .fetchCount's
        ExpectedEffect("fx", parent: 4, emitted: []),
        ExpectedEffect("fx", parent: 5, emitted: [6, 7]),
        ExpectedEffect("fx", parent: 6, emitted: []),
        ExpectedEffect("fx", parent: 7, emitted: []),
    ]

    /// Journal: [0] increment, [1] fetchCount, [2] setCount(42) from the API, [3]
    /// incrementAndFetch, [4] setCount(7), [5] listen, [6...7] tick from the environment. Then
    /// closes the trace.
    public func run() async {
        store.send(action: .increment)
        store.send(action: .fetchCount)
        await until { journal.entries.count == 3 }
        store.send(action: .incrementAndFetch)
        await until { journal.entries.count == 5 }
        store.send(action: .listen)
        ticks.send()
        ticks.send()
        ticks.send(completion: .finished)
        await settle()  // the last effects' completions
        recorder.close()
    }
}
