import Foundation
import TraceAnalysis

/// `storescope listen [PATH]`: accepts live sessions from apps recording to a socket and
/// prints their records as they arrive, each line prefixed by its session's tag.
enum ListenCommand: Command {
    static let spec = CommandSpec(
        name: "listen",
        abstract: "Show the records of running apps live, as they stream them to a socket.",
        arguments: [.init(name: "PATH", help: "The socket (default: $STORESCOPE_SOCKET, else $XDG_RUNTIME_DIR/storescope/storescope.sock, else /tmp/storescope-$UID/storescope.sock).", isOptional: true)],
        options: [
            .value("record", "DIR", help: "Also write each session to its own trace file in DIR (created 0700 if missing)."),
            .flag("json", help: "Print NDJSON: one object per record, with a \"session\" member."),
            .flag("quiet", short: "q", help: "Print no records, only sessions starting and ending (on standard error); for --record in the background."),
            .value("allow-uid", "UIDS", help: "Accept sessions from these user ids too (comma-separated); by default only your own."),
            .value("stall-timeout", "SECONDS", help: "Disconnect a peer that stops in the middle of a chunk for this long (default 10)."),
        ],
        discussion: """
            Apps stream with RecordingSink.socket(), or with the default sink when
            STORESCOPE_SOCKET is set, for example:
              storescope listen /tmp/scope.sock
              STORESCOPE_SOCKET=/tmp/scope.sock swift run storescope demo
            The socket's directory must be yours and closed to others (it is created 0700);
            the socket is created 0600. Ctrl-C ends every session, completing its file.
            """)

    static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
        let path = arguments.positionals.first ?? SocketPath.default
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
            guard let seconds = Double(text), seconds > 0 else {
                throw UsageError("--stall-timeout takes a number of seconds, not '\(text.sanitizedForTerminal)'", command: spec)
            }
            options.stallTimeout = .milliseconds(Int64(seconds * 1000))
        }
        if let directory = arguments.value("record") {
            do {
                try FileManager.default.createDirectory(
                    atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            } catch {
                console.error("Error: cannot create \(directory.sanitizedForTerminal): \(error.localizedDescription.sanitizedForTerminal)")
                return ExitStatus.failure
            }
            options.recordDirectory = directory
        }
        options.decodesRecords = !arguments.has("quiet")
        StopSignals.install()
        let listener: LiveListener
        do {
            listener = try LiveListener(path: path, options: options)
        } catch {
            console.error("Error: \(error.description.sanitizedForTerminal)")
            return ExitStatus.failure
        }
        console.error("Listening on \(path.sanitizedForTerminal) (Ctrl-C to stop)")
        let printer = LivePrinter(console: console, json: arguments.has("json"), quiet: arguments.has("quiet"))
        while !StopSignals.requested {
            printer.print(listener.poll(timeout: .milliseconds(200)))
        }
        printer.print(listener.stop())
        return ExitStatus.success
    }
}
