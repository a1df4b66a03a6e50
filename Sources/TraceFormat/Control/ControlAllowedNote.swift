import Foundation

/// The note an app's recorder writes into its live stream when a store allows control
/// (docs/FORMAT.md §17, "Control commands"): a `log` record at level `info` whose message is
///
///     control: store "inbox" allows pause/resume, lock/unlock, jump, dispatch
///
/// naming what the store's commands may do (a jump needs the app's `replaceState`, a dispatch
/// its `dispatch`), so a tool reading the stream knows which stores it may act on before it
/// asks (`storescope mcp --allow-control` offers its control tools from these notes). A reader
/// that does not know it shows an ordinary line. ``init(message:)`` reads it back.
public struct ControlAllowedNote: Sendable, Hashable {
    /// What a store may be asked, as the note names it.
    public enum Command: String, Sendable, Hashable, CaseIterable {
        /// Pause and resume the store's recording.
        case pause = "pause/resume"
        /// Lock and unlock the app's actions.
        case lock = "lock/unlock"
        /// Install a recorded state.
        case jump
        /// Send an action.
        case dispatch
    }

    /// The store that allows control.
    public var store: String
    /// What it allows; empty when it allowed control but no command can be carried out.
    public var commands: Set<Command>

    /// Creates a note.
    public init(store: String, commands: Set<Command>) {
        self.store = store
        self.commands = commands
    }

    static let prefix = "control: store \""
    static let verb = "\" allows "
    static let none = "nothing"

    /// The log message.
    public var message: String {
        let names = Command.allCases.filter(commands.contains).map(\.rawValue)
        return Self.prefix + store + Self.verb + (names.isEmpty ? Self.none : names.joined(separator: ", "))
    }

    /// The note as the recorder writes it, after the action `seq`, at `monotonicNanos`.
    public func record(at monotonicNanos: UInt64, seq: UInt64) -> Record {
        .log(LogRecord(level: .info, message: message, monotonicNanos: monotonicNanos, seq: seq))
    }

    /// Reads a note back from a log message; `nil` when the message is not one (written
    /// exactly as ``message`` writes it).
    public init?(message: String) {
        guard message.hasPrefix(Self.prefix), let verb = message.range(of: Self.verb, options: .backwards),
            verb.lowerBound >= message.index(message.startIndex, offsetBy: Self.prefix.count)
        else { return nil }
        let store = String(message[message.index(message.startIndex, offsetBy: Self.prefix.count)..<verb.lowerBound])
        let list = message[verb.upperBound...]
        var commands = Set<Command>()
        if list != Self.none {
            for name in list.components(separatedBy: ", ") {
                guard let command = Command(rawValue: name) else { return nil }
                commands.insert(command)
            }
        }
        self.init(store: store, commands: commands)
        guard self.message == message else { return nil }
    }

    /// The note `log` is, if it is one: an `info` line written as ``message`` writes it.
    public init?(_ log: LogRecord) {
        guard log.level == .info else { return nil }
        self.init(message: log.message)
    }
}
