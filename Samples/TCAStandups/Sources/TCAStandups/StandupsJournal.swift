import ComposableArchitecture

/// What the store did, kept by the app itself (not by StoreScope): each action the root reducer
/// reduced, with the state after it. The tests compare the recording with it.
@MainActor
public final class StandupsJournal {
    /// One reduced action.
    public struct Entry: Sendable {
        public var action: StandupsFeature.Action
        public var state: StandupsFeature.State
    }

    public private(set) var entries: [Entry] = []

    public init() {}

    func append(_ action: StandupsFeature.Action, _ state: StandupsFeature.State) {
        entries.append(Entry(action: action, state: state))
    }

    /// Returns once the journal holds `count` entries.
    public func wait(forCount count: Int) async {
        while entries.count < count { await Task.yield() }
    }
}

/// A reducer that journals every action its base reduces, with the state after it.
public struct JournalingReducer<Base: Reducer>: Reducer
where Base.State == StandupsFeature.State, Base.Action == StandupsFeature.Action {
    let base: Base
    let journal: StandupsJournal

    public func _reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
        let effect = base._reduce(into: &state, action: action)
        let journal = journal, reduced = state
        MainActor.assumeIsolated { journal.append(action, reduced) }
        return effect
    }
}

extension Reducer where State == StandupsFeature.State, Action == StandupsFeature.Action {
    /// This reducer, journaled.
    public func journaled(in journal: StandupsJournal) -> JournalingReducer<Self> {
        JournalingReducer(base: self, journal: journal)
    }
}
