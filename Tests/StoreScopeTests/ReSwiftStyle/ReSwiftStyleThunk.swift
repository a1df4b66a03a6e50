import StoreScope

extension ReSwiftStyle {
    /// An action carrying work instead of data (ReSwift-Thunk's shape, with an async body): the
    /// thunk middleware runs it instead of passing it on, and it dispatches what it finds.
    struct Thunk<State>: Action {
        /// The work, given the store's dispatch and getState.
        let body: @MainActor @Sendable (_ dispatch: @escaping DispatchFunction, _ getState: @escaping GetState<State>) async -> Void
    }

    /// Thunks that are still running, so a caller can wait for them.
    @MainActor
    final class RunningThunks {
        private var tasks: [Task<Void, Never>] = []

        func append(_ task: Task<Void, Never>) { tasks.append(task) }

        /// Returns once every thunk started so far has ended.
        func settle() async {
            for task in tasks { await task.value }
        }
    }

    /// The middleware that runs thunks, each as a recorded effect: actions a thunk dispatches
    /// are linked to it in the trace.
    static func thunkMiddleware<State: Sendable>(
        recording: StoreRecorder<State, any Action>, running: RunningThunks
    ) -> Middleware<State> {
        { dispatch, getState in
            { next in
                { action in
                    guard let thunk = action as? Thunk<State> else { return next(action) }
                    let task = recording.task("\(type(of: thunk))", startedBy: nil) { await thunk.body(dispatch, getState) }  // StoreScope
                    running.append(task)
                }
            }
        }
    }
}
