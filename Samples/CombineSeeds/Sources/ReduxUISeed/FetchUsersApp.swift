// The rest of an app on seed 003's code, which the README leaves to the reader: the route type,
// the coordinator, a middleware that shows an error and asks for a deferred action to clear it,
// a network answering from fixtures instead of jsonplaceholder.typicode.com, and the scenario.
import Foundation
import OpenCombineShim
import SeedJournal
import StoreScope  // StoreScope

enum RouteWrapperAction: RouteType, Equatable {
    case alert(message: String)
}

final class AppCoordinator: Coordinator {
    private(set) var performed: [RouteWrapperAction] = []

    func perform(_ route: RouteWrapperAction) {
        performed.append(route)
    }
}

/// On an error, shows an alert, ends loading, and clears the message a moment later.
final class ErrorMiddleware: Middleware {
    typealias State = AppState
    typealias Action = AppAction
    typealias Router = RouteWrapperAction

    func execute(_ state: AppState, action: AppAction) -> AnyPublisher<MiddlewareAction<AppAction, RouteWrapperAction>, Never>? {
        guard case let .error(message) = action, !message.isEmpty else { return nil }
        return Just(.multiple([
            .performRoute(.alert(message: message)),
            .performAction(.loadingEnded),
            .performDeferredAction(ClearError().eraseToAnyDeferredAction()),
        ])).eraseToAnyPublisher()
    }
}

/// Clears the error message a moment after it was shown.
struct ClearError: DeferredAction {
    func observe() -> AnyPublisher<AppAction, Never>? {
        Just(.error(message: ""))
            .delay(for: .milliseconds(5), scheduler: DispatchQueue.main)  // a serial queue: on a concurrent one, Delay may complete before it sends
            .eraseToAnyPublisher()
    }
}

/// The network: answers from fixtures off the main thread, the first request with the users, the
/// next with a failure.
final class FixtureNetwork: NetworkWrapperInterface {
    static let users = [
        UserDTO(id: 1, name: "Leanne Graham", username: "Bret", phone: "1-770-736-8031"),
        UserDTO(id: 2, name: "Ervin Howell", username: "Antonette", phone: "010-692-6593"),
    ]
    private var requests = 0

    func request<D: Decodable>(path: URL, decode: D.Type) -> AnyPublisher<D, NetworkError> {
        requests += 1
        let fails = requests > 1
        return Deferred {
            Future<D, NetworkError> { promise in
                DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(5)) {
                    let json = Data(#"[{"id":1,"name":"Leanne Graham","username":"Bret","phone":"1-770-736-8031"},{"id":2,"name":"Ervin Howell","username":"Antonette","phone":"010-692-6593"}]"#.utf8)
                    guard !fails, let decoded = try? JSONDecoder().decode(D.self, from: json) else {
                        return promise(.failure(NetworkError(response: nil, error: nil)))
                    }
                    promise(.success(decoded))
                }
            }
        }.eraseToAnyPublisher()
    }
}

/// Records the reducer's actions and states in the journal.
final class JournaledReducer: Reducer {
    let base = AppReducer()
    let journal: Journal<AppState, AppAction>

    init(journal: Journal<AppState, AppAction>) { self.journal = journal }

    func reduce(_ state: inout AppState, action: AppAction, performRoute: @escaping (RouteWrapperAction) -> Void) {
        base.reduce(&state, action: action, performRoute: performRoute)
        journal.append(action, state: state)
    }
}

/// The users app: seed 003's store, recorded with StoreScope into a trace file.
@MainActor
public final class FetchUsersApp {
    let store: Store<AppState, AppAction, RouteWrapperAction>
    let journal: Journal<AppState, AppAction>
    let coordinator: AppCoordinator
    private let recorder: Recorder

    /// Starts the app, recording to the trace file at `tracePath`.
    public init(tracePath: String) throws {
        let journal = Journal<AppState, AppAction>()
        let coordinator = AppCoordinator()
        let reducer = JournaledReducer(journal: journal).eraseToAnyReducer()  // AppReducer, journaled for the tests
        // StoreScope: begin ReduxUI store
        let recorder = try Recorder(sink: .file(tracePath), configuration: .init(appName: "ReduxUISeed"))  // StoreScope
        let recording = recorder.store("users", initialState: AppState(), actions: AppAction.self)  // StoreScope
        store = Store(initialState: AppState(), coordinator: coordinator.eraseToAnyCoordinator(), reducer: reducer, recording: recording)  // StoreScope: recording:
        // StoreScope: end ReduxUI store
        store.add(AppMiddleware(networkWrapper: FixtureNetwork()))
        store.add(ErrorMiddleware())
        self.journal = journal
        self.coordinator = coordinator
        self.recorder = recorder
    }

    /// The effects ``run()`` starts, in order.
    static let scenarioEffects = [
        ExpectedEffect("AppMiddleware", parent: 0, emitted: [1]),
        ExpectedEffect("AppMiddleware", parent: 2, emitted: [3]),
        ExpectedEffect("ErrorMiddleware", parent: 3, emitted: [4]),
        ExpectedEffect("deferred", parent: nil, emitted: [5]),
    ]

    /// Journal: [0] fetch, [1] updateUsers (2 users), [2] fetch, [3] error("Something went
    /// wrong!"), [4] loadingEnded, [5] error("") from the deferred action. Then lets the effects complete and closes the trace.
    public func run() async {
        store.dispatch(.fetch)
        await until { journal.entries.count == 2 }
        store.dispatch(.fetch)
        await until { journal.entries.count == 6 }
        await settle(pastTimersDueWithin: .milliseconds(5))  // the last effects' completions; the deferred action's Delay completes 5 ms after its value
        recorder.close()
    }
}
