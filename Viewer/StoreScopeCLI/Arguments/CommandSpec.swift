/// What a subcommand accepts, declared once and used both to parse and to print help.
struct CommandSpec: Sendable {
    /// A positional argument.
    struct Argument: Sendable {
        var name: String
        var help: String
        var isOptional = false
        /// Whether it may be given more than once (the last argument only): `TRACE...`.
        var isRepeated = false
    }

    /// A `--name` option, a flag unless it takes a value.
    struct Option: Sendable {
        var name: String
        var valueName: String?
        var help: String
        var short: Character?

        /// A flag such as `--json`.
        static func flag(_ name: String, short: Character? = nil, help: String) -> Option {
            Option(name: name, valueName: nil, help: help, short: short)
        }

        /// An option with a value such as `--output FILE`.
        static func value(_ name: String, _ valueName: String, short: Character? = nil, help: String) -> Option {
            Option(name: name, valueName: valueName, help: help, short: short)
        }
    }

    var name: String
    var abstract: String
    var arguments: [Argument] = []
    var options: [Option] = []
    var discussion: String = ""
}

/// The result of parsing a command line against a ``CommandSpec``.
struct ParsedArguments: Sendable {
    var positionals: [String] = []
    var flags: Set<String> = []
    var values: [String: String] = [:]

    func has(_ flag: String) -> Bool { flags.contains(flag) }
    func value(_ option: String) -> String? { values[option] }
}

/// A mistake in how the command was called: printed with the usage, exit status 64.
struct UsageError: Error, Sendable {
    var message: String
    var command: CommandSpec?

    init(_ message: String, command: CommandSpec? = nil) {
        self.message = message
        self.command = command
    }
}
