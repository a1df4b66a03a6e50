/// The `storescope` command line: git-style subcommands, `--help` everywhere, usage errors
/// on standard error with exit status 64.
public enum StoreScopeCLI {
    static var commands: [any Command.Type] {
        [
            CheckCommand.self, CatCommand.self, LogCommand.self, StateCommand.self, DiffCommand.self, BlameCommand.self,
            EffectsCommand.self, StatsCommand.self, ExportCommand.self, CompareCommand.self,
            ViewCommand.self, TailCommand.self, ListenCommand.self, DemoCommand.self,
            TestCommand.self, ControlCommandLine.self, MCPCommand.self,
        ]
    }

    /// Runs the command line `arguments` (without the program name) and returns the exit status.
    public static func run(_ arguments: [String]) -> Int32 {
        let console = Console()
        return console.finish(run(arguments, console: console))
    }

    static func run(_ arguments: [String], console: Console) -> Int32 {
        guard let first = arguments.first else {
            return usageError(UsageError("missing command"), console: console)
        }
        if first == "--help" || first == "-h" || first == "help" {
            if first == "help", arguments.dropFirst() == ["--markdown"] {
                // Not in the overview: it writes docs/CLI.md (CommandReference).
                console.write(CommandReference.markdown(commands))
            } else if first == "help", arguments.count > 1, let command = command(named: arguments[1]) {
                console.write(HelpText.help(command.spec))
            } else {
                console.write(overview)
            }
            return ExitStatus.success
        }
        if first == "--version" {
            console.line("storescope \(version) (trace format \(TraceFormatVersion.major).\(TraceFormatVersion.minor))")
            return ExitStatus.success
        }
        guard let command = command(named: first) else {
            return usageError(UsageError("unknown command '\(first.sanitizedForTerminal)'"), console: console)
        }
        let rest = Array(arguments.dropFirst())
        // After `--` every argument is an operand, even one spelled `--help`.
        let options = rest.prefix { $0 != "--" }
        if options.contains("--help") || options.contains("-h") {
            console.write(HelpText.help(command.spec))
            return ExitStatus.success
        }
        do {
            let parsed = try ArgumentParser.parse(rest, spec: command.spec)
            return try command.run(parsed, console: console)
        } catch var error as UsageError {
            // Every usage error of a command is answered with that command's usage.
            if error.command == nil { error.command = command.spec }
            return usageError(error, console: console)
        } catch {
            console.error("Error: \("\(error)".sanitizedForTerminal)")
            return ExitStatus.failure
        }
    }

    static let version = "0.1.0"

    static func command(named name: String) -> (any Command.Type)? {
        commands.first { $0.spec.name == name }
    }

    static let usage = "Usage: storescope <command> [options] [arguments]"

    static var overview: String {
        var lines = [
            "storescope: record, inspect and replay Redux-style store sessions.",
            "",
            usage,
            "",
            "Commands:",
        ]
        lines += commands.map { HelpText.row($0.spec.name, $0.spec.abstract) }
        lines += ["", "See 'storescope <command> --help' for a command's options."]
        return lines.joined(separator: "\n") + "\n"
    }

    private static func usageError(_ error: UsageError, console: Console) -> Int32 {
        console.error("Error: \(error.message)")
        if let spec = error.command {
            console.error(HelpText.usage(spec))
            console.error("See 'storescope \(spec.name) --help'.")
        } else {
            console.error(usage)
            console.error("See 'storescope --help'.")
        }
        return ExitStatus.usage
    }
}

import TraceAnalysis
