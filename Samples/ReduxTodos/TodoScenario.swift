import StoreScope

/// Shape 2, simple Redux: `Reducer.reduce(state:mutation:)`, actions mapped to mutation streams.
public enum ReduxTodosSample: SampleApp {
    public static let name = "todos"
    public static let summary = "Todo list on a simple Redux store (actions map to mutation streams)"

    /// Loads, adds and toggles todos; imports a shared list whose third item never arrives, so
    /// the user cancels the import; then saving fails.
    @StoreActor
    public static func runScenario(recorder: Recorder) async throws -> SampleRun {
        let network = FakeNetwork(script: ["GET /lists/camping/2": [.hang], "PUT /todos": [.fail("disk full")]])
        let service = TodoService(network: network)
        let recording = recorder.store(name, initialState: TodoState(), actions: TodoMutation.self)  // StoreScope
        let store = SimpleRedux.Store(initialState: TodoState(), reducer: SimpleRedux.AnyReducer(TodoReducer()), recording: recording)
        recording.allowControl(replaceState: { await store.replaceState($0) }, dispatch: { await store.update(mutation: $0) })  // StoreScope

        await store.send(action: LoadTodos(service: service)).value        // [0]
        await store.send(action: AddTodo(id: 3, title: "Fix the bike")).value  // [1]
        await store.send(action: ToggleTodo(id: 1)).value                 // [2]
        let importing = store.send(action: ImportSharedList(service: service, list: "camping"))
        await store.journal.wait(forCount: 5)                            // [3], [4] imported
        await network.waitUntilRequested("GET /lists/camping/2")
        importing.cancel()
        await importing.value
        await store.send(action: SaveTodos(service: service, todos: store.state.todos)).value
        await store.settle()

        return SampleRun(store: name, journal: store.journal.entries, effects: [
            ExpectedEffect("LoadTodos", parent: nil, emitted: [0], outcome: .finished),
            ExpectedEffect("AddTodo", parent: nil, emitted: [1], outcome: .finished),
            ExpectedEffect("ToggleTodo", parent: nil, emitted: [2], outcome: .finished),
            ExpectedEffect("ImportSharedList", parent: nil, emitted: [3, 4], outcome: .cancelled),
            ExpectedEffect("SaveTodos", parent: nil, outcome: .failed("disk full")),
        ])
    }
}
