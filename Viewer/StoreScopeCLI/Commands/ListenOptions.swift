import Foundation
import TraceAnalysis
import TraceFormat

/// The options `storescope listen` and `storescope view --listen` share: which peers may
/// stream, when a stalled one is cut off, and where sessions are recorded. Declared once and
/// parsed once, so both commands accept and check them alike.
enum ListenOptions {
    /// `--record DIR`, `--allow-uid UIDS`, `--stall-timeout SECONDS`, `--memory-budget MIB`.
    static let specOptions: [CommandSpec.Option] = [
        .value("record", "DIR", help: "Write each session to its own trace file in DIR (created 0700 if missing)."),
        .value("allow-uid", "UIDS", help: "Accept sessions from these user ids too (comma-separated); by default only your own."),
        .value("stall-timeout", "SECONDS", help: "Disconnect a peer that stops in the middle of a chunk for this long (default 10)."),
        .value("memory-budget", "MIB", help: "The most memory all sessions' arriving chunks may take together (default 512); a chunk past it loses its own connection."),
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
            // Bounded, so that the conversion to milliseconds is total (`inf` and `1e300` are
            // refused, not trapped on).
            guard let seconds = Double(text), seconds > 0, seconds <= Self.longestStallTimeout else {
                throw UsageError("--stall-timeout takes a number of seconds up to \(Int(Self.longestStallTimeout)), not '\(text.sanitizedForTerminal)'", command: spec)
            }
            options.stallTimeout = .milliseconds(Int64((seconds * 1000).rounded(.up)))
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

    /// Creates `directory` (and its parents) `0700` when missing.
    ///
    /// - Returns: `nil`, or the error line to print.
    static func createRecordDirectory(_ directory: String) -> String? {
        do {
            try FileManager.default.createDirectory(
                atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            return nil
        } catch {
            return "Error: cannot create \(directory.sanitizedForTerminal): \(error.localizedDescription.sanitizedForTerminal)"
        }
    }
}
