// ReduxUI's library as seed 003 (its README) describes it: the seed shows the app's code, not the
// library's, so this file is ours, written to the README's API (`Store(initialState:coordinator:
// reducer:)`, `dispatch`, `Reducer.reduce(_:action:performRoute:)`, `Middleware.execute` returning
// `AnyPublisher<MiddlewareAction, Never>?`, `.performAction`, `.performRoute`, `.multiple`, deferred
// actions, `CombineBag`, the `eraseTo...` helpers). Its store runs each middleware's publisher on a
// serial queue and receives on the main queue. Lines marked `// StoreScope` record the store
// (docs/GUIDE.md, section 4).
import Foundation
import OpenCombineShim
import StoreScope  // StoreScope

/// Where a middleware keeps the subscriptions it makes.
public typealias CombineBag = Set<AnyCancellable>

/// An app's actions.
public protocol AnyAction {}
/// An app's state.
public protocol AnyState {}
/// An app's routes (navigation).
public protocol RouteType {}

/// Reduces actions in place, and may ask for navigation through `performRoute`.
public protocol Reducer: AnyObject {
    associatedtype State: AnyState
    associatedtype Action: AnyAction
    associatedtype Route: RouteType

    /// Changes `state` for `action`, calling `performRoute` to navigate.
    func reduce(_ state: inout State, action: Action, performRoute: @escaping (Route) -> Void)
}

extension Reducer {
    /// This reducer, type-erased.
    public func eraseToAnyReducer() -> AnyReducer<State, Action, Route> { AnyReducer(base: self) }
}

/// A reducer, type-erased.
public final class AnyReducer<State: AnyState, Action: AnyAction, Route: RouteType>: Reducer {
    private let _reduce: (inout State, Action, @escaping (Route) -> Void) -> Void

    public init<Base: Reducer>(base: Base) where Base.State == State, Base.Action == Action, Base.Route == Route {
        _reduce = { base.reduce(&$0, action: $1, performRoute: $2) }
    }

    public func reduce(_ state: inout State, action: Action, performRoute: @escaping (Route) -> Void) {
        _reduce(&state, action, performRoute)
    }
}

/// Performs routes (the app's navigation).
public protocol Coordinator: AnyObject {
    associatedtype Route: RouteType

    /// Navigates to `route`.
    func perform(_ route: Route)
}

extension Coordinator {
    /// This coordinator, type-erased.
    public func eraseToAnyCoordinator() -> AnyCoordinator<Route> { AnyCoordinator(base: self) }
}

/// A coordinator, type-erased.
public final class AnyCoordinator<Route: RouteType>: Coordinator {
    private let _perform: (Route) -> Void

    public init<Base: Coordinator>(base: Base) where Base.Route == Route { _perform = base.perform }

    public func perform(_ route: Route) { _perform(route) }
}

/// What a middleware asks the store to do.
public enum MiddlewareAction<A: AnyAction, R: RouteType> {
    /// Dispatch an action.
    case performAction(A)
    /// Navigate.
    case performRoute(R)
    /// Start dispatching the actions a deferred action observes.
    case performDeferredAction(AnyDeferredAction<A>)
    /// Several of these, in order.
    case multiple([MiddlewareAction<A, R>])
}

/// Runs after the reducer: a publisher of follow-ups for the actions it handles, `nil` for the
/// others.
public protocol Middleware {
    associatedtype State: AnyState
    associatedtype Action: AnyAction
    associatedtype Router: RouteType

    /// The follow-ups to `action` in `state` (the state after the reducer), or `nil`.
    func execute(_ state: State, action: Action) -> AnyPublisher<MiddlewareAction<Action, Router>, Never>?
}

extension Middleware {
    /// This middleware, type-erased.
    public func eraseToAnyMiddleware() -> AnyMiddleware<State, Action, Router> { AnyMiddleware(base: self) }
}

/// A middleware, type-erased.
public final class AnyMiddleware<State: AnyState, Action: AnyAction, Router: RouteType>: Middleware {
    /// The erased middleware's type name.
    public let name: String
    private let _execute: (State, Action) -> AnyPublisher<MiddlewareAction<Action, Router>, Never>?

    public init<Base: Middleware>(base: Base) where Base.State == State, Base.Action == Action, Base.Router == Router {
        name = "\(Base.self)"
        _execute = base.execute
    }

    public func execute(_ state: State, action: Action) -> AnyPublisher<MiddlewareAction<Action, Router>, Never>? {
        _execute(state, action)
    }
}

/// Actions that arrive on their own, once a middleware asked for them (session expiry, push
/// messages).
public protocol DeferredAction {
    associatedtype Action: AnyAction

    /// The actions, as they come, or `nil` for none.
    func observe() -> AnyPublisher<Action, Never>?
}

extension DeferredAction {
    /// This deferred action, type-erased.
    public func eraseToAnyDeferredAction() -> AnyDeferredAction<Action> { AnyDeferredAction(base: self) }
}

/// A deferred action, type-erased.
public final class AnyDeferredAction<Action: AnyAction>: DeferredAction {
    private let _observe: () -> AnyPublisher<Action, Never>?

    public init<Base: DeferredAction>(base: Base) where Base.Action == Action { _observe = base.observe }

    public func observe() -> AnyPublisher<Action, Never>? { _observe() }
}

/// The store: reduces each action, then runs the middlewares' publishers for it, and performs
/// what they publish on the main queue.
public final class Store<S: AnyState & Sendable, A: AnyAction & Sendable, R: RouteType>: ObservableObject {  // StoreScope: & Sendable
    /// The current state; changed only by actions sent to ``dispatch(_:)``.
    @Published public private(set) var state: S

    private let reducer: AnyReducer<S, A, R>
    private let coordinator: AnyCoordinator<R>
    private var middlewares: [AnyMiddleware<S, A, R>] = []
    private var cancellables = CombineBag()
    private let queue = DispatchQueue(label: "ReduxUI.Store")
    private let recording: StoreRecorder<S, A>  // StoreScope

    /// Creates a store recording into `recording`.
    public init(initialState: S, coordinator: AnyCoordinator<R>, reducer: AnyReducer<S, A, R>, recording: StoreRecorder<S, A>) {
        state = initialState
        self.coordinator = coordinator
        self.reducer = reducer
        self.recording = recording
    }

    /// Runs `middleware` after the reducer for every action from now on.
    public func add<M: Middleware>(_ middleware: M) where M.State == S, M.Action == A, M.Router == R {
        middlewares.append(middleware.eraseToAnyMiddleware())
    }

    /// Reduces `action`, then runs the publishers the middlewares return for it.
    public func dispatch(_ action: A) {
        let seq = recording.record(action, reducing: &state) { reducer.reduce(&$0, action: $1, performRoute: route) }  // StoreScope: was reducer.reduce(&state, …)
        for middleware in middlewares {
            guard let publisher = middleware.execute(state, action: action) else { continue }
            publisher
                .subscribe(on: queue)
                .receive(on: DispatchQueue.main)
                .recorded(middleware.name, by: recording, startedBy: seq)  // StoreScope
                .sink { [weak self] in self?.perform($0) }
                .store(in: &cancellables)
        }
    }

    /// Performs `route` through the coordinator.
    public func route(_ route: R) {
        coordinator.perform(route)
    }

    private func perform(_ step: MiddlewareAction<A, R>) {
        switch step {
        case let .performAction(action): dispatch(action)
        case let .performRoute(route): self.route(route)
        case let .performDeferredAction(deferred): run(deferred)
        case let .multiple(steps): steps.forEach(perform)
        }
    }

    private func run(_ deferred: AnyDeferredAction<A>) {
        deferred.observe()?
            .receive(on: DispatchQueue.main)
            .recorded("deferred", by: recording, startedBy: nil)  // StoreScope
            .sink { [weak self] in self?.dispatch($0) }
            .store(in: &cancellables)
    }
}
