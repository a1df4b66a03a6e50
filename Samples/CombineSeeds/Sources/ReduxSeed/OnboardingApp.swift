// Seed 001's example app without its views (`RootScreen`, `OnboardingScreen`): the onboarding
// state, reducer and mutation as published, the `AppAction` its view sends (which the seed does
// not show), and an intent whose mutation comes from off the main thread. The reducer's
// `@unknown default: break` is left out: over the app's own enum it only draws the warning
// "default will never be executed".
import Foundation
import OpenCombineShim  // port: was import Combine
import SeedJournal
import StoreScope  // StoreScope

typealias AppStore = Store<AppState, AppMutation>

struct AppState: Codable {
    var hasShownOnboaring = false
}

struct AppReducer: Reducer {
    func reduce(state: AppState, mutation: AppMutation) -> AppState {
        var state = state
        switch mutation {
        case .finishOnboarding:
            state.hasShownOnboaring = true
        }

        return state
    }
}

enum AppMutation {
    case finishOnboarding
}

/// What the onboarding screen sends (`store.send(action: AppAction.finishOnboarding)`).
enum AppAction: Action {
    case finishOnboarding

    func toMutation() -> AnyPublisher<AppMutation, Never> {
        Just(.finishOnboarding).eraseToAnyPublisher()
    }
}

/// Asks the server whether onboarding was finished on another device: it was, and the answer
/// arrives off the main thread, after a moment.
struct SyncOnboarding: Action {
    func toMutation() -> AnyPublisher<AppMutation, Never> {
        Deferred {
            Future<AppMutation, Never> { promise in
                DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(5)) { promise(.success(.finishOnboarding)) }
            }
        }.eraseToAnyPublisher()
    }
}

/// The app's reducer, appending each mutation and the state after it to the journal.
struct JournaledReducer: Reducer {
    let base: AppReducer
    let journal: Journal<AppState, AppMutation>

    func reduce(state: AppState, mutation: AppMutation) -> AppState {
        let state = base.reduce(state: state, mutation: mutation)
        journal.append(mutation, state: state)
        return state
    }
}

/// The onboarding app: seed 001's store, recorded with StoreScope into a trace file.
@MainActor
public final class OnboardingApp {
    let store: AppStore
    let journal: Journal<AppState, AppMutation>
    private let recorder: Recorder

    /// Starts the app, recording to the trace file at `tracePath`.
    public init(tracePath: String) throws {
        let journal = Journal<AppState, AppMutation>()
        let reducer = AnyReducer(reducer: JournaledReducer(base: AppReducer(), journal: journal))
        // StoreScope: begin Redux store
        let recorder = try Recorder(sink: .file(tracePath), configuration: .init(appName: "ReduxSeed"))  // StoreScope
        let recording = recorder.store("onboarding", initialState: AppState(), actions: AppMutation.self)  // StoreScope
        store = AppStore(initialState: AppState(), reducer: reducer, recording: recording)  // StoreScope: recording:
        // StoreScope: end Redux store
        self.recorder = recorder
        self.journal = journal
    }

    /// The effects ``run()`` starts, in order: one per action sent, without a parent (an
    /// action is an intent, never reduced itself), each emitting its mutation.
    static let scenarioEffects = [
        ExpectedEffect("AppAction", parent: nil, emitted: [0]),
        ExpectedEffect("SyncOnboarding", parent: nil, emitted: [1]),
    ]

    /// Journal: [0] finishOnboarding (from AppAction), [1] finishOnboarding (from
    /// SyncOnboarding). Then lets the effects complete and closes the trace.
    public func run() async {
        store.send(action: AppAction.finishOnboarding)
        await until { journal.entries.count == 1 }
        store.send(action: SyncOnboarding())
        await until { journal.entries.count == 2 }
        await settle()  // the last effects' completions
        recorder.close()
    }
}
