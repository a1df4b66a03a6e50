import StoreScope

/// Shape 2, simple Redux: a `Reducer` over mutations, actions mapped to mutation streams.
public enum SimpleRedux {
    /// A reducer: applies one mutation to a state, synchronously.
    public protocol Reducer {
        /// The state it reduces.
        associatedtype State
        /// The mutations it applies.
        associatedtype Mutation
        /// Returns `state` changed by `mutation`.
        func reduce(state: State, mutation: Mutation) -> State
    }

    /// A type-erased reducer.
    public struct AnyReducer<State, Mutation> {
        /// The reduce function.
        public let reduce: (State, Mutation) -> State

        /// Erases `reducer`.
        public init<R: Reducer>(_ reducer: R) where R.State == State, R.Mutation == Mutation {
            reduce = reducer.reduce
        }

        /// Wraps a reduce function.
        public init(reduce: @escaping (State, Mutation) -> State) {
            self.reduce = reduce
        }
    }

    /// An intent, from the user or the app, that maps to a stream of mutations (the port of the
    /// original's `toMutation() -> AnyPublisher<Mutation, Never>`; throwing ends it as failed).
    public protocol Action: Sendable {
        /// The mutations it produces.
        associatedtype Mutation: Sendable
        /// The mutations, produced asynchronously.
        func toMutation() -> AsyncThrowingStream<Mutation, any Error>
    }

    /// A simple Redux store: actions map to mutations, and the reducer applies mutations.
    @StoreActor
    public final class Store<State: Sendable, Mutation: Sendable> {
        /// The current state.
        public private(set) var state: State
        /// What the store processed (for the scenario's checks).
        public let journal = Journal()
        private let reducer: AnyReducer<State, Mutation>
        private let recording: StoreRecorder<State, Mutation>  // StoreScope
        private var cancellables: [Task<Void, Never>] = []

        /// Creates a store recording into `recording`.
        public init(initialState: State, reducer: AnyReducer<State, Mutation>, recording: StoreRecorder<State, Mutation>) {
            state = initialState
            self.recording = recording
            self.reducer = AnyReducer(reduce: recording.reducer(reducer.reduce))  // StoreScope
        }

        /// Runs `action`'s mutations through the reducer as they arrive.
        ///
        /// - Returns: the task applying them; cancel it to stop the action.
        @discardableResult
        public func send<A: Action>(action: A) -> Task<Void, Never> where A.Mutation == Mutation {
            let task = recording.task("\(A.self)", startedBy: nil) {  // StoreScope
                for try await mutation in action.toMutation() {
                    try Task.checkCancellation()
                    await self.update(mutation: mutation)
                }
            }
            cancellables.append(task)
            return task
        }

        /// Applies one mutation.
        public func update(mutation: Mutation) {
            state = reducer.reduce(state, mutation)
            journal.append(mutation, state: state)
        }

        /// Returns once every action sent so far has ended.
        public func settle() async {
            while !cancellables.isEmpty {
                let tasks = cancellables
                cancellables.removeAll()
                for task in tasks { await task.value }
            }
        }
    }
}

extension SimpleRedux.Action {
    /// A stream of mutations produced by `body`.
    public func mutations(
        _ body: @escaping @Sendable (_ emit: (Mutation) -> Void) async throws -> Void
    ) -> AsyncThrowingStream<Mutation, any Error> {
        .producing(body)
    }
}

extension SimpleRedux.Store {
    /// Installs `state` as the store's state: what a listener's jump does (StoreScope control,
    /// ``StoreRecorder/allowControl(_:whileLocked:replaceState:dispatch:)``).
    public func replaceState(_ state: State) {
        self.state = state
    }
}
