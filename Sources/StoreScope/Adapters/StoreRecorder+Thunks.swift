/// Recording for thunks: actions that carry work instead of data, run by a middleware with the
/// store's `dispatch` and `getState` (ReSwift-Thunk's `Thunk(body:)`). The shapes are plain
/// function types, matched here without depending on any library.
extension StoreRecorder {
    /// The body of a recorded thunk: async, on the main actor, given the store's dispatch and
    /// getState.
    public typealias ThunkWork = @MainActor (_ dispatch: @escaping (Action) -> Void, _ getState: @escaping () -> State?) async -> Void

    /// Makes a thunk body, `(dispatch, getState) -> Void`, that runs `work` as a recorded effect
    /// named `name`. The effect starts when the thunk middleware calls the body (synchronously,
    /// inside the store's dispatch) and ends when `work` returns; the actions `work` dispatches,
    /// before and after its `await`s, are linked to it: the `dispatch` it is given is bound to
    /// the effect, so also when called from a `Task.detached` or a GCD callback `work` started.
    ///
    /// ```swift
    /// store.dispatch(Thunk<AppState>(body: recording.thunk("loadCatalog") { dispatch, getState in
    ///     dispatch(CatalogLoaded(products: await api.products()))
    /// }))
    /// ```
    ///
    /// `work` runs in a task on the main actor, after the dispatch that started it returns; the
    /// store must be one the app dispatches to on the main thread (ReSwift's usual setup: a store
    /// takes one thread's dispatches at a time).
    ///
    /// - Parameters:
    ///   - name: the effect's name in the trace.
    ///   - parentSeq: the action that started it (a thunk dispatched by a middleware for an
    ///     action), or `nil` (the default: a thunk is not itself reduced).
    ///   - fileID: the file the effect is made in (a runner of yours passes its caller's on).
    ///   - line: the line the effect is made on.
    ///   - work: the thunk's work.
    /// - Returns: the body to give the thunk.
    public func thunk(
        _ name: String, startedBy parentSeq: UInt64? = nil, fileID: StaticString = #fileID, line: UInt = #line,
        _ work: @escaping ThunkWork
    ) -> (_ dispatch: @escaping (Action) -> Void, _ getState: @escaping () -> State?) -> Void {
        { dispatch, getState in
            let span = self.startEffect(name, startedBy: parentSeq, fileID: fileID, line: line)
            self.run(work, in: span, dispatch: dispatch, getState: getState)
        }
    }

    /// Returns once every effect started by this store's ``thunk(_:startedBy:fileID:line:_:)``
    /// bodies and ``middleware(_:fileID:line:_:)`` has ended and its end is recorded: for a test,
    /// or an app about to exit, that waits for the work it started.
    nonisolated(nonsending) public func waitForEffects() async {
        await runningTasks.wait()
    }

    /// Runs `work` in `span`, in a task on the main actor, counted in ``runningTasks``.
    func run(
        _ work: @escaping ThunkWork, in span: EffectSpan, dispatch: @escaping (Action) -> Void, getState: @escaping () -> State?
    ) {
        // The work's dispatch is bound to its effect, so an action it sends is linked to the
        // effect wherever the call comes from: the work's own task, a `Task.detached` or a GCD
        // callback it started (neither inherits the task-local ``EffectSpan/current``).
        let store = ThunkStoreAccess(dispatch: { action in span.linking { dispatch(action) } }, getState: getState)
        let running = runningTasks
        running.started()
        Task { @MainActor in
            _ = try? await span.run { @MainActor in await work(store.dispatch, store.getState) }
            running.ended()
        }
    }
}

/// A store's dispatch and getState, carried from the thread that ran a thunk's body to the main
/// actor, where the recorded thunk's work calls them.
///
/// @unchecked Sendable: the closures are called only on the main actor (inside ``StoreRecorder/ThunkWork``),
/// and a thunk's body is called by its store's dispatch, which a store that records thunks runs
/// on the main thread (``StoreRecorder/thunk(_:startedBy:fileID:line:_:)``): every call is on one thread.
private struct ThunkStoreAccess<Action, State>: @unchecked Sendable {
    let dispatch: (Action) -> Void
    let getState: () -> State?
}
