/// Recording for effects that produce actions the store sends back: middleware-style
/// `process(state:with:) async -> Action?`, Elm `fx` streams, and plain async closures.
/// The produced actions are sent from inside the effect's span, so each is linked to the
/// effect that emitted it.
extension StoreRecorder {
    /// Runs one effect that may produce an action, and sends that action linked to it.
    ///
    /// - Parameters:
    ///   - name: the effect's name (for a middleware, its type name).
    ///   - parentSeq: the action that started it; defaults to the store's latest action.
    ///   - operation: the effect, e.g. `{ await middleware.process(state: state, with: action) }`.
    ///   - send: how the store sends the produced action.
    public func process(
        _ name: String, startedBy parentSeq: UInt64? = nil, fileID: StaticString = #fileID, line: UInt = #line,
        _ operation: @Sendable () async throws -> Action?, send: @Sendable (Action) async -> Void
    ) async {
        let span = startEffect(name, startedBy: parentSeq ?? lastSentSeq, fileID: fileID, line: line)
        _ = try? await span.run {
            if let action = try await operation() { await send(action) }
        }
    }

    /// Runs a stream of actions (an Elm `fx`, an `AsyncStream`) as one effect, sending each
    /// action linked to it. The span finishes when the stream ends, fails when it throws, and
    /// is cancelled when the running task is.
    ///
    /// - Parameters:
    ///   - name: the effect's name.
    ///   - parentSeq: the action that started it; defaults to the store's latest action.
    ///   - actions: the stream.
    ///   - send: how the store sends each action.
    public func forEach<Actions: AsyncSequence & Sendable>(
        _ name: String, startedBy parentSeq: UInt64? = nil, fileID: StaticString = #fileID, line: UInt = #line,
        _ actions: Actions, send: @Sendable (Action) async -> Void
    ) async where Actions.Element == Action {
        let span = startEffect(name, startedBy: parentSeq ?? lastSentSeq, fileID: fileID, line: line)
        _ = try? await span.run {
            for try await action in actions {
                try Task.checkCancellation()
                await send(action)
            }
        }
    }
}

extension EffectSpan {
    /// Runs `body` with this span as ``current``, so actions sent inside are linked to it.
    public func linking<T>(_ body: () async throws -> T) async rethrows -> T {
        try await EffectSpan.$current.withValue(self) { try await body() }
    }
}
