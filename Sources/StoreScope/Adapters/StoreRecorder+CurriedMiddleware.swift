/// Recording for middlewares in Redux's curried shape, `(dispatch, getState) -> (next) ->
/// (action) -> Void` (ReSwift's `Middleware<State>`), whose effects must name the action that
/// started them.
///
/// The parent rule: an effect's parent is the action passed as `startedBy:`. ``lastSentSeq``
/// is the last action that reached the reducer, so a middleware that reads it before calling
/// `next(action)` names the *previous* action. A middleware learns its own action's number by
/// passing the action on through ``reduced(_:)``, or lets ``middleware(_:fileID:line:_:)``
/// do it.
///
/// The emitted rule: an action is linked to an effect when sent from the effect's task (or a
/// child task, which inherits ``EffectSpan/current``), through the `dispatch` given to a
/// recorded middleware's or thunk's work (bound to its effect, from any task or thread), or
/// inside `EffectSpan.linking(_:)`. From a `Task.detached` or a GCD callback by any
/// other route, it has no effect.
extension StoreRecorder {
    /// Runs `next`, a middleware passing its action on, and returns the sequence number the
    /// reducer gave that action.
    ///
    /// ```swift
    /// { action in
    ///     let seq = recording.reduced { next(action) }
    ///     if action is Checkout { recording.task("checkout", startedBy: seq) { ... } }
    /// }
    /// ```
    ///
    /// Actions dispatched and reduced inside `next` (by a later middleware, or by a subscriber
    /// once the state changed) do not count: they pass through the chain again and get frames
    /// of their own. For stores that dispatch on one thread at a time, as ReSwift does.
    ///
    /// - Parameter next: passes the action on.
    /// - Returns: the action's sequence number, or `nil` when it did not reach the reducer (a
    ///   later middleware kept it, as the thunk middleware keeps thunks).
    public func reduced(_ next: () -> Void) -> UInt64? {
        dispatchFrames.push()
        next()
        return dispatchFrames.pop()
    }

    /// Makes a middleware, in the curried shape, that runs an effect for the actions `effect`
    /// picks, each recorded as an effect named `name` whose parent is the action.
    ///
    /// ```swift
    /// let checkout = recording.middleware("checkout") { action, getState in
    ///     guard let order = action as? PlaceOrder else { return nil }
    ///     return { dispatch, _ in dispatch(OrderPlaced(id: await api.place(order))) }
    /// }
    /// ```
    ///
    /// `effect` sees each action before it is passed on (and the state before it); the action
    /// then goes on to the reducer, and the effect starts once it is reduced, linked to it (to
    /// no action when a later middleware kept it). The work runs in a task on the main actor,
    /// like a recorded thunk's (see ``thunk(_:startedBy:fileID:line:_:)``); the actions it
    /// dispatches are linked to the effect, also from a `Task.detached` or a GCD callback (the
    /// `dispatch` it is given is bound to the effect).
    ///
    /// - Parameters:
    ///   - name: the effect's name in the trace.
    ///   - fileID: the file the effect is made in (a runner of yours passes its caller's on).
    ///   - line: the line the effect is made on.
    ///   - effect: the work to run for an action, or `nil` to run none.
    /// - Returns: the middleware.
    public func middleware(
        _ name: String, fileID: StaticString = #fileID, line: UInt = #line,
        _ effect: @escaping (_ action: Action, _ getState: @escaping () -> State?) -> ThunkWork?
    ) -> (_ dispatch: @escaping (Action) -> Void, _ getState: @escaping () -> State?) -> (_ next: @escaping (Action) -> Void) -> (Action) -> Void {
        { dispatch, getState in
            { next in
                { action in
                    let work = effect(action, getState)
                    let seq = self.reduced { next(action) }
                    guard let work else { return }
                    let span = self.startEffect(name, startedBy: seq, fileID: fileID, line: line)
                    self.run(work, in: span, dispatch: dispatch, getState: getState)
                }
            }
        }
    }
}
