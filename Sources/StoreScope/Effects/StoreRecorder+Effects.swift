/// Ready-made effect wrappers, so an app gets effect spans without writing the bookkeeping.
extension StoreRecorder {
    /// Runs an `async` effect closure as a recorded span; the action it returns (if any) is
    /// returned for the store to send, linked to the effect.
    ///
    /// - Parameters:
    ///   - name: the effect's name.
    ///   - parentSeq: the action that started it.
    ///   - operation: the effect; throwing fails the span, cancellation cancels it.
    /// - Returns: the action the effect produced, or `nil` when it produced none, failed or was cancelled.
    public func runEffect(
        _ name: String, startedBy parentSeq: UInt64?, fileID: StaticString = #fileID, line: UInt = #line,
        _ operation: @Sendable () async throws -> Action?
    ) async -> (action: Action?, span: EffectSpan) {
        let span = startEffect(name, startedBy: parentSeq, fileID: fileID, line: line)
        let action = try? await span.run(operation)
        return (action ?? nil, span)
    }

    /// Starts a `Task` that runs `operation` as a recorded span; cancelling the task records
    /// the span as cancelled.
    ///
    /// - Returns: the task, for the store to keep (and cancel).
    @discardableResult
    public func task(
        _ name: String, startedBy parentSeq: UInt64?, priority: TaskPriority? = nil,
        fileID: StaticString = #fileID, line: UInt = #line,
        _ operation: @escaping @Sendable () async throws -> Void
    ) -> Task<Void, Never> {
        let span = startEffect(name, startedBy: parentSeq, fileID: fileID, line: line)
        return Task(priority: priority) {
            _ = try? await span.run(operation)
        }
    }

    /// Wraps an `AsyncSequence` of actions as a recorded effect: it starts when iteration
    /// begins, each element is an emitted action (send it with ``willSend(_:from:fileID:line:)``
    /// passing the span, or from inside the iterating task), and it ends when the sequence
    /// finishes, throws, or the iterating task is cancelled or stops early.
    ///
    /// - Returns: a sequence with the same elements.
    public func effect<Base: AsyncSequence & Sendable>(
        _ name: String, startedBy parentSeq: UInt64?, fileID: StaticString = #fileID, line: UInt = #line,
        _ base: Base
    ) -> RecordedEffectSequence<Base> where Base.Element == Action {
        RecordedEffectSequence(base: base) { [self] in
            startEffect(name, startedBy: parentSeq, fileID: fileID, line: line)
        }
    }
}
