import TraceFormat

/// Recording for effects that produce actions the store sends back: middleware-style
/// `process(state:with:) async -> Action?`, Elm `fx` streams, and plain async closures.
/// The produced actions are sent from inside the effect's span, so each is linked to the
/// effect that emitted it.
extension StoreRecorder {
    /// Runs one effect that may produce an action, and sends that action linked to it.
    ///
    /// - Parameters:
    ///   - name: the effect's name (for a middleware, its type name).
    ///   - parentSeq: the action that started it (read ``lastSentSeq`` right after the
    ///     reducer ran), or `nil` for none.
    ///   - fileID: the file the effect is made in (a runner of yours passes its caller's on).
    ///   - line: the line the effect is made on.
    ///   - operation: the effect, e.g. `{ await middleware.process(state: state, with: action) }`.
    ///   - send: how the store sends the produced action.
    /// - Returns: how the effect ended, so the store can turn a failure into an action.
    @discardableResult
    public func process(
        _ name: String, startedBy parentSeq: UInt64?, fileID: StaticString = #fileID, line: UInt = #line,
        _ operation: @Sendable () async throws -> Action?, send: @Sendable (Action) async -> Void
    ) async -> EffectOutcome {
        let span = startEffect(name, startedBy: parentSeq, fileID: fileID, line: line)
        return await span.outcome {
            if let action = try await operation() { await send(action) }
        }
    }

    /// Runs a stream of actions (an Elm `fx`, an `AsyncStream`) as one effect, sending each
    /// action linked to it. The span finishes when the stream ends, fails when it throws, and
    /// is cancelled when the running task is.
    ///
    /// - Parameters:
    ///   - name: the effect's name.
    ///   - parentSeq: the action that started it, or `nil` for none.
    ///   - fileID: the file the effect is made in (a runner of yours passes its caller's on).
    ///   - line: the line the effect is made on.
    ///   - actions: the stream.
    ///   - send: how the store sends each action.
    /// - Returns: how the effect ended.
    @discardableResult
    public func process<Actions: AsyncSequence & Sendable>(
        _ name: String, startedBy parentSeq: UInt64?, fileID: StaticString = #fileID, line: UInt = #line,
        actions: Actions, send: @Sendable (Action) async -> Void
    ) async -> EffectOutcome where Actions.Element == Action {
        let span = startEffect(name, startedBy: parentSeq, fileID: fileID, line: line)
        return await span.outcome {
            for try await action in actions {
                try Task.checkCancellation()
                await send(action)
            }
        }
    }
}

extension EffectSpan {
    /// Runs `operation` in this span (see ``run(_:)``) and returns how it ended instead of
    /// throwing.
    func outcome(_ operation: @Sendable () async throws -> Void) async -> EffectOutcome {
        do {
            try await run(operation)
            return Task.isCancelled ? .cancelled : .finished
        } catch is CancellationError {
            return .cancelled
        } catch {
            return Task.isCancelled ? .cancelled : .failed(String(describing: error))
        }
    }
}
