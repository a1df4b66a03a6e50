import TraceFormat

/// A store's lock: while a listener holds it, the actions the app sends are held (to be sent
/// at unlock) or refused. Actions sent by a control command pass (``ControlDispatch``).
///
/// Only a store that asks ``StoreRecorder/admits(_:)`` before reducing can hold its actions;
/// one that records through a path that must run its reducer (``StoreRecorder/willSend(_:from:fileID:line:)``
/// called directly, an Elm update wrapped by `reducer(_:state:)`) reduces them anyway. The lock
/// notes both, so that what it answers is what happened: a store that never asked is refused a
/// lock, and the actions that passed one are counted in the unlock's answer.
@usableFromInline
final class ControlLock<Action: Sendable>: Sendable {
    /// 0 open, 1 holding, 2 refusing: read with one relaxed load per action.
    @usableFromInline let mode = AtomicValue<UInt8>(0)
    /// Whether the store has asked ``admits(_:)`` at least once: set by its first action
    /// recorded through an admitting path, read when a lock is asked for.
    @usableFromInline let asksAdmission = AtomicValue<Bool>(false)
    private let state = LockedValue(Held())
    /// The most actions held; more are refused (memory stays bounded).
    static var mostHeld: Int { 1_024 }

    struct Held {
        var actions: [Action] = []
        var refused = 0
        /// Actions reduced while locked, by a path that did not ask ``admits(_:)``.
        var passed = 0
    }

    @usableFromInline init() {}

    /// Whether `action` may be reduced now; when not, it is held or counted as refused.
    @inlinable
    func admits(_ action: Action) -> Bool {
        if !asksAdmission.load(ordering: .relaxed) { asksAdmission.store(true, ordering: .relaxed) }
        let mode = mode.load(ordering: .relaxed)
        if mode == 0 || ControlDispatch.isSending { return true }
        hold(action, refusing: mode == 2)
        return false
    }

    /// Notes an action about to be reduced: one that reaches the reducer while locked, not
    /// sent by a control command, passed the lock (its path did not ask ``admits(_:)``, or the
    /// lock closed between the two).
    @inlinable
    func noteReducing() {
        if mode.load(ordering: .relaxed) != 0, !ControlDispatch.isSending { notePassed() }
    }

    @usableFromInline
    func notePassed() {
        state.withLock { $0.passed += 1 }
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

    /// Opens the lock; returns the actions held (to send, in order), how many were refused,
    /// and how many were reduced anyway (``noteReducing()``).
    func unlock() -> (held: [Action], refused: Int, passed: Int) {
        mode.store(0, ordering: .relaxed)
        return state.withLock { held in
            defer { held = Held() }
            return (held.actions, held.refused, held.passed)
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
