extension AsyncThrowingStream where Failure == any Error, Element: Sendable {
    /// A stream fed by `body` in a task of its own: `body` yields elements through `yield`, the
    /// stream finishes when `body` returns and fails with what it throws; when the consumer
    /// stops listening, the task is cancelled. The samples build every effect stream with it.
    static func producing(_ body: @escaping @Sendable (_ yield: (Element) -> Void) async throws -> Void) -> Self {
        AsyncThrowingStream { continuation in
            let task = Task {
                do {
                    try await body { continuation.yield($0) }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    /// A stream of the one element `body` returns.
    static func single(_ body: @escaping @Sendable () async throws -> Element) -> Self {
        producing { yield in yield(try await body()) }
    }
}
