// `.run`, recorded where it is made. Compiled only with the package trait "TCA", like the adapter.
#if TCA
import ComposableArchitecture
import StoreScope

extension Effect where Action: Sendable {
    /// TCA's `.run`, told to the recorded reducer: the same effect, run the same way, whose span
    /// (``ComposableArchitecture/Reducer/recorded(by:)``) also knows what TCA keeps to itself.
    ///
    /// - Where it was made: this call's line (TCA keeps `.run`'s `fileID` and `line` inside the
    ///   effect's work, for its own issue reports).
    /// - Who cancelled it: its last step runs inside whatever TCA wraps it in later, so it sees
    ///   its task cancelled by `.cancel(id:)` of a `.cancellable(id:)`, and by TCA dismissing a
    ///   presented feature (`@Presents`, `.ifLet`) or popping a stacked one (`StackState`,
    ///   `.forEach`) whose reducer returned it. A plain `.run` is cancelled out of sight there
    ///   and looks finished.
    /// - A failure its `catch:` handled: recorded as failed, `offline (handled by catch:)`,
    ///   where a plain `.run` looks finished.
    ///
    /// ```swift
    /// return .recordedRun { send in          // was .run { send in
    ///     await send(.synced(count: try await client.sync(titles)))
    /// } catch: { error, send in
    ///     await send(.syncFailed(message: "\(error)"))
    /// }
    /// ```
    ///
    /// Outside a recorded reducer it is `.run`, nothing more.
    public static func recordedRun(
        priority: TaskPriority? = nil,
        name: String? = nil,
        operation: @escaping @Sendable (_ send: Send<Action>) async throws -> Void,
        catch handler: (@Sendable (_ error: any Error, _ send: Send<Action>) async -> Void)? = nil,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) -> Self {
        guard let span = RecordedSpan.reducing else {
            return .run(
                priority: priority, name: name, operation: operation, catch: handler,
                fileID: fileID, filePath: filePath, line: line, column: column)
        }
        span.noteLocation(fileID: fileID, line: line)
        let noting = handler.map { handler in
            { @Sendable (error: any Error, send: Send<Action>) async in
                span.noteHandledFailure(error)
                await handler(error, send)
            }
        }
        return Effect.run(
            priority: priority, name: name, operation: operation, catch: noting,
            fileID: fileID, filePath: filePath, line: line, column: column)
        .notingCancellation(in: span)
    }
}
#endif
