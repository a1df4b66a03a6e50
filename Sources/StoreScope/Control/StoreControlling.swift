import TraceFormat

/// A store's control, as the recorder's worker sees it whatever the store's State and Action.
protocol StoreControlling: AnyObject, Sendable {
    /// The commands the store allows.
    var commands: ControlCommands { get }
    /// What the store allows, as the live stream tells listeners (``ControlAllowedNote``):
    /// ``commands``, less a jump without `replaceState` and a dispatch without `dispatch`.
    var note: ControlAllowedNote { get }
    /// Starts carrying out `command` (never waits: the work runs on the store's control task,
    /// in the order commands arrived); the outcome goes into the trace. `holdsValue`: the
    /// command's value took a place in ``ControlRegistry/pendingValues``, given back once the
    /// command is done with.
    func perform(_ command: ControlCommand, listener: ControlCommand.Issuer, holdsValue: Bool)
    /// Whether the store keeps its own state after `seq` (``KeptStates``), so a jump to it
    /// needs no state from the listener. Worker thread only.
    func keepsState(after seq: UInt64) -> Bool
    /// Opens a lock whose listener is gone (or that lasted too long), as an unlock would:
    /// the held actions are sent in order, and an outcome record says why and how many.
    func releaseLock(because reason: String)
}

/// The stores that allowed control, by name: filled by the app's threads, read by the worker.
/// Held weakly: a store's recorder owns its control, and a released store answers no more.
final class ControlRegistry: Sendable {
    private struct Entry {
        weak var control: (any StoreControlling)?
    }
    private let stores = LockedValue<[String: Entry]>([:])
    /// The values the stores' commands hold, bounded across all of them.
    let pendingValues = PendingValues()

    func register(_ control: any StoreControlling, as name: String) {
        stores.withLock { $0[name] = Entry(control: control) }
    }

    func remove(_ name: String) {
        _ = stores.withLock { $0.removeValue(forKey: name) }
    }

    /// Whether no live store allows control.
    var isEmpty: Bool {
        stores.withLock { stores in !stores.values.contains { $0.control != nil } }
    }

    func control(of name: String) -> (any StoreControlling)? {
        stores.withLock { $0[name]?.control }
    }

    /// Every live store's control.
    var all: [any StoreControlling] {
        stores.withLock { $0.values.compactMap(\.control) }
    }

    /// What every live store allows, by store name.
    var notes: [ControlAllowedNote] {
        all.map(\.note).sorted { $0.store < $1.store }
    }
}

/// A command as it arrived on the live stream, or why it could not be read.
enum ReceivedCommand: Sendable {
    /// A whole body, not decoded yet: the worker decodes it (``RecorderWorker/handleControlCommands()``).
    case body([UInt8], listener: ControlCommand.Issuer)
    /// Not a command this app can read (malformed, too large); the detail says why.
    case unreadable(String, listener: ControlCommand.Issuer)
}
