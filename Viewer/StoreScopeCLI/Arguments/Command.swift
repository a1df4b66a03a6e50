/// A subcommand of `storescope`.
protocol Command: Sendable {
    /// Its name, arguments and options.
    static var spec: CommandSpec { get }
    /// Runs with parsed arguments and returns the exit status.
    static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32
}

/// Exit statuses shared by every command (sysexits-style where one applies).
enum ExitStatus {
    static let success: Int32 = 0
    /// The command ran, but what it read was damaged, or it failed.
    static let failure: Int32 = 1
    /// The input could not be read at all.
    static let unreadable: Int32 = 2
    /// A directory the command was told to put sessions in is not private to the user (another
    /// user owns it, or it is open to group or others): refused, nothing written there.
    static let notPrivate: Int32 = 2
    /// The command line was wrong.
    static let usage: Int32 = 64
    /// Standard output could not be written (`EX_IOERR`).
    static let outputFailed: Int32 = 74
    /// The reader of standard output went away: 128 + SIGPIPE, what a shell reports when
    /// `SIGPIPE` ends a program, so pipelines behave the same whether it is ignored or not.
    static let closedPipe: Int32 = 141
}
