import Synchronization
import UnidirectionalFlow

/// What the store did, kept by the app itself (not by StoreScope): each action its reducer ran,
/// with the state after it. The tests compare the recording with it.
public final class SearchJournal: Sendable {
    /// One reduced action.
    public struct Entry: Sendable {
        public var action: SearchAction
        public var state: SearchState
    }

    private let entries = Mutex<[Entry]>([])

    public init() {}

    /// The entries so far.
    public var all: [Entry] { entries.withLock { $0 } }

    func append(_ action: SearchAction, _ state: SearchState) {
        entries.withLock { $0.append(Entry(action: action, state: state)) }
    }
}

/// A reducer that runs another and writes each action and the state after it in a journal.
struct JournalingReducer: Reducer {
    let base: SearchReducer
    let journal: SearchJournal

    func reduce(oldState: SearchState, with action: SearchAction) -> SearchState {
        let state = base.reduce(oldState: oldState, with: action)
        journal.append(action, state)
        return state
    }
}
