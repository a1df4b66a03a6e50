import Dispatch

/// What a store did, kept by the app itself (not by StoreScope): each action its reducer
/// reduced, with the state after it. The tests compare the recording with it.
///
/// The seeds' stores reduce on the main thread (their effects `receive(on: DispatchQueue.main)`
/// before they send), so a journal is used from there only.
public final class Journal<State, Action> {
    /// One reduced action.
    public struct Entry {
        /// The action.
        public var action: Action
        /// The state after it.
        public var state: State
    }

    /// The entries so far.
    public private(set) var entries: [Entry] = []

    public init() {}

    /// Appends `action` and the state after it.
    public func append(_ action: Action, state: State) {
        entries.append(Entry(action: action, state: state))
    }

    /// An in-place reducer that reduces with `reduce`, then appends.
    public func reducer(_ reduce: @escaping (inout State, Action) -> Void) -> (inout State, Action) -> Void {
        { state, action in
            reduce(&state, action)
            self.append(action, state: state)
        }
    }

    /// A pure reducer that reduces with `reduce`, then appends.
    public func reducer(_ reduce: @escaping (State, Action) -> State) -> (State, Action) -> State {
        { state, action in
            let state = reduce(state, action)
            self.append(action, state: state)
            return state
        }
    }
}

/// One effect a scenario runs, as the tests expect to find it in the trace: its name, the
/// journal index of the action that started it, the journal indexes of the actions it sent,
/// and how it ended.
public struct ExpectedEffect: Equatable, Sendable {
    /// How an effect ends.
    public enum End: Equatable, Sendable { case finished, cancelled, failed }

    public var name: String
    public var parent: Int?
    public var emitted: [Int]
    public var end: End

    public init(_ name: String, parent: Int?, emitted: [Int], end: End = .finished) {
        self.name = name
        self.parent = parent
        self.emitted = emitted
        self.end = end
    }
}

/// Returns once `condition` holds, or after 10 s (the test then fails on what it finds). Polls
/// every millisecond, suspended meanwhile, so the main queue runs what the stores' effects
/// scheduled on it (`receive(on: DispatchQueue.main)`).
@MainActor
public func until(_ condition: () -> Bool) async {
    var waited = 0
    while !condition(), waited < 10_000 {
        try? await Task.sleep(nanoseconds: 1_000_000)
        waited += 1
    }
}

/// Lets the main queue run what the effects have already scheduled on it: an effect that
/// `receive(on: DispatchQueue.main)`s sends its last action and its completion as two blocks, so
/// a journal holding that action can be seen before the completion ran. Five hops through the
/// main queue, each behind what was there before it, cover the chains the scenarios make.
@MainActor
public func settle() async {
    for _ in 0..<5 {
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in DispatchQueue.main.async { done.resume() } }
    }
}

/// ``settle()`` once the main queue has run what is due on it within `delay` from now: a
/// `delay(for:scheduler: DispatchQueue.main)` schedules its completion apart from its value, each
/// `delay` after it came, so a journal holding the value can be seen while the completion's timer
/// is still pending (on a loaded machine, past every main-queue hop ``settle()`` makes). The main
/// queue runs its timers in the order of their deadlines, and this one's is the later.
@MainActor
public func settle(pastTimersDueWithin delay: DispatchTimeInterval) async {
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
        DispatchQueue.main.asyncAfter(deadline: .now() + delay) { done.resume() }
    }
    await settle()
}
