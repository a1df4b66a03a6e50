/// The todo server, faked over a scripted ``FakeNetwork``.
public struct TodoService: Sendable {
    /// The network the requests go through.
    public let network: FakeNetwork

    /// Creates a service over `network`.
    public init(network: FakeNetwork) {
        self.network = network
    }

    /// Fetches the todos.
    public func fetchTodos() async throws -> [Todo] {
        try await network.call("GET /todos")
        return [Todo(id: 1, title: "Renew passport"), Todo(id: 2, title: "Pay rent", isDone: true)]
    }

    /// The todos of a shared list, each fetched in turn.
    public func sharedList(_ list: String) -> AsyncThrowingStream<Todo, any Error> {
        let network = network
        return .producing { yield in
            for (index, title) in ["Tent", "Stove", "Head torch"].enumerated() {
                try await network.call("GET /lists/\(list)/\(index)")
                yield(Todo(id: 100 + index, title: title))
            }
        }
    }

    /// Saves the todos.
    public func save(_ todos: [Todo]) async throws {
        try await network.call("PUT /todos")
    }
}
