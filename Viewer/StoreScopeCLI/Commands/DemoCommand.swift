import Foundation
import StoreScopeSamples
import TraceAnalysis

/// `storescope demo`: runs a sample app with StoreScope recording, then shows the session it
/// recorded: the timeline with effects indented under it, every effect's outcome, the final
/// state of each store rebuilt from keyframes and patches, and a summary.
enum DemoCommand: Command {
    static let spec = CommandSpec(
        name: "demo",
        abstract: "Run a sample app with StoreScope recording, then show the recorded session.",
        options: [
            .value("sample", "NAME", short: "s", help: "The sample to run (default: \(Samples.defaultSample.name)); see --list."),
            .value("output", "FILE", short: "o", help: "Where to write the trace (default: a new file in the temporary directory)."),
            .flag("list", help: "List the samples and exit."),
            .flag("json", help: "Print the summary as one JSON object instead of text."),
        ],
        discussion: """
            Each sample is a small app whose store has one of the shapes StoreScope instruments
            (Elm, simple Redux, Redux-like container, ReduxUI, unidirectional flow). Its scripted
            scenario runs effects that finish, one that is cancelled and one that fails. Browse
            the trace afterwards with 'storescope view FILE' (or 'storescope cat FILE'). With
            STORESCOPE_SOCKET set, the session also streams live to that socket: run
            'storescope listen' there first; the demo says how much the listener received.
            """)

    static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
        if arguments.has("list") {
            for sample in Samples.all {
                let marker = sample.name == Samples.defaultSample.name ? " (default)" : ""
                console.line(HelpText.row(sample.name, sample.summary + marker))
            }
            return ExitStatus.success
        }
        let name = arguments.value("sample") ?? Samples.defaultSample.name
        guard let sample = Samples.named(name) else {
            throw UsageError(
                "unknown sample '\(name.sanitizedForTerminal)' (available: \(Samples.names.joined(separator: ", ")))",
                command: spec)
        }
        let path = arguments.value("output") ?? defaultOutputPath(for: sample.name)
        let json = arguments.has("json")
        if !json {
            console.line("Running sample \"\(sample.name)\": \(sample.summary)")
        }
        let run: SampleRun
        do {
            let name = sample.name  // a metatype is not Sendable; its name is
            run = try waitFor { try await Samples.record(Samples.named(name)!, to: path) }
        } catch {
            console.error("Error: recording to \(path.sanitizedForTerminal) failed: \("\(error)".sanitizedForTerminal)")
            return ExitStatus.failure
        }
        guard let reader = console.openTrace(path) else { return ExitStatus.unreadable }
        let session = DemoSession(records: reader.allRecords())
        if json {
            console.line(session.json(sample: sample.name, path: path, bytes: reader.fileSize))
        } else {
            console.line("Recorded to \(path.sanitizedForTerminal)")
            session.render(to: console, lines: RecordLine(startMonotonicNanos: reader.header.startMonotonicNanos), startNanos: reader.header.startMonotonicNanos, bytes: reader.fileSize)
            console.line("")
            if let stream = run.stream { console.line(Self.streamLine(stream).sanitizedForTerminal) }
            console.line("Browse it with: storescope view \(path.sanitizedForTerminal)   (every record: storescope cat \(path.sanitizedForTerminal))")
        }
        return ExitStatus.success
    }

    /// What the live stream to `$STORESCOPE_SOCKET` delivered, in words.
    static func streamLine(_ stream: SampleRun.StreamDelivery) -> String {
        let socket = stream.socket
        let isTCP = socket.hasPrefix("tcp ")
        let variable = isTCP ? "$\(TCPAddress.environmentVariable)" : "$\(SocketPath.environmentVariable)"
        if stream.received > 0 {
            return "Streamed live to \(socket) (\(variable)): the listener received \(counted(Int(clamping: stream.received), "action"))"
                + (stream.lost > 0 ? ", \(stream.lost) not" : "")
        }
        let reason = stream.lastError.map { " (\($0))" } ?? ""
        if let error = stream.lastError, error.contains("still opening when the session closed") {
            // A listener took the connection but did not answer in time: not a missing one.
            return "Not streamed to \(socket) (\(variable)): \(error); is the listener busy? Run the demo again"
        }
        if isTCP, stream.lastError?.contains("pairing") == true {
            // A listener answered: what to fix is the secret, not a missing listener.
            return "Not streamed to \(socket) (\(variable)): the listener refused the session\(reason); "
                + "give the app the secret the listener printed: \(PairingSecret.environmentVariable)=…"
        }
        let start = isTCP ? "storescope listen --tcp \(socket.split(separator: ":").last ?? "")" : "storescope listen \(socket)"
        return "Not streamed to \(socket) (\(variable)): no listener took the session\(reason); start one with: \(start)"
    }

    /// `<tmp>/storescope-demo-<sample>-<random>.sstrace`.
    static func defaultOutputPath(for sample: String) -> String {
        let unique = UInt32.random(in: .min ... .max)
        return FileManager.default.temporaryDirectory
            .appendingPathComponent("storescope-demo-\(sample)-\(String(unique, radix: 16)).sstrace").path
    }

    /// Runs `operation` on the concurrency pool and blocks the calling (main) thread until it
    /// ends. Commands are synchronous; the samples' stores run on their own global actor, never
    /// on the blocked main thread.
    static func waitFor<T: Sendable>(_ operation: @escaping @Sendable () async throws -> T) throws -> T {
        let result = LockedValue<Result<T, any Error>?>(nil)
        let done = DispatchSemaphore(value: 0)
        Task.detached {
            let outcome: Result<T, any Error>
            do { outcome = .success(try await operation()) } catch { outcome = .failure(error) }
            result.withLock { $0 = outcome }
            done.signal()
        }
        done.wait()
        return try result.withLock { $0! }.get()
    }
}
