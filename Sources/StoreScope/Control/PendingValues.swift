import TraceFormat

/// The values a listener's commands make the app hold: a state to install or an action to send,
/// decoded from what the listener sent and held until the store's closures have used it. One
/// bound for the whole recorder, whatever the number of stores that allow control: at most
/// ``limit`` at a time, each within ``ControlSettings/maximumValueBytes`` when read. A place is
/// taken before a value is inflated, so a command past the bound costs its compressed bytes
/// only. (Per store, a listener sending to N stores made the app hold N times as much.)
final class PendingValues: Sendable {
    /// How many values may wait at once, across every store.
    static var limit: Int { 2 }
    private let count = LockedValue(0)

    /// Takes a place for a value about to be read; `false` when every place is taken.
    func reserve() -> Bool {
        count.withLock { count in
            guard count < Self.limit else { return false }
            count += 1
            return true
        }
    }

    /// Gives back a place: its value was used, or will not be.
    func release() {
        count.withLock { $0 = max(0, $0 - 1) }
    }
}
