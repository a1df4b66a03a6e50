/// Loads the todos from the server.
public struct LoadTodos: SimpleRedux.Action {
    let service: TodoService
    public func toMutation() -> AsyncThrowingStream<TodoMutation, any Error> {
        mutations { emit in emit(.loaded(try await service.fetchTodos())) }
    }
}

/// Adds a todo (no I/O: one mutation at once).
public struct AddTodo: SimpleRedux.Action {
    let id: Int
    let title: String
    public func toMutation() -> AsyncThrowingStream<TodoMutation, any Error> {
        mutations { [id, title] emit in emit(.added(Todo(id: id, title: title))) }
    }
}

/// Checks or unchecks a todo.
public struct ToggleTodo: SimpleRedux.Action {
    let id: Int
    public func toMutation() -> AsyncThrowingStream<TodoMutation, any Error> {
        mutations { [id] emit in emit(.toggled(id: id)) }
    }
}

/// Imports a shared list, one todo at a time as the server sends them.
public struct ImportSharedList: SimpleRedux.Action {
    let service: TodoService
    let list: String
    public func toMutation() -> AsyncThrowingStream<TodoMutation, any Error> {
        mutations { [list] emit in
            for try await todo in service.sharedList(list) { emit(.imported(todo)) }
        }
    }
}

/// Saves the todos to the server (produces no mutation).
public struct SaveTodos: SimpleRedux.Action {
    let service: TodoService
    let todos: [Todo]
    public func toMutation() -> AsyncThrowingStream<TodoMutation, any Error> {
        mutations { [todos] _ in try await service.save(todos) }
    }
}
