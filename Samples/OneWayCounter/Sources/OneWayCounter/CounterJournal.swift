import OneWay
import Synchronization

/// What the store did, kept by the app itself (not by StoreScope): each action its reducer ran,
/// with the state after it. The tests compare the recording with it.
public final class CounterJournal: Sendable {
    /// One reduced action.
    public struct Entry: Sendable {
        public var action: CounterAction
        public var state: CounterState
    }

    private let entries = Mutex<[Entry]>([])

    public init() {}

    /// The entries so far.
    public var all: [Entry] { entries.withLock { $0 } }

    func append(_ action: CounterAction, _ state: CounterState) {
        entries.withLock { $0.append(Entry(action: action, state: state)) }
    }
}

/// A reducer that runs another and writes each action and the state after it in a journal.
public struct JournalingReducer<Base: Reducer>: Reducer where Base.State == CounterState, Base.Action == CounterAction {
    let base: Base
    let journal: CounterJournal

    public func reduce(state: inout CounterState, action: CounterAction) -> AnyEffect<CounterAction> {
        let effect = base.reduce(state: &state, action: action)
        journal.append(action, state)
        return effect
    }
}
