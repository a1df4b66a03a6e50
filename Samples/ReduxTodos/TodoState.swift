/// A todo.
public struct Todo: Sendable, Hashable, Decodable {
    /// Its id.
    public var id: Int
    /// What to do.
    public var title: String
    /// Whether it is done.
    public var isDone = false
}

/// The todo app's state.
public struct TodoState: Sendable, Equatable, Decodable {
    /// The todos.
    public var todos: [Todo] = []
    /// Todos imported from a shared list.
    public var importedCount = 0
}

/// The synchronous changes the reducer applies.
public enum TodoMutation: Sendable, Equatable, Decodable {
    /// The todos were loaded.
    case loaded([Todo])
    /// A todo was added.
    case added(Todo)
    /// A todo was checked or unchecked.
    case toggled(id: Int)
    /// A todo arrived from a shared list.
    case imported(Todo)
}

/// Applies todo mutations.
public struct TodoReducer: SimpleRedux.Reducer {
    /// Creates the reducer.
    public init() {}

    /// Returns `state` changed by `mutation`.
    public func reduce(state: TodoState, mutation: TodoMutation) -> TodoState {
        var state = state
        switch mutation {
        case let .loaded(todos):
            state.todos = todos
        case let .added(todo):
            state.todos.append(todo)
        case let .toggled(id):
            if let index = state.todos.firstIndex(where: { $0.id == id }) { state.todos[index].isDone.toggle() }
        case let .imported(todo):
            state.todos.append(todo)
            // The injected bug (a test's switch, off otherwise) forgets to count the import.
            if InjectedBug.active != .todosImportNotCounted { state.importedCount += 1 }
        }
        return state
    }
}
