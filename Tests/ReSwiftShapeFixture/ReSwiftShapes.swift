// ReSwift's public shapes as ReSwift 6.1.1 declares them (ReSwift/CoreTypes: Action.swift,
// Reducer.swift, Middleware.swift, Store.swift; ReSwift-Thunk's Thunk.swift), compiled like
// ReSwift in Swift 5 language mode without Sendable annotations, for the main package's tests
// of the ReSwift adapters. A module of its own, so the tests import it `@preconcurrency` in
// Swift 6 mode exactly as an app imports ReSwift. (The real libraries are tested in
// Samples/ReSwiftCart.)
import StoreScope

public protocol Action {}

public typealias DispatchFunction = (Action) -> Void
public typealias Reducer<State> = (_ action: Action, _ state: State?) -> State
public typealias Middleware<State> = (@escaping DispatchFunction, @escaping () -> State?)
    -> (@escaping DispatchFunction) -> DispatchFunction

/// ReSwift's `ReSwiftInit`: its initializer is internal, as in ReSwift.
public struct ShapeInit: Action {}

/// ReSwift's store, reduced to dispatch: middlewares first to last, then the reducer; with no
/// state, it dispatches `ShapeInit` to make the first one.
public final class Store<State> {
    public private(set) var state: State!
    private let reducer: Reducer<State>
    private var dispatchFunction: DispatchFunction!

    public init(reducer: @escaping Reducer<State>, state: State?, middleware: [Middleware<State>] = []) {
        self.reducer = reducer
        self.state = state
        dispatchFunction = middleware.reversed().reduce({ [unowned self] action in self.state = self.reducer(action, self.state) }) { next, middleware in
            middleware({ [weak self] in self?.dispatch($0) }, { [weak self] in self?.state })(next)
        }
        if state == nil { dispatch(ShapeInit()) }
    }

    public func dispatch(_ action: Action) { dispatchFunction(action) }
}

/// ReSwift-Thunk's `Thunk`, whose body is internal.
public struct Thunk<State>: Action {
    let body: (_ dispatch: @escaping DispatchFunction, _ getState: @escaping () -> State?) -> Void
    public init(body: @escaping (_ dispatch: @escaping DispatchFunction, _ getState: @escaping () -> State?) -> Void) {
        self.body = body
    }
}

/// ReSwift-Thunk's `createThunkMiddleware`.
public func createThunkMiddleware<State>() -> Middleware<State> {
    { dispatch, getState in { next in { action in
        if let thunk = action as? Thunk<State> { thunk.body(dispatch, getState) } else { next(action) }
    } } }
}

/// The guide's ReSwift lines in Swift 5 language mode (no `@preconcurrency` needed there): a
/// store of `Int` whose actions are counted by `reduce`, recorded into `recorder`.
public func recordedStoreInSwift5Mode(recorder: Recorder, reduce: @escaping Reducer<Int>) -> (Store<Int>, StoreRecorder<Int, Action>) {
    let recording = recorder.store("swift5", initialState: 0, actions: Action.self)
    let store = Store(reducer: recording.reducer(reduce), state: nil, middleware: [createThunkMiddleware()])
    return (store, recording)
}
