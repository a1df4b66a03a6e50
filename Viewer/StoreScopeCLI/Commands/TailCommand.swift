import Foundation
import TraceAnalysis

/// `storescope tail FILE`: follows a trace file as it is written and prints new records as
/// `storescope cat` does, until the writer closes the trace or Ctrl-C.
enum TailCommand: Command {
    static let spec = CommandSpec(
        name: "tail",
        abstract: "Follow a trace file as it is written, printing records as they arrive.",
        arguments: [.init(name: "FILE", help: "The trace file to follow.")],
        options: [
            .value("lines", "N", short: "n", help: "Start with the last N actions already in the file (default: from the start)."),
            .flag("wait", help: "Wait for a file that does not exist yet."),
            .flag("json", help: "Print NDJSON (one JSON object per record)."),
        ],
        discussion: """
            Stops when the writer closes the trace (its footer arrives) or on Ctrl-C. A writer
            killed in the middle of a chunk leaves a torn tail: it is reported once on standard
            error, and following goes on.
            """)

    static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
        let path = arguments.positionals[0]
        var lastActions: Int?
        if let text = arguments.value("lines") {
            guard let count = Int(text), count >= 0 else {
                throw UsageError("-n takes a number of actions, not '\(text.sanitizedForTerminal)'", command: spec)
            }
            lastActions = count
        }
        StopSignals.install()
        let tail = TraceTail(path: path, lastActions: lastActions, waitsForFile: arguments.has("wait"))
        let json = arguments.has("json")
        var lines: RecordLine?
        var start: UInt64 = 0
        var damaged = false
        while !StopSignals.requested {
            let events: [TraceTail.Event]
            do {
                events = try tail.poll()
            } catch {
                console.error("Error: \(path.sanitizedForTerminal): \(error.description.sanitizedForTerminal)")
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
}
