
/// A store's lock: while a listener holds it, the actions the app sends are held (to be sent
/// at unlock) or refused. Actions sent by a control command pass (``ControlDispatch``).
@usableFromInline
final class ControlLock<Action: Sendable>: Sendable {
    /// 0 open, 1 holding, 2 refusing: read with one relaxed load per action.
    @usableFromInline let mode = AtomicValue<UInt8>(0)
    private let state = LockedValue(Held())
    /// The most actions held; more are refused (memory stays bounded).
    static var mostHeld: Int { 1_024 }

    struct Held {
        var actions: [Action] = []
        var refused = 0
    }

    @usableFromInline init() {}

    /// Whether `action` may be reduced now; when not, it is held or counted as refused.
    @inlinable
    func admits(_ action: Action) -> Bool {
        let mode = mode.load(ordering: .relaxed)
        if mode == 0 || ControlDispatch.isSending { return true }
        hold(action, refusing: mode == 2)
        return false
    }

    @usableFromInline
    func hold(_ action: Action, refusing: Bool) {
        state.withLock { held in
            if refusing || held.actions.count >= Self.mostHeld {
                held.refused += 1
            } else {
                held.actions.append(action)
            }
        }
    }

    /// Locks: later actions are held, or refused when `refusing`.
    func lock(refusing: Bool) {
        mode.store(refusing ? 2 : 1, ordering: .relaxed)
    }

    /// Opens the lock; returns the actions held (to send, in order) and how many were refused.
    func unlock() -> (held: [Action], refused: Int) {
        mode.store(0, ordering: .relaxed)
        return state.withLock { held in
            defer { held = Held() }
            return (held.actions, held.refused)
        }
    }

    var isLocked: Bool { mode.load(ordering: .relaxed) != 0 }
}

/// Marks the actions a control command sends, so a locked store lets them through: set around
/// the opt-in's `dispatch` closure, it follows the closure into the tasks it awaits or starts
/// (task-locals do), but not into a `DispatchQueue` hop.
public enum ControlDispatch {
    @TaskLocal static var sending = false

    /// Whether the current task is sending a control command's action.
    @inlinable public static var isSending: Bool { isSendingValue }
    @usableFromInline static var isSendingValue: Bool { sending }
}
