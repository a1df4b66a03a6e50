/// What the recorder does with the state after a store's action when the store sends its next
/// action before the worker has taken that state (``RecorderConfiguration/stateCoalescing``).
///
/// The worker diffs each state against the previous one, so it needs each state as it was. A
/// state the worker has not taken yet still shares its collections' storage with the store's
/// live state, and the reducer's next in-place change of such a collection then copies it
/// whole on the app's thread (for 100,000 users, milliseconds). Coalescing lets that state go
/// instead: the action is still recorded, its state is marked *not recorded* in the trace
/// (readers say so, never guess), and the store's next recorded state is diffed against the
/// last one recorded, so no change is lost from the trace, only the states in between.
///
/// Only stores whose recent changes touched collections of ``minimumBytes`` or more coalesce:
/// below that, the copy costs the app's thread a few microseconds at most, less than a state
/// is worth. docs/GUIDE.md, "Copy-on-write: what a collection change costs the app", has
/// what each choice costs.
public enum StateCoalescing: Sendable, Hashable {
    /// Every action's state is recorded. While the worker is behind (a burst, a slow worker),
    /// each collection change copies the changed collection on the app's thread.
    case never
    /// At UI pace, the store's next action coming at least half a 60 Hz frame
    /// (``uiPaceGapNanos``) after the previous one, a state the worker has not taken is let go,
    /// so a collection change never copies on the app's thread, however slow the worker; in a
    /// burst every state is recorded (and copied by the app's thread while the worker is
    /// behind). The default.
    case atUIPace
    /// Also in a burst: the app's thread never copies a collection for the recorder, and of a
    /// burst the worker records every action but only the states it takes in time (at the
    /// least, the state after the burst).
    case always

    /// Actions at least this far apart (half a 60 Hz frame, room for a frame's jitter) come
    /// at UI pace.
    public static let uiPaceGapNanos: UInt64 = 8_000_000

    /// Stores whose recent collection changes touched fewer bytes of collection storage than
    /// this (16 KiB) never coalesce.
    public static let minimumBytes = 16 * 1024
}
