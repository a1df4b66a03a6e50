import Foundation

/// Whether and how far a listener may act on the app (``StoreRecorder/allowControl(_:whileLocked:replaceState:dispatch:)``).
///
/// Control needs two consents: the app names the stores (and commands) a listener may act on,
/// and this switch is on. It is on in debug builds and off in release builds of StoreScope
/// (`#if DEBUG`), off whatever the build when the environment has `STORESCOPE_CONTROL=off`,
/// and compiled out entirely with `-D STORESCOPE_NO_CONTROL` (`swiftSettings: [.define(...)]`):
/// then every command is answered "control is off in this build".
public struct ControlSettings: Sendable {
    /// Whether commands are carried out at all (see the type's summary for the default).
    public var isEnabled: Bool
    /// The largest command a listener may send (its compressed bytes, default 16 MiB): a
    /// larger one is discarded as it arrives and answered with an error record.
    public var maximumCommandBytes: Int
    /// The largest value (a state to jump to, an action) a command may inflate to (default
    /// 64 MiB).
    public var maximumValueBytes: Int
    /// The most commands waiting for a store's closures (default 8): beyond, commands are
    /// refused ("busy"), so a flood cannot grow the app. Of those carrying a value (a jump's
    /// state, a dispatch's action), at most 2 wait for all the app's stores together, and the
    /// others are refused before their value is read.
    public var maximumPendingCommands: Int
    /// How many of its recent states a store that allows jumps keeps while a listener is
    /// connected (default 50, as Redux DevTools' `maxAge`; 0 keeps none): a jump to one of them
    /// installs the store's own value, without decoding the state the listener sent. Within
    /// ``keptStateBytes``.
    public var keptStates: Int
    /// The most memory the kept states may hold on to, per store, as the recorder estimates
    /// it (default 32 MiB): each keeps what its action changed alive (the collections' buffers),
    /// the rest it shares with the states around it. The oldest go first.
    public var keptStateBytes: Int
    /// The longest a lock or a pause lasts (default 10 minutes): then it ends as an unlock or a
    /// resume would, with a record saying so. Either ends sooner when the connection to the
    /// listener that set it ends (the listener, or the viewer, went away).
    public var maximumHold: Duration

    /// Creates settings; by default enabled in debug builds only (see the type's summary).
    public init(
        isEnabled: Bool = ControlSettings.enabledByDefault, maximumCommandBytes: Int = 16 * 1024 * 1024,
        maximumValueBytes: Int = 64 * 1024 * 1024, maximumPendingCommands: Int = 8,
        keptStates: Int = 50, keptStateBytes: Int = 32 * 1024 * 1024, maximumHold: Duration = .seconds(600)
    ) {
        self.maximumHold = max(.milliseconds(100), maximumHold)
        self.isEnabled = isEnabled
        self.maximumCommandBytes = max(1024, maximumCommandBytes)
        self.maximumValueBytes = max(1024, maximumValueBytes)
        self.maximumPendingCommands = max(1, maximumPendingCommands)
        self.keptStates = max(0, keptStates)
        self.keptStateBytes = max(0, keptStateBytes)
    }

    /// On in debug builds unless `STORESCOPE_CONTROL=off`; off in release builds and when
    /// compiled with `STORESCOPE_NO_CONTROL`.
    public static var enabledByDefault: Bool {
        #if STORESCOPE_NO_CONTROL
        return false
        #elseif DEBUG
        return ProcessInfo.processInfo.environment["STORESCOPE_CONTROL"] != "off"
        #else
        return ProcessInfo.processInfo.environment["STORESCOPE_CONTROL"] == "on"
        #endif
    }

    /// Whether the build can carry out commands at all.
    static var isCompiledIn: Bool {
        #if STORESCOPE_NO_CONTROL
        return false
        #else
        return true
        #endif
    }
}

/// The commands a store allows (``StoreRecorder/allowControl(_:whileLocked:replaceState:dispatch:)``).
public struct ControlCommands: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8
    /// Creates a set from its bits.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Pause and resume the store's recording (the app's other stores go on being recorded).
    public static let pause = ControlCommands(rawValue: 1 << 0)
    /// Lock and unlock the app's actions.
    public static let lock = ControlCommands(rawValue: 1 << 1)
    /// Install a recorded state.
    public static let jump = ControlCommands(rawValue: 1 << 2)
    /// Send an action (typed, re-sent or replayed).
    public static let dispatch = ControlCommands(rawValue: 1 << 3)
    /// Every command.
    public static let all: ControlCommands = [.pause, .lock, .jump, .dispatch]

    /// The names, for refusals.
    var names: String {
        [(ControlCommands.pause, "pause/resume"), (.lock, "lock/unlock"), (.jump, "jump"), (.dispatch, "dispatch")]
            .filter { contains($0.0) }.map(\.1).joined(separator: ", ")
    }
}

/// What happens to the actions the app sends while a listener has locked the store.
public enum LockedActions: Sendable, Hashable {
    /// They wait, in order, and are sent through the opt-in's `dispatch` when unlocked.
    case held
    /// They are not reduced; the trace counts them at unlock.
    case refused
}
