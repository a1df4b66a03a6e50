/// A command a listener sends to an app that allowed control of one of its stores
/// (docs/FORMAT.md §17, "Control commands"). It travels as the body of one or more
/// ``ListenerMessage/commandPart(_:isLast:)`` messages on the app's own connection; the app
/// records every command and its outcome in the trace (``ControlOutcome``).
public struct ControlCommand: Sendable, Hashable {
    /// What the command asks for.
    public enum Request: Sendable, Hashable {
        /// Stop recording the store's actions (the app keeps running).
        case pause
        /// Record again; the actions sent while paused are marked as not recorded.
        case resume
        /// Hold or refuse the actions the app sends, as its opt-in chose.
        case lock
        /// Let the app's actions through again (held ones are sent, in order).
        case unlock
        /// Install `state`, the state the session had after action `sourceSeq`; `nil`: the
        /// app's own copy of that state, which an app that allows jumps keeps for its recent
        /// actions (the listener sent none, or the app did not read the one sent).
        case jump(sourceSeq: UInt64, state: TraceValue?)
        /// Send `action` to the store, as the app's own `Action`.
        case dispatch(TraceValue)
        /// A command this reader does not know, by its kind byte: answered with an error.
        case unknown(kind: UInt8)
    }

    /// Who asked: the process that typed the command (a `storescope control` client, or the
    /// viewer itself), as the listener saw it. The app also records the listener's own
    /// credentials, which it checked itself.
    public struct Issuer: Sendable, Hashable {
        /// The asking process's id (0 when unknown).
        public var pid: UInt32
        /// Its user id.
        public var uid: UInt32

        /// Creates an issuer.
        public init(pid: UInt32, uid: UInt32) {
            self.pid = pid
            self.uid = uid
        }
    }

    /// Numbers the command within the connection; the outcome record names it.
    public var id: UInt64
    /// The store the command is for (its name in the trace).
    public var store: String
    /// Who asked.
    public var issuer: Issuer
    /// What it asks.
    public var request: Request

    /// Creates a command.
    public init(id: UInt64, store: String, issuer: Issuer, request: Request) {
        self.id = id
        self.store = store
        self.issuer = issuer
        self.request = request
    }

    /// The command's name, as outcome records and `storescope control` spell it.
    public var name: String {
        switch request {
        case .pause: "pause"
        case .resume: "resume"
        case .lock: "lock"
        case .unlock: "unlock"
        case let .jump(seq, _): "jump #\(seq)"
        case .dispatch: "dispatch"
        case let .unknown(kind): "command kind \(kind)"
        }
    }

    enum Kind: UInt8 {
        case pause = 1, resume = 2, lock = 3, unlock = 4, jump = 5, dispatch = 6
    }

    /// The version of the command body this writer sends and this reader reads.
    public static let version: UInt8 = 1
}
