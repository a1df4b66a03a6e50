/// Wrappers that record every call of a store's reducer, for the reducer shapes apps write.
/// Each returns a function of the same shape, so instrumenting a store is replacing its
/// reducer with the wrapped one. While a listener has locked the store (``admits(_:)``), the
/// in-place and pure reducers leave the state as it was and hold or refuse the action; an
/// Elm update and ``reduce(_:_:fileID:line:_:)`` return values only the app can make, so their
/// stores ask ``admits(_:)`` themselves.
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

    /// Records an action around a reducer that reduces in place and returns something besides
    /// the state, as OneWay's `reduce(state:action:) -> AnyEffect<Action>` does: call it in the
    /// reducer, around the reducer's body, and return what it returns. While `reduce` runs,
    /// ``lastSentSeq`` is this action's number, the parent of the effects it returns.
    ///
    /// ```swift
    /// func reduce(state: inout State, action: Action) -> AnyEffect<Action> {
    ///     recording.reduce(&state, action) { state, action in
    ///         switch action { ... }
    ///     }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - state: the store's state, reduced in place.
    ///   - action: the action.
    ///   - fileID: where the action was sent from.
    ///   - line: the line it was sent from.
    ///   - reduce: the reducer's body.
    /// - Returns: what `reduce` returned.
    @inlinable
    public func reduce<Result>(
        _ state: inout State, _ action: Action, fileID: StaticString? = nil, line: UInt = 0,
        _ reduce: (inout State, Action) -> Result
    ) -> Result {
        let pending = willSend(action, fileID: fileID, line: line)
        let result = reduce(&state, action)
        didReduce(pending, state: state)
        return result
    }

    /// The same, for a store that can be locked (``allowControl(_:whileLocked:replaceState:dispatch:)``):
    /// while a listener has locked the store, the action is held or refused, `reduce` does not
    /// run, and `whileLocked` is returned instead (for OneWay, `.none`: no effect).
    ///
    /// ```swift
    /// func reduce(state: inout State, action: Action) -> AnyEffect<Action> {
    ///     recording.reduce(&state, action, whileLocked: .none) { state, action in
    ///         switch action { ... }
    ///     }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - state: the store's state, reduced in place.
    ///   - action: the action.
    ///   - whileLocked: what to return for an action the lock holds.
    ///   - fileID: where the action was sent from.
    ///   - line: the line it was sent from.
    ///   - reduce: the reducer's body.
    /// - Returns: what `reduce` returned, or `whileLocked`.
    @inlinable
    public func reduce<Result>(
        _ state: inout State, _ action: Action, whileLocked: @autoclosure () -> Result, fileID: StaticString? = nil,
        line: UInt = 0, _ reduce: (inout State, Action) -> Result
    ) -> Result {
        guard admits(action) else { return whileLocked() }
        return self.reduce(&state, action, fileID: fileID, line: line, reduce)
    }

    /// Wraps an Elm-style update, `(State, Environment, Action) -> Update`, where the update
    /// carries the new state (read with `state`) and the effects to run.
    ///
    /// - Parameters:
    ///   - update: the app's update function.
    ///   - state: reads the new state out of an update (for example `\.state`).
    public func update<Environment, Update>(
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
