// An app on seed 002's store (the seed shows the store only): a user search whose effects are
// publishers of actions, sent with `send(_ effect:)` after the action that asked for them.
import Foundation
import OpenCombineShim
import SeedJournal
import StoreScope  // StoreScope

struct User: Equatable, Codable {
    var id: Int
    var name: String
}

struct UsersState: Equatable, Codable {
    var query = ""
    var isLoading = false
    var users: [User] = []
}

enum UsersAction: Equatable {
    case setQuery(String)
    case setLoading(Bool)
    case setResults([User])
}

func usersReducer(state: inout UsersState, action: UsersAction) {
    switch action {
    case let .setQuery(query):
        state.query = query
    case let .setLoading(isLoading):
        state.isLoading = isLoading
    case let .setResults(users):
        state.users = users
        state.isLoading = false
    }
}

/// The server: answers off the main thread, after a moment.
struct UsersAPI {
    static let all = [User(id: 1, name: "Ada"), User(id: 2, name: "Alan"), User(id: 3, name: "Grace")]

    func users(matching query: String) -> AnyPublisher<[User], Never> {
        Deferred {
            Future<[User], Never> { promise in
                let found = Self.all.filter { $0.name.lowercased().hasPrefix(query.lowercased()) }
                DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(5)) { promise(.success(found)) }
            }
        }.eraseToAnyPublisher()
    }

    /// The search effect: loading at once, then the results.
    func search(_ query: String) -> AnyPublisher<UsersAction, Never> {
        Just(UsersAction.setLoading(true))
            .append(users(matching: query).map(UsersAction.setResults))
            .eraseToAnyPublisher()
    }
}

/// The users app: seed 002's store, recorded with StoreScope into a trace file.
@MainActor
public final class UsersApp {
    let store: Store<UsersState, UsersAction>
    let journal: Journal<UsersState, UsersAction>
    private let recorder: Recorder
    private let api = UsersAPI()

    /// Starts the app, recording to the trace file at `tracePath`.
    public init(tracePath: String) throws {
        let journal = Journal<UsersState, UsersAction>()
        let reducer = journal.reducer(usersReducer)  // the app's reducer, journaled for its tests
        // StoreScope: begin Container store
        let recorder = try Recorder(sink: .file(tracePath), configuration: .init(appName: "ContainerSeed"))  // StoreScope
        let recording = recorder.store("users", initialState: UsersState(), actions: UsersAction.self)  // StoreScope
        store = Store(initialState: UsersState(), reducer: reducer, recording: recording)  // StoreScope: recording:
        // StoreScope: end Container store
        self.recorder = recorder
        self.journal = journal
    }

    /// The effects ``run()`` sends, in order: each a child of the query sent just before it.
    static let scenarioEffects = [
        ExpectedEffect("effect", parent: 0, emitted: [1, 2]),
        ExpectedEffect("effect", parent: 3, emitted: [4, 5]),
    ]

    /// Journal: [0] setQuery("a"), [1] setLoading(true), [2] setResults (Ada, Alan), [3]
    /// setQuery("g"), [4] setLoading(true), [5] setResults (Grace). Then lets the effects complete and closes the trace.
    public func run() async {
        store.send(.setQuery("a"))
        store.send(api.search("a"))
        await until { journal.entries.count == 3 }
        store.send(.setQuery("g"))
        store.send(api.search("g"))
        await until { journal.entries.count == 6 }
        await settle()  // the last effects' completions
        recorder.close()
    }
}
