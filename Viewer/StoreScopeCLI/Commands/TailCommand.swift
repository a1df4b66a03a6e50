import Foundation
import TraceAnalysis

/// `storescope tail FILE`: follows a trace file as it is written. In a terminal it opens the
/// viewer following the file; otherwise, or with `--lines`/`-n` or `--json`, it prints new
/// records as `storescope cat` does, until the writer closes the trace or Ctrl-C.
enum TailCommand: Command {
    static let spec = CommandSpec(
        name: "tail",
        abstract: "Follow a trace file as it is written: the viewer in a terminal, its records as lines otherwise.",
        arguments: [.init(name: "FILE", help: "The trace file to follow.")],
        options: [
            .value("lines", "N", short: "n", help: "Print lines (even in a terminal), starting with the last N actions already in the file ('all': from the start)."),
            .flag("wait", help: "Wait for a file that does not exist yet."),
            .flag("json", help: "Print NDJSON (one JSON object per record)."),
        ],
        discussion: """
            In a terminal (standard input and output are terminals and TERM is not dumb),
            opens the viewer following the file, as 'storescope view FILE' does after F;
            it says "session ended" when the writer closes the trace; q quits.

            Otherwise prints the records as they arrive, and stops when the writer closes the
            trace (its footer arrives) or on Ctrl-C. A writer
            killed in the middle of a chunk leaves a torn tail: it is reported once on standard
            error, and following goes on.

            Like tail -F, it follows the path: when the file is replaced, truncated or written
            again with another session (an app restarted on the same path), it says so on
            standard error (or on the viewer's message line) and goes on with the new session
            from its start.
            """)

    static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
        let path = arguments.positionals[0]
        var lastActions: Int?
        if TerminalScreen.isAvailable, arguments.value("lines") == nil, !arguments.has("json") {
            return view(path, waiting: arguments.has("wait"), console: console)
        }
        if let text = arguments.value("lines"), text != "all" {
            guard let count = Int(text), count >= 0 else {
                throw UsageError("-n takes a number of actions or 'all', not '\(text.sanitizedForTerminal)'", command: spec)
            }
            lastActions = count
        }
        StopSignals.install()
        let tail = TraceTail(path: path, lastActions: lastActions, waitsForFile: arguments.has("wait"))
        let json = arguments.has("json")
        var lines: RecordLine?
        var start: UInt64 = 0
        var damaged = false
        // A closed standard output (`| head`) ends the loop: the console then exits 141.
        while !StopSignals.requested, !console.isBroken {
            let events: [TraceTail.Event]
            do {
                events = try tail.poll()
            } catch {
                console.error("Error: \(path.sanitizedForTerminal): \(error.description.sanitizedForTerminal)" + (lines == nil ? waitHint(path) : ""))
                return lines == nil ? ExitStatus.unreadable : ExitStatus.failure
            }
            for event in events {
                switch event {
                case let .started(header):
                    start = header.startMonotonicNanos
                    lines = RecordLine(startMonotonicNanos: start)
                case let .records(records):
                    for record in records {
                        console.line(json ? record.jsonLine(startMonotonicNanos: start) : lines!.text(record))
                    }
                case let .gap(gap):
                    damaged = true
                    console.error("warning: skipped damaged \(gap.description.sanitizedForTerminal)")
                case let .restarted(change):
                    // What tail -F says: on standard error, once, and the new file follows.
                    console.error("storescope tail: \(path.sanitizedForTerminal) \(change); following the new session from its start")
                case let .tornTail(bytes):
                    console.error("warning: \(path.sanitizedForTerminal) ends in an incomplete chunk of \(bytes) bytes that stopped growing; its writer may have died mid-chunk")
                case .finished:
                    console.flush()
                    return damaged ? ExitStatus.failure : ExitStatus.success
                }
            }
            console.flush()
            Thread.sleep(forTimeInterval: 0.02)
        }
        return damaged ? ExitStatus.failure : ExitStatus.success
    }

    /// For a file that does not exist (yet): how to wait for it, as `tail -F` would.
    private static func waitHint(_ path: String) -> String {
        FileManager.default.fileExists(atPath: path) ? "" : " (storescope tail --wait \(path.sanitizedForTerminal) waits for it to be created)"
    }

    /// The viewer following `path` (waiting for it to appear with `--wait`).
    private static func view(_ path: String, waiting: Bool, console: Console) -> Int32 {
        let sources: ViewerSources
        if waiting, !FileManager.default.fileExists(atPath: path) {
            sources = ViewerSources(arrivals: FileArrival(path: path), waitingFor: "\(path) to be created")
        } else {
            do {
                sources = ViewerSources(try FileTraceSource(path: path), followsAtStart: true)
            } catch {
                console.error("Error: \(path.sanitizedForTerminal): \(error.description.sanitizedForTerminal)" + waitHint(path))
                return ExitStatus.unreadable
            }
        }
        console.flush()
        guard let screen = TerminalScreen() else {
            console.error("Error: the terminal cannot be taken over")
            return ExitStatus.failure
        }
        return ViewerApp(sources: sources, filter: .all).run(on: screen)
    }
}
