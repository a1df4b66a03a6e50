import StoreScope

/// A todo app on the ReSwift-style store: struct and enum actions behind `any Action`, a
/// reducer over `State?`, a logging middleware, a middleware that dispatches a follow-up
/// action, and a thunk that loads todos.
extension ReSwiftStyle {
    struct Todo: Identifiable, Equatable, Sendable {
        var id: Int
        var title: String
        var done = false
    }

    struct TodoState: Equatable, Sendable {
        var todos: [Todo] = []
        var isLoading = false
        var allDone = false
    }

    struct AddTodo: Action, Equatable {
        var id: Int
        var title: String
    }

    struct ToggleTodo: Action, Equatable {
        var id: Int
    }

    /// Dispatched by ``completionMiddleware`` when the last open todo is done.
    struct AllDone: Action, Equatable {}

    enum Loading: Action, Equatable {
        case started
        case finished([Todo])
    }

    static func todoReducer(action: any Action, state: TodoState?) -> TodoState {
        var state = state ?? TodoState()
        switch action {
        case let add as AddTodo:
            state.todos.append(Todo(id: add.id, title: add.title))
            state.allDone = false
        case let toggle as ToggleTodo:
            if let index = state.todos.firstIndex(where: { $0.id == toggle.id }) { state.todos[index].done.toggle() }
        case is AllDone:
            state.allDone = true
        case Loading.started:
            state.isLoading = true
        case let Loading.finished(todos):
            state.isLoading = false
            state.todos += todos
        default:
            break
        }
        return state
    }

    /// Writes down the type of every action that enters the middleware chain.
    @MainActor
    final class ActionLog {
        private(set) var names: [String] = []
        func append(_ action: any Action) { names.append("\(type(of: action))") }
    }

    static func loggingMiddleware(_ log: ActionLog) -> Middleware<TodoState> {
        { _, _ in { next in { action in log.append(action); next(action) } } }
    }

    /// After a toggle that completes every todo, dispatches ``AllDone`` through the whole chain.
    static let completionMiddleware: Middleware<TodoState> = { dispatch, getState in
        { next in
            { action in
                next(action)
                if action is ToggleTodo, let state = getState(), !state.todos.isEmpty, state.todos.allSatisfy(\.done) {
                    dispatch(AllDone())
                }
            }
        }
    }

    /// The app's store, as the app creates it: the first state from ``ReSwiftInit``, recorded
    /// as the store `name`, with the logging, thunk and completion middlewares.
    @MainActor
    static func todoStore(_ name: String, recorder: Recorder, log: ActionLog, thunks: RunningThunks) -> Store<TodoState> {
        let state = todoReducer(action: ReSwiftInit(), state: nil)
        let recording = recorder.store(name, initialState: state, actions: (any Action).self)  // StoreScope
        return Store(
            reducer: todoReducer, state: state,
            middleware: [loggingMiddleware(log), thunkMiddleware(recording: recording, running: thunks), completionMiddleware],
            recording: recording)
    }

    /// A thunk that loads two todos from a slow service.
    static func loadTodos(from service: @escaping @Sendable () async -> [Todo]) -> Thunk<TodoState> {
        Thunk { dispatch, getState in
            guard getState()?.isLoading == false else { return }
            dispatch(Loading.started)
            let todos = await service()
            dispatch(Loading.finished(todos))
        }
    }
}
