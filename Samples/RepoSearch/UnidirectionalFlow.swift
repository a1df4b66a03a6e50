import Observation
import StoreScope

/// Shape 5, swift-unidirectional-flow-like: `Reducer`, `actor` middlewares, `@Observable` store.
public enum UnidirectionalFlow {
    /// Turns the old state and an action into the new state.
    public protocol Reducer<State, Action>: Sendable {
        associatedtype State
        associatedtype Action
        /// The state after `action`.
        func reduce(oldState: State, with action: Action) -> State
    }

    /// Performs side effects for actions and may answer with a follow-up action. Ported with
    /// `throws`: where the original hid failures with `try?`, a port's middleware throws and the
    /// failure is visible (the store drops it; the trace records it).
    public protocol Middleware<State, Action>: Actor {
        associatedtype State: Sendable
        associatedtype Action: Sendable
        /// The follow-up to `action`, or `nil`.
        func process(state: State, with action: Action) async throws -> Action?
    }

    /// A swift-unidirectional-flow-like store: `await send(action)` reduces, then runs every
    /// middleware concurrently and sends their follow-ups. Cancelling the task that awaits `send`
    /// cancels its middlewares, and a cancelled send changes nothing. `@Observable` needs
    /// Observation (iOS 17, macOS 14), above the package's floor.
    @available(iOS 17.0, macOS 14.0, macCatalyst 17.0, tvOS 17.0, watchOS 10.0, visionOS 1.0, *)
    @Observable
    @StoreActor
    public final class Store<State: Sendable, Action: Sendable> {
        /// The current state.
        public private(set) var state: State
        /// What the store processed (for the scenario's checks).
        @ObservationIgnored public let journal = Journal()
        @ObservationIgnored private let reduce: (State, Action) -> State
        @ObservationIgnored private let middlewares: [any Middleware<State, Action>]
        @ObservationIgnored private let recording: StoreRecorder<State, Action>  // StoreScope

        /// Creates a store recording into `recording`.
        public init(
            initialState: State, reducer: some Reducer<State, Action>, middlewares: [any Middleware<State, Action>],
            recording: StoreRecorder<State, Action>
        ) {
            state = initialState
            self.middlewares = middlewares
            self.recording = recording
            reduce = recording.reducer(reducer.reduce(oldState:with:))  // StoreScope
        }

        /// Reduces `action`, then runs the middlewares and sends what they answer.
        public func send(_ action: Action) async {
            guard !Task.isCancelled else { return }
            state = reduce(state, action)
            journal.append(action, state: state)
            let seq = recording.lastSentSeq  // StoreScope
            let state = self.state
            await withTaskGroup(of: Void.self) { group in
                for middleware in middlewares {
                    group.addTask {
                        await self.recording.process("\(type(of: middleware))", startedBy: seq) {  // StoreScope
                            try await middleware.process(state: state, with: action)
                        } send: { await self.send($0) }
                    }
                }
            }
        }
    }
}

@available(iOS 17.0, macOS 14.0, macCatalyst 17.0, tvOS 17.0, watchOS 10.0, visionOS 1.0, *)
extension UnidirectionalFlow.Store {
    /// Installs `state` as the store's state: what a listener's jump does (StoreScope control,
    /// ``StoreRecorder/allowControl(_:whileLocked:replaceState:dispatch:)``).
    public func replaceState(_ state: State) {
        self.state = state
    }
}
