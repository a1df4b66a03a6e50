import Foundation
import TraceAnalysis

/// `storescope listen [PATH]`: accepts live sessions from apps recording to a socket. In a
/// terminal it opens the viewer on them (as `storescope view --listen`); otherwise, or with
/// `--lines`, `--json` or `--quiet`, it prints their records as they arrive, each line
/// prefixed by its session's tag.
enum ListenCommand: Command {
    static let spec = CommandSpec(
        name: "listen",
        abstract: "Show running apps' sessions live as they stream to a socket: the viewer in a terminal, lines otherwise.",
        arguments: [.init(name: "PATH", help: ListenOptions.pathHelp, isOptional: true)],
        options: ListenOptions.specOptions + [
            .flag("lines", help: "Print records as lines even in a terminal, instead of opening the viewer."),
            .flag("json", help: "Print NDJSON: one object per record, with a \"session\" member."),
            .flag("quiet", short: "q", help: "Print no records, only sessions starting and ending (on standard error); for --record in the background."),
        ],
        discussion: """
            In a terminal (standard input and output are terminals and TERM is not dumb),
            opens the viewer on the sessions, as 'storescope view --listen' does: < > switch
            sessions, S lists them, q quits. Each session is written to its own trace file,
            in --record DIR or else in a private directory named on exit. Otherwise prints
            each record as it arrives; with --record, also writes each session to a file.

            Apps stream with RecordingSink.socket(), or with the default sink when
            STORESCOPE_SOCKET is set, for example:
              storescope listen /tmp/scope.sock
              STORESCOPE_SOCKET=/tmp/scope.sock swift run storescope demo
            The socket's directory must be yours and closed to others (it is created 0700);
            the socket is created 0600. Ctrl-C ends every session, completing its file.

            Over TCP (an app on another machine, a device, the Simulator), apps pair with
            a secret this listener prints; the socket stays, for 'storescope control':
              storescope listen --tcp 7420
              STORESCOPE_TCP=127.0.0.1:7420 STORESCOPE_PAIRING=SECRET swift run storescope demo
            An app that listens itself (STORESCOPE_TCP_LISTEN=7420, e.g. on a device
            reached with 'iproxy 7420 7420') is reached with --connect 127.0.0.1:7420.
            TCP is authenticated, not encrypted: it stays on the loopback unless you name
            another address.
            """)

    static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
        let path = try ListenOptions.socketPath(arguments, spec: spec)
        let options = try ListenOptions.parse(arguments, spec: spec)
        let json = arguments.has("json"), quiet = arguments.has("quiet")
        if TerminalScreen.isAvailable, !arguments.has("lines"), !json, !quiet {
            return ListeningViewer.run(path: path, options: options, filter: .all, console: console)
        }
        return printRecords(at: path, options: options, json: json, quiet: quiet, console: console)
    }

    /// Listens at `path` and prints every record as it arrives until SIGINT or SIGTERM, or until
    /// standard output's reader went away (exit 141, every session file completed).
    ///
    /// - Returns: the exit status.
    static func printRecords(at path: String, options: LiveListener.Options, json: Bool, quiet: Bool, console: Console) -> Int32 {
        var options = options
        if let directory = options.recordDirectory, let failure = ListenOptions.createRecordDirectory(directory) {
            console.error(failure.message)
            return failure.status
        }
        options.decodesRecords = !quiet
        StopSignals.install()
        let listener: LiveListener
        do {
            listener = try LiveListener(path: path, options: options)
        } catch {
            console.error("Error: \(error.description.sanitizedForTerminal)")
            return ExitStatus.failure
        }
        console.error("Listening on \(path.sanitizedForTerminal) (Ctrl-C to stop); run an app against it with STORESCOPE_SOCKET=\(path.sanitizedForTerminal), e.g. STORESCOPE_SOCKET=\(path.sanitizedForTerminal) storescope demo")
        for line in ListenOptions.tcpBanner(options, bound: listener.tcpAddresses) { console.error(line.sanitizedForTerminal) }
        let printer = LivePrinter(console: console, json: json, quiet: quiet)
        // Until Ctrl-C or `kill`, or until the reader of standard output went away (`| head`):
        // either way the listener stops and completes every session file.
        while !StopSignals.requested, !console.isBroken {
            printer.print(listener.poll(timeout: .milliseconds(200)))
        }
        printer.print(listener.stop())
        return ExitStatus.success
    }
}
