import ComposableArchitecture
import StoreScopeTCA  // for .recordedCancellable

/// A todo list the size of the app of issue 39's item 10: thousands of todos in
/// `@ObservableState`, each toggled and edited through `forEach`, a debounced search whose
/// `.run` a newer search cancels, a timer's tick, and a settings child under `Scope`.
@Reducer
struct TodosFeature {
    @ObservableState
    struct State: Equatable, Sendable {
        var todos: IdentifiedArrayOf<Todo.State> = []
        var query = ""
        var matches = 0
        var secondsElapsed = 0
        var settings = Settings.State()
    }

    enum Action: Equatable, Sendable {
        case todos(IdentifiedActionOf<Todo>)
        case searchChanged(String)
        case searchFinished(String)
        case timerTicked
        case settings(Settings.Action)
    }

    enum CancelID { case search }

    @Dependency(\.continuousClock) var clock

    var body: some ReducerOf<Self> {
        Scope(state: \.settings, action: \.settings) { Settings() }
        Reduce { state, action in
            switch action {
            case .todos:
                return .none
            case let .searchChanged(query):
                state.query = query
                return .run { [clock] send in
                    try await clock.sleep(for: .milliseconds(300))
                    await send(.searchFinished(query))
                }
                .recordedCancellable(id: CancelID.search, cancelInFlight: true)
            case let .searchFinished(query):
                state.matches = state.todos.filter { $0.title.contains(query) }.count
                return .none
            case .timerTicked:
                state.secondsElapsed += 1
                return .none
            case .settings:
                return .none
            }
        }
        .forEach(\.todos, action: \.todos) { Todo() }
    }
}

@Reducer
struct Todo {
    @ObservableState
    struct State: Equatable, Identifiable, Sendable {
        let id: Int
        var title: String
        var isComplete = false
    }

    enum Action: Equatable, Sendable {
        case toggled
        case edited(String)
    }

    var body: some ReducerOf<Self> {
        Reduce { state, action in
            switch action {
            case .toggled: state.isComplete.toggle()
            case let .edited(title): state.title = title
            }
            return .none
        }
    }
}

@Reducer
struct Settings {
    @ObservableState
    struct State: Equatable, Sendable {
        var hidesCompleted = false
        var sortsByTitle = false
    }

    enum Action: Equatable, Sendable {
        case hidesCompletedToggled
        case sortsByTitleToggled
    }

    var body: some ReducerOf<Self> {
        Reduce { state, action in
            switch action {
            case .hidesCompletedToggled: state.hidesCompleted.toggle()
            case .sortsByTitleToggled: state.sortsByTitle.toggle()
            }
            return .none
        }
    }
}
