import Foundation
import TraceAnalysis
import TraceFormat

/// `storescope control COMMAND`: acts on a running app through the listener its session
/// streams to (`storescope listen`, `storescope view --listen`), if the app allowed control
/// of the store. Prints the outcome the app recorded in its trace.
enum ControlCommandLine: Command {
    static let spec = CommandSpec(
        name: "control",
        abstract: "Act on a running app through its listener: pause, resume, lock, unlock, jump, dispatch, resend, replay, sessions.",
        arguments: [
            .init(name: "COMMAND", help: "pause | resume | lock | unlock | jump N | dispatch ACTION | resend N | replay N | sessions"),
            .init(name: "ARGUMENT", help: "For jump, resend and replay, the action number (#42 or 42); for dispatch, the action as the viewer prints it, e.g. '.setFilter(\"a\")'.", isOptional: true),
        ],
        options: [
            .value("socket", "PATH", help: ListenOptions.pathHelp),
            .value("session", "TAG", help: "The session to act on, by its tag (app/1f3a) or number; needed when several are connected."),
            .value("store", "NAME", help: "The store to act on (default: the main store: the one the app named, else the only or first to register)."),
            .value("through", "N", help: "For replay: the last action to re-send (default: the session's last)."),
            .flag("step", help: "For replay: wait for Enter on standard input before each action, instead of the recorded pace."),
            .flag("json", help: "Print the listener's reply as one JSON object (for replay, one per action)."),
        ],
        discussion: """
            The app must allow control of the store (StoreRecorder.allowControl, see the guide's
            "Control the app from the viewer"), in a build where control is on (debug builds by
            default). jump installs the state the session had after action N, as the listener's
            recording rebuilds it (so the listener must record: view --listen always does,
            listen with --record DIR). replay N re-sends, at the recorded pace (gaps capped
            at 1 s) or one by one with --step, the store's actions after #N that the app
            itself sent; the actions its effects sent are not re-sent, since the replayed
            actions start those effects again. Every command and its outcome is recorded in
            the trace.
            Exit status: 0 done, 1 refused, failed or not delivered, 64 usage.
              storescope control pause
              storescope control jump 42
              storescope control dispatch '.setFilter("a")'
            """)

    static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
        guard let command = arguments.positionals.first else { throw UsageError("missing COMMAND") }
        let argument = arguments.positionals.count > 1 ? arguments.positionals[1] : nil
        guard arguments.positionals.count <= 2 else { throw UsageError("too many arguments") }
        var request = ControlRequest(command: command, session: arguments.value("session"), store: arguments.value("store"))
        switch command {
        case "pause", "resume", "lock", "unlock", "sessions":
            guard argument == nil else { throw UsageError("\(command) takes no argument") }
        case "jump", "resend", "replay":
            guard let argument, let seq = UInt64(argument.hasPrefix("#") ? String(argument.dropFirst()) : argument) else {
                throw UsageError("\(command) needs an action number, e.g. \(command) 42")
            }
            request.seq = seq
        case "dispatch":
            guard let argument else { throw UsageError("dispatch needs an action, e.g. dispatch '.setFilter(\"a\")'") }
            do throws(ValueLiteralError) {
                _ = try ValueLiteral.parse(argument)
            } catch {
                console.error("Error: \(error.pointed)")
                return ExitStatus.usage
            }
            request.action = argument
        default:
            throw UsageError("unknown control command '\(command)'")
        }
        let path = arguments.value("socket") ?? SocketPath.default
        if command == "replay" {
            let through = try arguments.value("through").map { text throws(UsageError) -> UInt64 in
                guard let seq = UInt64(text.hasPrefix("#") ? String(text.dropFirst()) : text) else { throw UsageError("--through needs an action number") }
                return seq
            }
            return ControlReplay.run(request, through: through, step: arguments.has("step"), json: arguments.has("json"), socket: path, console: console)
        }
        let reply: ControlReply
        do {
            reply = try ControlClient.send(request, to: path)
        } catch {
            console.error("Error: \(error.description)")
            return ExitStatus.failure
        }
        if arguments.has("json") {
            console.line(String(decoding: reply.line.dropLast(), as: UTF8.self))
        } else {
            console.line(ControlReplyText.line(reply))
        }
        return reply.result == "done" ? ExitStatus.success : ExitStatus.failure
    }
}

/// A reply as one line for people.
enum ControlReplyText {
    static func line(_ reply: ControlReply) -> String {
        if let sessions = reply.sessions {
            return sessions.isEmpty ? "no session is connected" : sessions.joined(separator: "\n")
        }
        var words: [String] = []
        if let session = reply.session { words.append(session) }
        if let command = reply.command { words.append(command) }
        var line = words.joined(separator: " ")
        line += (line.isEmpty ? "" : ": ") + reply.result
        if let detail = reply.detail { line += ": \(detail)" }
        return line
    }
}
