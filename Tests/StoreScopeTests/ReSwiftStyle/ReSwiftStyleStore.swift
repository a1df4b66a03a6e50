import StoreScope

/// A minimal ReSwift-like store of our own (the real ReSwift is recorded in Samples/ReSwiftCart,
/// docs/GUIDE.md section 6), instrumented with `record(_:reducing:)` (lines marked
/// `// StoreScope`): a protocol-typed `any Action`, a reducer `(Action, State?) -> State`,
/// middleware closures `(dispatch, getState) -> (next) -> dispatch`, and thunks
/// (ReSwiftStyleThunk.swift).
enum ReSwiftStyle {
    /// Anything the app dispatches. It refines `Sendable` so that `any Action` is `Sendable`:
    /// the recorder hands actions to its worker thread.
    protocol Action: Sendable {}  // StoreScope: refines Sendable

    /// The action a store reduces to make its first state when it is given none.
    struct ReSwiftInit: Action {}

    /// A reducer: the new state for an action and the current state (`nil` before the first).
    typealias Reducer<State> = (_ action: any Action, _ state: State?) -> State

    /// Sends an action through the middlewares to the reducer. Main-actor isolated, which also
    /// makes it `Sendable`, so effects running in tasks can capture it.
    typealias DispatchFunction = @MainActor (_ action: any Action) -> Void  // StoreScope: @MainActor, so Sendable

    /// Reads the store's current state.
    typealias GetState<State> = @MainActor () -> State?

    /// A middleware: given the store's dispatch and getState, wraps the next dispatch function.
    typealias Middleware<State> = @MainActor (
        _ dispatch: @escaping DispatchFunction, _ getState: @escaping GetState<State>
    ) -> (_ next: @escaping DispatchFunction) -> DispatchFunction

    /// The store: actions go through the middlewares, first to last, then to the reducer.
    @MainActor
    final class Store<State: Sendable> {
        /// The current state.
        private(set) var state: State
        /// Every state the reducer produced, in order (for the test's checks).
        private(set) var history: [State] = []
        private let reducer: Reducer<State>
        private let recording: StoreRecorder<State, any Action>  // StoreScope
        private var dispatchFunction: DispatchFunction = { _ in }

        /// Creates a store recording into `recording`.
        ///
        /// - Parameters:
        ///   - reducer: the app's reducer.
        ///   - state: the first state; `nil` reduces ``ReSwiftInit`` to make it.
        ///   - middleware: the middlewares, outermost first.
        ///   - recording: the store's recorder.
        init(reducer: @escaping Reducer<State>, state: State?, middleware: [Middleware<State>], recording: StoreRecorder<State, any Action>) {
            self.reducer = reducer
            self.state = state ?? reducer(ReSwiftInit(), nil)
            self.recording = recording
            let reduce: DispatchFunction = { [unowned self] action in self.reduce(action) }
            dispatchFunction = middleware.reversed().reduce(reduce) { next, middleware in
                middleware({ [unowned self] action in self.dispatch(action) }, { [unowned self] in self.state })(next)
            }
        }

        /// Dispatches `action`.
        func dispatch(_ action: any Action) {
            dispatchFunction(action)
        }

        private func reduce(_ action: any Action) {
            recording.record(action, reducing: &state) { $0 = reducer($1, $0) }  // StoreScope
            history.append(state)
        }
    }
}
