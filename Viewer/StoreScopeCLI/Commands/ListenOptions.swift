import Foundation
import TraceAnalysis
import TraceFormat

/// The options `storescope listen` and `storescope view --listen` share: which peers may
/// stream, when a stalled one is cut off, and where sessions are recorded. Declared once and
/// parsed once, so both commands accept and check them alike.
enum ListenOptions {
    /// `--record DIR`, `--allow-uid UIDS`, `--stall-timeout SECONDS`, `--memory-budget MIB`,
    /// `--tcp [HOST:]PORT`, `--connect HOST:PORT`, `--pairing SECRET`.
    static let specOptions: [CommandSpec.Option] = [
        .value("record", "DIR", help: "Write each session to its own trace file (0600) in DIR: created 0700 if missing; refused if another user owns it or it is open to others."),
        .value("allow-uid", "UIDS", help: "Accept sessions from these user ids too (comma-separated); by default only your own."),
        .value("stall-timeout", "SECONDS", help: "Disconnect a peer that stops in the middle of a chunk for this long: seconds, or 500ms, 1m (default 10)."),
        .value("memory-budget", "MIB", help: "The most memory all sessions' arriving chunks and control clients' requests may take together (default 512); a chunk or request past it loses its own connection."),
        .value("tcp", "[HOST:]PORT", help: "Also listen on TCP, for apps on other machines and devices (STORESCOPE_TCP): on 127.0.0.1 unless HOST is named (0.0.0.0: every network). Apps must pair with the secret printed."),
        .value("connect", "HOST:PORT", help: "Connect to an app that listens on TCP (STORESCOPE_TCP_LISTEN), e.g. through iproxy or an ssh tunnel, and again whenever the connection ends."),
        .value("pairing", "SECRET", help: "The pairing secret TCP peers must prove (default: $STORESCOPE_PAIRING, else a new one, printed)."),
    ]

    /// The longest `--stall-timeout`, in seconds: a day.
    static let longestStallTimeout = 86_400.0

    /// The help line of the socket argument.
    static let pathHelp = "The socket (default: $STORESCOPE_SOCKET, else $XDG_RUNTIME_DIR/storescope/storescope.sock, else /tmp/storescope-$UID/storescope.sock)."

    /// The socket to listen at: the first operand, or the default. A regular file there is a
    /// usage error: the likeliest slip is a trace given to `view --listen`, which would else be
    /// reported as the trace's folder being open to others.
    static func socketPath(_ arguments: ParsedArguments, spec: CommandSpec) throws(UsageError) -> String {
        guard let path = arguments.positionals.first else { return SocketPath.default }
        if (try? FileManager.default.attributesOfItem(atPath: path)[.type] as? FileAttributeType) == .typeRegular {
            throw UsageError(
                "\(path.sanitizedForTerminal) is a file, not a socket to listen at (to read a trace: storescope view \(path.sanitizedForTerminal))",
                command: spec)
        }
        return path
    }

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
        try parseTCP(arguments, spec: spec, into: &options)
        return options
    }

    /// `--tcp`, `--connect` and `--pairing`: a secret is needed only with TCP, and is made up
    /// when neither the option nor `$STORESCOPE_PAIRING` gives one.
    private static func parseTCP(_ arguments: ParsedArguments, spec: CommandSpec, into options: inout LiveListener.Options) throws(UsageError) {
        if let text = arguments.value("tcp") {
            guard let address = TCPAddress(parsing: text) else {
                throw UsageError("--tcp takes [HOST:]PORT (a port from 0 to 65535), not '\(text.sanitizedForTerminal)'", command: spec)
            }
            options.tcp = [address]
        }
        if let text = arguments.value("connect") {
            guard let address = TCPAddress(parsing: text) else {
                throw UsageError("--connect takes HOST:PORT, not '\(text.sanitizedForTerminal)'", command: spec)
            }
            options.connect = [address]
        }
        let given = arguments.value("pairing") ?? ProcessInfo.processInfo.environment[PairingSecret.environmentVariable].flatMap { $0.isEmpty ? nil : $0 }
        if let given {
            guard let secret = PairingSecret(typed: given) else {
                throw UsageError("--pairing (or $\(PairingSecret.environmentVariable)) takes a pairing secret: 28 letters and digits as a listener prints it (dashes optional)", command: spec)
            }
            options.pairing = secret
        }
        guard !options.tcp.isEmpty || !options.connect.isEmpty else {
            if arguments.value("pairing") != nil { throw UsageError("--pairing goes with --tcp or --connect", command: spec) }
            return
        }
        if options.pairing == nil { options.pairing = .generate() }
    }

    /// What a listener tells its user about TCP: where it listens and the line to give an app
    /// (with its pairing secret), the apps it dials, and, off the loopback, that the stream is
    /// not encrypted. Empty without TCP.
    ///
    /// - Parameter bound: the addresses it listens on (the ports chosen for port 0).
    static func tcpBanner(_ options: LiveListener.Options, bound: [TCPAddress]) -> [String] {
        guard let secret = options.pairing else { return [] }
        var lines: [String] = []
        for address in bound {
            let reach = address.host == "0.0.0.0" || address.host == "::" ? "THIS-MACHINE'S-ADDRESS:\(address.port)" : "\(address)"
            lines.append("Listening on tcp \(address) with pairing secret \(secret); run an app against it with \(TCPAddress.environmentVariable)=\(reach) \(PairingSecret.environmentVariable)=\(secret)")
        }
        for address in options.connect {
            lines.append("Connecting to the app listening on tcp \(address) with pairing secret \(secret) (the app runs with \(TCPAddress.listenEnvironmentVariable)=PORT \(PairingSecret.environmentVariable)=\(secret))")
        }
        if (bound + options.connect).contains(where: { !$0.isLoopback }) {
            lines.append("Warning: TCP sessions are authenticated (pairing) but not encrypted: anyone on the network path can read the app's records. Prefer the loopback with a tunnel (iproxy, ssh -L) where that matters.")
        }
        return lines
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
        var notADirectory = false
        switch PrivateDirectory.create(at: directory, withParents: true, for: .privateFiles) {
        case .success: return nil
        case let .failure(.parentMissing(parent)):
            return ListenFailure(message: "Error: cannot create \(shown): \(parent.sanitizedForTerminal) does not exist")
        case let .failure(.cannotCreate(path, error)):
            return ListenFailure(message: "Error: cannot create \(path.sanitizedForTerminal): \(error.description.sanitizedForTerminal)")
        case .failure(.notPrivate(.missing)): why = "it does not exist"
        case let .failure(.notPrivate(.unreadable(_, message))): why = "it cannot be inspected (\(message))"
        case .failure(.notPrivate(.notADirectory)):
            let isLink = (try? FileManager.default.destinationOfSymbolicLink(atPath: directory)) != nil
            why = isLink ? "it is not a directory (a symbolic link is not followed)" : "it is a file, not a directory"
            notADirectory = true
        case let .failure(.notPrivate(.owned(by: owner))): why = "it belongs to uid \(owner), not to you (uid \(PrivateDirectory.userID))"
        case let .failure(.notPrivate(.open(permissions))): why = "it has mode \(String(permissions, radix: 8)), so other users could remove, replace or plant the sessions recorded there"
        }
        let given = directory.hasSuffix("/") ? String(directory.dropLast()) : directory
        // A folder inside the one given; beside it when it is a file or a link.
        let inside = notADirectory
            ? ((given as NSString).deletingLastPathComponent as NSString).appendingPathComponent("storescope-sessions")
            : given + "/storescope-sessions"
        return ListenFailure(
            message: "Error: refusing to record sessions in \(shown): \(why); "
                + "give --record a private directory of your own, e.g. --record \(inside.sanitizedForTerminal) (created 0700)",
            status: ExitStatus.notPrivate)
    }
}
