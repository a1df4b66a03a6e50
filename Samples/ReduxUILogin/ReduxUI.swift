import StoreScope

/// Shape 4, ReduxUI-like: reducer with routes, middlewares streaming `MiddlewareAction`s,
/// deferred actions.
public enum ReduxUI {
    /// Reduces actions in place and may ask for navigation through `performRoute`.
    public protocol Reducer<State, Action, Route> {
        associatedtype State
        associatedtype Action
        associatedtype Route
        /// Changes `state` for `action`, calling `performRoute` to navigate.
        func reduce(_ state: inout State, action: Action, performRoute: (Route) -> Void)
    }

    /// What a middleware asks the store to do.
    public enum MiddlewareAction<Action: Sendable, Route: Sendable>: Sendable {
        /// Dispatch an action.
        case performAction(Action)
        /// Navigate.
        case performRoute(Route)
        /// Several of these, in order.
        case multiple([MiddlewareAction])
    }

    /// Runs after the reducer; returns a stream of follow-ups for the actions it handles, `nil`
    /// for the others (throwing ends the stream as failed).
    public protocol Middleware<State, Action, Route>: Sendable {
        associatedtype State
        associatedtype Action: Sendable
        associatedtype Route: Sendable
        /// The follow-ups to `action`, or `nil` when it does not handle it.
        func execute(_ state: State, action: Action) -> AsyncThrowingStream<MiddlewareAction<Action, Route>, any Error>?
    }

    /// Actions that arrive on their own, outside any action (session expiry, push messages).
    public protocol DeferredAction<Action>: Sendable {
        associatedtype Action: Sendable
        /// The actions, as they come.
        func observe() -> AsyncStream<Action>?
    }

    /// Performs routes (the app's navigation).
    @StoreActor
    public final class Coordinator<Route> {
        /// The routes performed, in order.
        public private(set) var performed: [Route] = []
        /// Creates a coordinator.
        public init() {}
        /// Navigates to `route`.
        public func perform(_ route: Route) { performed.append(route) }
    }

    /// A ReduxUI-like store: reducer with routes, middlewares returning streams of
    /// ``MiddlewareAction``, deferred actions.
    @StoreActor
    public final class Store<State: Sendable, Action: Sendable, Route: Sendable> {
        /// The current state.
        public private(set) var state: State
        /// What the store processed (for the scenario's checks).
        public let journal = Journal()
        /// Where routes go.
        public let coordinator: Coordinator<Route>
        private let reducer: any Reducer<State, Action, Route>
        private let middlewares: [any Middleware<State, Action, Route>]
        private let recording: StoreRecorder<State, Action>  // StoreScope
        private var tasks: [Task<Void, Never>] = []
        private var observers: [Task<Void, Never>] = []

        /// Creates a store recording into `recording`.
        public init(
            initialState: State, coordinator: Coordinator<Route>, reducer: any Reducer<State, Action, Route>,
            middlewares: [any Middleware<State, Action, Route>], recording: StoreRecorder<State, Action>
        ) {
            state = initialState
            self.coordinator = coordinator
            self.reducer = reducer
            self.middlewares = middlewares
            self.recording = recording
        }

        /// Reduces `action`, then runs the middlewares that handle it.
        public func dispatch(_ action: Action) {
            let seq = recording.record(action, reducing: &state) { reducer.reduce(&$0, action: $1, performRoute: coordinator.perform) }  // StoreScope
            journal.append(action, state: state)
            for middleware in middlewares {
                guard let stream = middleware.execute(state, action: action) else { continue }
                tasks.append(recording.task("\(type(of: middleware))", startedBy: seq) { try await self.perform(stream) })  // StoreScope
            }
        }

        /// Starts dispatching the actions `deferred` produces, until ``cancelAll()``.
        public func add(deferred: some DeferredAction<Action>) {
            guard let actions = deferred.observe() else { return }
            observers.append(recording.task("\(type(of: deferred))", startedBy: nil) { await self.dispatch(actions) })  // StoreScope
        }

        private func perform(_ steps: AsyncThrowingStream<MiddlewareAction<Action, Route>, any Error>) async throws {
            for try await step in steps {
                try Task.checkCancellation()
                perform(step)
            }
        }

        private func dispatch(_ actions: AsyncStream<Action>) async {
            for await action in actions { dispatch(action) }
        }

        private func perform(_ step: MiddlewareAction<Action, Route>) {
            switch step {
            case let .performAction(action): dispatch(action)
            case let .performRoute(route): coordinator.perform(route)
            case let .multiple(steps): steps.forEach(perform)
            }
        }

        /// Returns once every middleware stream started so far has ended (deferred observers
        /// keep running until ``cancelAll()``).
        public func settle() async {
            while !tasks.isEmpty {
                let running = tasks
                tasks.removeAll()
                for task in running { await task.value }
            }
        }

        /// Cancels every middleware stream and deferred observer, and waits for them to end.
        public func cancelAll() async {
            let running = tasks + observers
            tasks.removeAll()
            observers.removeAll()
            for task in running { task.cancel() }
            for task in running { await task.value }
        }
    }
}

extension ReduxUI.Store {
    /// Installs `state` as the store's state: what a listener's jump does (StoreScope control,
    /// ``StoreRecorder/allowControl(_:whileLocked:replaceState:dispatch:)``).
    public func replaceState(_ state: State) {
        self.state = state
    }
}
