/// What a sample store processed: each action with the state after it. The stores append to
/// it after their reducer runs; scenarios wait on it to step deterministically.
@StoreActor
public final class Journal {
    /// The entries so far.
    public private(set) var entries: [JournalEntry] = []
    private var waiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []

    /// Creates an empty journal.
    public init() {}

    /// Appends an action and the state after it.
    public func append(_ action: any Sendable, state: any Sendable) {
        entries.append(JournalEntry(action: action, state: state))
        let ready = waiters.filter { $0.count <= entries.count }
        waiters.removeAll { $0.count <= entries.count }
        for waiter in ready { waiter.continuation.resume() }
    }

    /// Returns once the journal holds at least `count` entries.
    public func wait(forCount count: Int) async {
        guard entries.count < count else { return }
        await withCheckedContinuation { waiters.append((count, $0)) }
    }
}
