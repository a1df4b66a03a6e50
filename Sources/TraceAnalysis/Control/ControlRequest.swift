import Foundation
import TraceFormat

/// What a control client (`storescope control`, the viewer's keys) asks a listener, on a
/// connection to the listener's own socket that opens with ``ControlRequest/magic`` and the
/// version byte instead of a trace header, then one JSON object on one line (docs/FORMAT.md
/// §17, "Control clients"). The listener answers with one ``ControlReply`` line and hangs up.
public struct ControlRequest: Codable, Sendable, Hashable {
    /// `pause`, `resume`, `lock`, `unlock`, `jump`, `dispatch`, `resend`, `sessions`, or
    /// `replayable` (the actions a replay from `seq` sends, answered in ``ControlReply/actions``).
    public var command: String
    /// The session to act on, by its tag (`app/1f3a`) or number; the only one when `nil`.
    public var session: String?
    /// The store to act on; the session's main store when `nil`.
    public var store: String?
    /// For `jump`: the action whose resulting state to install; for `resend`: the action.
    public var seq: UInt64?
    /// For `dispatch`: the action, in the viewer's literal syntax (`.setFilter("a")`).
    public var action: String?
    /// For `replayable`: the last action to consider (the session's last when `nil`).
    public var through: UInt64?

    /// Creates a request.
    public init(
        command: String, session: String? = nil, store: String? = nil, seq: UInt64? = nil, action: String? = nil, through: UInt64? = nil
    ) {
        self.through = through
        self.command = command
        self.session = session
        self.store = store
        self.seq = seq
        self.action = action
    }

    /// The bytes a control connection opens with.
    public static let magic: [UInt8] = Array("SSCC".utf8)
    /// The version of this client protocol.
    public static let version: UInt8 = 1
    /// The longest request line a listener reads.
    public static let maximumBytes = 1 << 20

    /// The bytes to send: magic, version, the JSON line.
    public var encoded: [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let json = (try? encoder.encode(self)) ?? Data("{}".utf8)
        return Self.magic + [Self.version] + Array(json) + [UInt8(ascii: "\n")]
    }
}

/// A listener's answer to a ``ControlRequest``: what the app recorded as the command's
/// outcome, or why the command was not sent.
public struct ControlReply: Codable, Sendable, Hashable, Error {
    /// `done`, `refused`, `failed` (the app's outcome), or `error` (the listener's: the
    /// request could not become a command, or the app did not answer).
    public var result: String
    /// Why, or what happened.
    public var detail: String?
    /// The command's id on the session's connection (as the trace's outcome record names it).
    public var id: UInt64?
    /// The session's tag.
    public var session: String?
    /// The store.
    public var store: String?
    /// The command's name (`jump #42`).
    public var command: String?
    /// For `sessions`: each connected session as its tag and stores, `app/1f3a store "inbox"`
    /// (``SessionStores/summary``).
    public var sessions: [String]?
    /// For `replayable`: the store's actions after `seq` that the app itself sent (not those
    /// an effect sent: the app's effects send them again), in order, at most 10,000.
    public var actions: [UInt64]?
    /// Their recorded monotonic times (nanoseconds), for a replay at the recorded pace.
    public var times: [UInt64]?

    /// Creates a reply.
    public init(
        result: String, detail: String? = nil, id: UInt64? = nil, session: String? = nil, store: String? = nil,
        command: String? = nil, sessions: [String]? = nil, actions: [UInt64]? = nil, times: [UInt64]? = nil
    ) {
        self.actions = actions
        self.times = times
        self.result = result
        self.detail = detail
        self.id = id
        self.session = session
        self.store = store
        self.command = command
        self.sessions = sessions
    }

    /// An error of the listener's.
    public static func error(_ detail: String) -> ControlReply {
        ControlReply(result: "error", detail: detail)
    }

    /// The JSON line, every scalar that could drive a terminal escaped (`\u202e`): `control
    /// --json` prints it, and a store name or a detail comes from the app.
    public var line: [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let json = (try? encoder.encode(self)).map { String(decoding: $0, as: UTF8.self) } ?? "{\"result\":\"error\"}"
        return Array(JSONWriter.escapingTerminalControls(json).utf8) + [UInt8(ascii: "\n")]
    }
}
