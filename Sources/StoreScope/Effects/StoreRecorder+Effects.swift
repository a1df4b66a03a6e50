/// Ready-made effect wrappers, so an app gets effect spans without writing the bookkeeping.
extension StoreRecorder {
    /// Starts a `Task` that runs `operation` as a recorded span; cancelling the task records
    /// the span as cancelled, an error records it as failed. Actions the operation sends from
    /// inside are linked to the span.
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

    /// Wraps an `AsyncSequence` of actions as a recorded effect, for stores that iterate the
    /// effect themselves: it starts when iteration begins and ends when the sequence finishes,
    /// throws, or the iterating task is cancelled or stops early. To link the actions it
    /// yields, send them with `willSend(action, from: iterator.effect)`; or use
    /// ``process(_:startedBy:fileID:line:actions:send:)``, which links them itself.
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
