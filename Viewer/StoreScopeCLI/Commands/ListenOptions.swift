import Foundation
import TraceAnalysis
import TraceFormat

/// The options `storescope listen` and `storescope view --listen` share: which peers may
/// stream, when a stalled one is cut off, and where sessions are recorded. Declared once and
/// parsed once, so both commands accept and check them alike.
enum ListenOptions {
    /// `--record DIR`, `--allow-uid UIDS`, `--stall-timeout SECONDS`, `--memory-budget MIB`.
    static let specOptions: [CommandSpec.Option] = [
        .value("record", "DIR", help: "Write each session to its own trace file (0600) in DIR: created 0700 if missing; refused if another user owns it or it is open to others."),
        .value("allow-uid", "UIDS", help: "Accept sessions from these user ids too (comma-separated); by default only your own."),
        .value("stall-timeout", "SECONDS", help: "Disconnect a peer that stops in the middle of a chunk for this long: seconds, or 500ms, 1m (default 10)."),
        .value("memory-budget", "MIB", help: "The most memory all sessions' arriving chunks and control clients' requests may take together (default 512); a chunk or request past it loses its own connection."),
    ]

    /// The longest `--stall-timeout`, in seconds: a day.
    static let longestStallTimeout = 86_400.0

    /// The help line of the socket argument.
    static let pathHelp = "The socket (default: $STORESCOPE_SOCKET, else $XDG_RUNTIME_DIR/storescope/storescope.sock, else /tmp/storescope-$UID/storescope.sock)."

    /// The listener options the command line asks for. `--record`'s directory is taken as
    /// given; ``createRecordDirectory(_:)`` creates it.
    ///
    /// - Throws: ``UsageError`` for a uid or a timeout that is not one.
    static func parse(_ arguments: ParsedArguments, spec: CommandSpec) throws(UsageError) -> LiveListener.Options {
        var options = LiveListener.Options()
        if let uids = arguments.value("allow-uid") {
            for text in uids.split(separator: ",") {
                guard let uid = UInt32(text.trimmingCharacters(in: .whitespaces)) else {
                    throw UsageError("--allow-uid takes user ids, not '\(String(text).sanitizedForTerminal)'", command: spec)
                }
                options.allowedUserIDs.insert(uid)
            }
        }
        if let text = arguments.value("stall-timeout") {
            // Seconds, or a duration in the words every command takes (`500ms`, `2s`, `1m`),
            // bounded so that the conversion is total (`inf` and `1e300` are refused).
            let nanos = DurationText.nanoseconds(text) ?? Double(text).flatMap { $0.isFinite && $0 >= 0 && $0 <= Self.longestStallTimeout ? UInt64(($0 * 1e9).rounded()) : nil }
            guard let nanos, nanos > 0, Double(nanos) <= Self.longestStallTimeout * 1e9 else {
                throw UsageError("--stall-timeout takes a number of seconds up to \(Int(Self.longestStallTimeout)), or a duration such as 500ms, not '\(text.sanitizedForTerminal)'", command: spec)
            }
            options.stallTimeout = .nanoseconds(Int64(nanos))
        }
        if let text = arguments.value("memory-budget") {
            guard let mebibytes = Int(text), (1...1_048_576).contains(mebibytes) else {
                throw UsageError("--memory-budget takes a number of MiB from 1 to 1048576, not '\(text.sanitizedForTerminal)'", command: spec)
            }
            options.memoryBudget = mebibytes * 1024 * 1024
        }
        options.recordDirectory = arguments.value("record")
        return options
    }

    /// Creates `directory` (and its parents) `0700` when missing, then checks that it can hold
    /// private files (``PrivateDirectory/Use/privateFiles``): each session is written `0600`,
    /// so an ordinary `0755` folder of the user's is fine, while a directory another user
    /// owns, a symbolic link, or one others may write to (without the sticky bit) is refused,
    /// never recorded into and never changed. Nothing here advises `chmod`: a directory open
    /// to others is usually shared on purpose, and the fix is a private directory inside it.
    ///
    /// - Returns: `nil`, or the failure to print and exit with (``ExitStatus/notPrivate`` for
    ///   a directory that is not private).
    static func createRecordDirectory(_ directory: String) -> ListenFailure? {
        let shown = directory.sanitizedForTerminal
        let why: String
        switch PrivateDirectory.create(at: directory, withParents: true, for: .privateFiles) {
        case .success: return nil
        case let .failure(.parentMissing(parent)):
            return ListenFailure(message: "Error: cannot create \(shown): \(parent.sanitizedForTerminal) does not exist")
        case let .failure(.cannotCreate(path, error)):
            return ListenFailure(message: "Error: cannot create \(path.sanitizedForTerminal): \(error.description.sanitizedForTerminal)")
        case .failure(.notPrivate(.missing)): why = "it does not exist"
        case let .failure(.notPrivate(.unreadable(_, message))): why = "it cannot be inspected (\(message))"
        case .failure(.notPrivate(.notADirectory)): why = "it is not a directory (a symbolic link is not followed)"
        case let .failure(.notPrivate(.owned(by: owner))): why = "it belongs to uid \(owner), not to you (uid \(PrivateDirectory.userID))"
        case let .failure(.notPrivate(.open(permissions))): why = "it has mode \(String(permissions, radix: 8)), so other users could remove, replace or plant the sessions recorded there"
        }
        let inside = (directory.hasSuffix("/") ? String(directory.dropLast()) : directory) + "/storescope-sessions"
        return ListenFailure(
            message: "Error: refusing to record sessions in \(shown): \(why); "
                + "give --record a private directory of your own, e.g. --record \(inside.sanitizedForTerminal) (created 0700)",
            status: ExitStatus.notPrivate)
    }
}
