import Foundation
import StoreScope

/// Shape 3, the Redux-like state container: in-place reducer, `send(effect)`, `binding(for:)`.
public enum ReduxContainer {
    /// A reducer that changes the state in place.
    public typealias Reducer<State, Action> = (inout State, Action) -> Void

    /// A value a view reads and writes; writing sends an action (the port of SwiftUI's `Binding`).
    @StoreActor
    public struct Binding<Value> {
        /// Reads the value.
        public let get: () -> Value
        /// Writes a value.
        public let set: (Value) -> Void
    }

    /// An effect: actions produced asynchronously. A new effect with the `id` of one still
    /// running replaces it (the older one is cancelled).
    public struct Effect<Action: Sendable>: Sendable {
        /// Names the effect; effects with the same id supersede each other.
        public var id: String
        /// The actions; throwing ends the effect as failed.
        public var actions: AsyncThrowingStream<Action, any Error>

        /// An effect that performs `body` and sends the action it returns.
        public static func task(_ id: String, _ body: @escaping @Sendable () async throws -> Action) -> Effect {
            Effect(id: id, actions: .single(body))
        }
    }

    /// A Redux-like state container: `send(_ action:)` runs the reducer, `send(_ effect:)` runs an
    /// effect and sends its actions; an effect that fails sends the action `failure` makes of the
    /// error.
    @StoreActor
    public final class Store<State: Sendable, Action: Sendable> {
        /// The current state.
        public private(set) var state: State
        /// What the store processed (for the scenario's checks).
        public let journal = Journal()
        private let reducer: Reducer<State, Action>
        private let failure: (any Error) -> Action?
        private let recording: StoreRecorder<State, Action>  // StoreScope
        private var running: [String: (token: UUID, task: Task<Void, Never>)] = [:]
        private var started: [Task<Void, Never>] = []

        /// Creates a store recording into `recording`.
        public init(
            initialState: State, reducer: @escaping Reducer<State, Action>, recording: StoreRecorder<State, Action>,
            failure: @escaping (any Error) -> Action? = { _ in nil }
        ) {
            state = initialState
            self.recording = recording
            self.reducer = recording.reducer(reducer)  // StoreScope
            self.failure = failure
        }

        /// Runs the reducer on `action`.
        public func send(_ action: Action) {
            reducer(&state, action)
            journal.append(action, state: state)
        }

        /// Runs `effect`, sending each action it produces; cancels a running effect with its id.
        public func send(_ effect: Effect<Action>) {
            let span = recording.startEffect(effect.id, startedBy: recording.lastSentSeq)  // StoreScope
            let token = UUID()
            running[effect.id]?.task.cancel()
            let task = Task {
                do {
                    try await span.run { try await self.send(effect.actions) }  // StoreScope
                } catch is CancellationError {
                } catch {
                    if let action = failure(error) { send(action) }
                }
                if running[effect.id]?.token == token { running[effect.id] = nil }
            }
            running[effect.id] = (token, task)
            started.append(task)
        }

        private func send(_ actions: AsyncThrowingStream<Action, any Error>) async throws {
            for try await action in actions {
                try Task.checkCancellation()
                send(action)
            }
        }

        /// A binding to `keyPath` whose writes send `action(value)`.
        public func binding<Value>(for keyPath: KeyPath<State, Value>, _ action: @escaping (Value) -> Action) -> Binding<Value> {
            Binding(get: { self.state[keyPath: keyPath] }, set: { self.send(action($0)) })
        }

        /// Returns once every effect started so far has ended.
        public func settle() async {
            while !started.isEmpty {
                let tasks = started
                started.removeAll()
                for task in tasks { await task.value }
            }
        }
    }
}

extension ReduxContainer.Store {
    /// Installs `state` as the store's state: what a listener's jump does (StoreScope control,
    /// ``StoreRecorder/allowControl(_:whileLocked:replaceState:dispatch:)``).
    public func replaceState(_ state: State) {
        self.state = state
    }
}
