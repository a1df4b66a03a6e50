/// Wrappers that record every call of a store's reducer, for the reducer shapes apps write.
/// Each returns a function of the same shape, so instrumenting a store is replacing its
/// reducer with the wrapped one. While a listener has locked the store (``admits(_:)``), the
/// in-place and pure reducers leave the state as it was and hold or refuse the action; an
/// Elm update returns a value only the app can make, so its store asks ``admits(_:)`` itself.
/// A reducer that cannot be wrapped from outside records with
/// ``record(_:reducing:whileLocked:fileID:line:_:)`` around its body.
extension StoreRecorder {
    /// Wraps an in-place reducer, `(inout State, Action) -> Void` (Redux-like containers, TCA).
    public func reducer(_ reduce: @escaping (inout State, Action) -> Void) -> (inout State, Action) -> Void {
        { state, action in
            guard self.admits(action) else { return }
            let pending = self.willSend(action)
            reduce(&state, action)
            self.didReduce(pending, state: state)
        }
    }

    /// Wraps a pure reducer, `(State, Action) -> State` (Redux, ReSwift, unidirectional-flow).
    public func reducer(_ reduce: @escaping (State, Action) -> State) -> (State, Action) -> State {
        { state, action in
            guard self.admits(action) else { return state }
            let pending = self.willSend(action)
            let newState = reduce(state, action)
            self.didReduce(pending, state: newState)
            return newState
        }
    }

    /// Wraps a reducer that makes the first state itself, `(Action, State?) -> State`
    /// (ReSwift's `Reducer<State>`). Every call is recorded, the store's first one too: ReSwift
    /// makes its first state by reducing `ReSwiftInit` with no state, and the trace shows that
    /// action with the change from the `initialState` given to ``Recorder/store(_:initialState:actions:)``
    /// to the state the reducer made. Pass the result where the store takes its reducer:
    ///
    /// ```swift
    /// let store = Store(reducer: recording.reducer(appReducer), state: nil)
    /// ```
    public func reducer(_ reduce: @escaping (Action, State?) -> State) -> (Action, State?) -> State {
        { action, state in
            if let state, !self.admits(action) { return state }
            let pending = self.willSend(action)
            let newState = reduce(action, state)
            self.didReduce(pending, state: newState)
            return newState
        }
    }

    /// Wraps an Elm-style update, `(State, Environment, Action) -> Update`, where the update
    /// carries the new state (read with `state`) and the effects to run.
    ///
    /// ```swift
    /// let update = recording.reducer(notesUpdate, state: \.state)
    /// ```
    ///
    /// - Parameters:
    ///   - update: the app's update function.
    ///   - state: reads the new state out of an update (for example `\.state`).
    public func reducer<Environment, Update>(
        _ update: @escaping (State, Environment, Action) -> Update, state: @escaping (Update) -> State
    ) -> (State, Environment, Action) -> Update {
        { current, environment, action in
            let pending = self.willSend(action)
            let result = update(current, environment, action)
            self.didReduce(pending, state: state(result))
            return result
        }
    }
}
