@preconcurrency import ReSwift

/// What the store did, kept by the app itself (not by StoreScope): each action that reached the
/// reducer, with the state after it. The tests compare the recording with it.
@MainActor
public final class CartJournal {
    /// One reduced action.
    public struct Entry {
        /// The action's type name (`AddToCart`).
        public var action: String
        /// The state after it.
        public var state: CartState
    }

    /// The entries so far.
    public private(set) var entries: [Entry] = []
    private var waiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []

    public init() {}

    /// A middleware, last in the chain (only actions that reach the reducer pass it), that
    /// appends each action and the state after it.
    public nonisolated func middleware() -> Middleware<CartState> {
        { _, getState in
            { next in
                { action in
                    next(action)
                    guard let state = getState() else { return }
                    MainActor.assumeIsolated { self.append(String(describing: type(of: action)), state: state) }
                }
            }
        }
    }

    private func append(_ action: String, state: CartState) {
        entries.append(Entry(action: action, state: state))
        let ready = waiters.filter { $0.count <= entries.count }
        waiters.removeAll { $0.count <= entries.count }
        for waiter in ready { waiter.continuation.resume() }
    }

    /// Returns once the journal holds `count` entries.
    public func wait(forCount count: Int) async {
        guard entries.count < count else { return }
        await withCheckedContinuation { waiters.append((count, $0)) }
    }
}
