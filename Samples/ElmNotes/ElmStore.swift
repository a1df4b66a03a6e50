import Foundation
import StoreScope

/// Shape 1, Elm-like: `update(State, Environment, Action) -> Update(state, fx)`.
public enum Elm {
    /// An effect: a stream of actions the store feeds back to itself. A new fx with the `id` of
    /// one still running replaces it (the older one is cancelled).
    public struct Fx<Action: Sendable>: Sendable {
        /// Names the fx in traces; fx with the same id supersede each other.
        public var id: String
        /// The actions; throwing ends the fx as failed.
        public var actions: AsyncThrowingStream<Action, any Error>

        /// An fx that runs `body`, which yields actions through `send`.
        public static func run(
            _ id: String, _ body: @escaping @Sendable (_ send: (Action) -> Void) async throws -> Void
        ) -> Fx {
            Fx(id: id, actions: .producing(body))
        }
    }

    /// A state change together with the fx it starts.
    public struct Update<State: Equatable, Action: Sendable> {
        /// The new state.
        public var state: State
        /// The effect to run, or `nil` for none.
        public var fx: Fx<Action>?

        /// Creates an update.
        public init(state: State, fx: Fx<Action>? = nil) {
            self.state = state
            self.fx = fx
        }
    }

    /// An Elm-like store: `update(state, environment, action)` returns the next state and an fx;
    /// the store keeps each fx running until it completes, then removes it.
    @StoreActor
    public final class Store<State: Equatable & Sendable, Environment, Action: Sendable> {
        /// The current state; changed only by actions sent to ``send(_:)``.
        public private(set) var state: State
        /// What the store processed (for the scenario's checks).
        public let journal = Journal()
        private let update: (State, Environment, Action) -> Update<State, Action>
        private let environment: Environment
        private let recording: StoreRecorder<State, Action>  // StoreScope
        private var running: [String: (token: UUID, task: Task<Void, Never>)] = [:]
        private var started: [Task<Void, Never>] = []

        /// Creates a store recording into `recording`.
        public init(
            state: State, environment: Environment, recording: StoreRecorder<State, Action>,
            update: @escaping (State, Environment, Action) -> Update<State, Action>
        ) {
            self.state = state
            self.environment = environment
            self.recording = recording
            self.update = recording.reducer(update, state: \.state)  // StoreScope
        }

        /// Updates the state with `action` and runs the fx it returns.
        public func send(_ action: Action) {
            // An Elm update returns a new state and fx: only the store can skip it while a
            // listener has locked it.
            guard recording.admits(action) else { return }  // StoreScope
            let change = update(state, environment, action)
            if state != change.state { state = change.state }
            journal.append(action, state: state)
            guard let fx = change.fx else { return }
            let parent = recording.lastSentSeq  // StoreScope
            let token = UUID()
            running[fx.id]?.task.cancel()
            let task = Task {
                await self.recording.process(fx.id, startedBy: parent, actions: fx.actions) { await self.send($0) }  // StoreScope
                if self.running[fx.id]?.token == token { self.running[fx.id] = nil }
            }
            running[fx.id] = (token, task)
            started.append(task)
        }

        /// Returns once every fx started so far (and any they started) has ended, cancelled
        /// ones included.
        public func settle() async {
            while !started.isEmpty {
                let tasks = started
                started.removeAll()
                for task in tasks { await task.value }
            }
        }
    }
}

extension Elm.Store {
    /// Installs `state` as the store's state: what a listener's jump does (StoreScope control,
    /// ``StoreRecorder/allowControl(_:whileLocked:replaceState:dispatch:)``).
    public func replaceState(_ state: State) {
        self.state = state
    }
}
