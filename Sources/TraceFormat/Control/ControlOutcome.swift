import Foundation

/// What an app did with a ``ControlCommand``, as it records it in the trace: a `log` record
/// (§6; `info` when done, `warning` when refused, `error` when it failed) whose message is
///
///     control #7 jump #42 → done (store "inbox", asked by pid 4242 uid 1000, listener pid 4100 uid 1000)
///     control #8 dispatch → refused: this store allows only pause, resume (store "inbox", ...)
///
/// so that readers that know nothing of control (format 1.0) still show it, and a session
/// says exactly what was done to it, by whom. ``init(message:)`` reads it back.
public struct ControlOutcome: Sendable, Hashable {
    /// How the command ended.
    public enum Result: String, Sendable, Hashable {
        /// Carried out.
        case done
        /// Not carried out: not allowed, or not understood (the detail says which).
        case refused
        /// Attempted and failed (a state that does not decode, say).
        case failed
    }

    /// The command's id on its connection.
    public var id: UInt64
    /// The command's name (``ControlCommand/name``).
    public var command: String
    /// How it ended.
    public var result: Result
    /// Why, for a refusal or failure; what happened, for some successes.
    public var detail: String?
    /// The store it was for.
    public var store: String
    /// Who asked (as the listener reported it).
    public var issuer: ControlCommand.Issuer
    /// The listener the command came through, as the app saw it (pid 0 when unknown).
    public var listener: ControlCommand.Issuer

    /// Creates an outcome.
    public init(
        id: UInt64, command: String, result: Result, detail: String? = nil, store: String,
        issuer: ControlCommand.Issuer, listener: ControlCommand.Issuer
    ) {
        self.id = id
        self.command = command
        self.result = result
        self.detail = detail
        self.store = store
        self.issuer = issuer
        self.listener = listener
    }

    static let prefix = "control #"

    /// The log message.
    public var message: String {
        let detailText = detail.map { ": \($0)" } ?? ""
        return "\(Self.prefix)\(id) \(command) → \(result.rawValue)\(detailText) (store \"\(store)\", asked by pid \(issuer.pid) uid \(issuer.uid), listener pid \(listener.pid) uid \(listener.uid))"
    }

    /// The log level it is recorded at.
    public var level: LogRecord.Level {
        switch result {
        case .done: .info
        case .refused: .warning
        case .failed: .error
        }
    }

    /// Reads an outcome back from a log message; `nil` when the message is not one. The message
    /// may come from any peer (an app's own log line): its parts must come in their order,
    /// id, command, arrow, outcome, store, or it is not an outcome (a range between parts out
    /// of order would trap).
    public init?(message: String) {
        guard message.hasPrefix(Self.prefix) else { return nil }
        let rest = message.dropFirst(Self.prefix.count)
        guard let space = rest.firstIndex(of: " "), let id = UInt64(rest[..<space]),
            let arrow = rest.range(of: " → "), let tail = rest.range(of: " (store \"", options: .backwards),
            rest.index(after: space) <= arrow.lowerBound, arrow.upperBound <= tail.lowerBound
        else { return nil }
        let outcome = rest[arrow.upperBound..<tail.lowerBound]
        let word = outcome.prefix { $0 != ":" }
        guard let result = Result(rawValue: String(word)) else { return nil }
        let detail = outcome.count > word.count + 2 ? String(outcome.dropFirst(word.count + 2)) : nil
        let fields = rest[tail.upperBound...].split(separator: " ")
        func number(after label: String, _ nth: Int) -> UInt32 {
            let indices = fields.indices.filter { fields[$0] == label }
            guard nth < indices.count, indices[nth] + 1 < fields.count else { return 0 }
            return UInt32(fields[indices[nth] + 1].filter(\.isNumber)) ?? 0
        }
        let storeEnd = rest[tail.upperBound...].firstIndex(of: "\"") ?? rest.endIndex
        self.init(
            id: id, command: String(rest[rest.index(after: space)..<arrow.lowerBound]), result: result, detail: detail,
            store: String(rest[tail.upperBound..<storeEnd]),
            issuer: .init(pid: number(after: "pid", 0), uid: number(after: "uid", 0)),
            listener: .init(pid: number(after: "pid", 1), uid: number(after: "uid", 1)))
        // Only a message written exactly as ``message`` writes these parts is an outcome: a
        // store or detail holding ` → ` or ` (store "` would otherwise read as other parts, and
        // the outcome would not read back from its own message (found by the fuzz target).
        guard self.message == message else { return nil }
    }
}
