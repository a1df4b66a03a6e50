import Foundation
import StoreScopeSamples
import Synchronization
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
            scenario runs effects that finish, one that is cancelled and one that fails. Inspect
            the trace afterwards with 'storescope cat FILE' or 'storescope check FILE'.
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
        do {
            let name = sample.name  // a metatype is not Sendable; its name is
            _ = try waitFor { try await Samples.record(Samples.named(name)!, to: path) }
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
            session.render(to: console, lines: RecordLine(startMonotonicNanos: reader.header.startMonotonicNanos), bytes: reader.fileSize)
            console.line("")
            console.line("Inspect it again with: storescope cat \(path.sanitizedForTerminal)")
        }
        return ExitStatus.success
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
        let result = Mutex<Result<T, any Error>?>(nil)
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

/// What a recorded demo session holds, tallied for display.
struct DemoSession {
    /// One effect's life.
    struct Effect {
        var started: EffectStarted
        var emitted: [UInt64] = []
        var ended: EffectEnded?
    }

    let records: [Record]
    private(set) var effects: [Effect] = []
    private(set) var actions = 0
    private(set) var finalStates: [(store: String, state: StateReplay.StoreState)] = []

    init(records: [Record]) {
        self.records = records
        var replay = StateReplay()
        var index: [UInt64: Int] = [:]
        for record in records {
            replay.apply(record)
            switch record {
            case .action: actions += 1
            case let .effectStarted(started):
                index[started.effectID] = effects.count
                effects.append(Effect(started: started))
            case let .effectEmitted(emitted):
                if let i = index[emitted.effectID] { effects[i].emitted.append(emitted.actionSeq) }
            case let .effectEnded(ended):
                if let i = index[ended.effectID] { effects[i].ended = ended }
            default: break
            }
        }
        finalStates = replay.stores.keys.sorted().map { ($0, replay.stores[$0]!) }
    }

    func count(_ outcome: (EffectEnded.Outcome) -> Bool) -> Int {
        effects.count { $0.ended.map { outcome($0.outcome) } ?? false }
    }

    var finished: Int { count { $0 == .finished } }
    var cancelled: Int { count { $0 == .cancelled } }
    var failed: Int { count { if case .failed = $0 { true } else { false } } }
    var open: Int { effects.count { $0.ended == nil } }

    /// The timeline (effect records indented under the actions), the effects, the final states
    /// and a summary.
    func render(to console: Console, lines: RecordLine, bytes: Int64) {
        console.line("")
        console.line("Timeline:")
        for record in records {
            switch record {
            case .effectStarted, .effectEmitted, .effectEnded: console.line(Self.clipped("    " + lines.text(record)))
            case .sessionEnded: continue
            default: console.line(Self.clipped("  " + lines.text(record)))
            }
        }
        console.line("")
        console.line("Effects:")
        for effect in effects {
            let started = effect.started
            var text = "  effect \(started.effectID) \"\(started.name)\" in \(started.store)"
            text += started.parentSeq.map { " started by #\($0)" } ?? " started outside any action"
            if !effect.emitted.isEmpty { text += ", emitted " + effect.emitted.map { "#\($0)" }.joined(separator: " ") }
            if let ended = effect.ended {
                let duration = RecordLine.duration(ended.monotonicNanos &- started.monotonicNanos)
                switch ended.outcome {
                case .finished: text += ", finished after \(duration)"
                case .cancelled: text += ", CANCELLED after \(duration)"
                case let .failed(message): text += ", FAILED after \(duration): \(message)"
                }
            } else {
                text += ", still running when the session ended"
            }
            console.line(text.sanitizedForTerminal)
        }
        console.line("")
        console.line("Final state:")
        for (store, state) in finalStates {
            let value = state.value.map(\.description) ?? "unknown (records were lost)"
            console.line("  \(store) after #\(state.seq): \(value)".sanitizedForTerminal)
        }
        console.line("")
        console.line("Summary: \(actions) actions; \(effects.count) effects: \(finished) finished, \(cancelled) cancelled, \(failed) failed, \(open) open; \(bytes) bytes")
    }

    /// `line` cut to `width` characters with an ellipsis, so one big action or patch does not
    /// flood the timeline (`storescope cat` shows it whole). An action line keeps its tail
    /// (reducer time, emitting effect) and loses the middle of its value instead.
    static func clipped(_ line: String, width: Int = 160) -> String {
        guard line.count > width else { return line }
        if let tail = line.range(of: " (reducer ", options: .backwards) {
            let suffix = line[tail.lowerBound...]
            let room = width - suffix.count - 1
            if room > 40 { return line[..<tail.lowerBound].prefix(room) + "…" + suffix }
        }
        return line.prefix(width - 1) + "…"
    }

    /// The summary as one JSON object.
    func json(sample: String, path: String, bytes: Int64) -> String {
        var json = JSONWriter()
        json.beginObject()
        json.field("sample", sample)
        json.field("file", path)
        json.field("bytes", bytes)
        json.field("actions", UInt64(actions))
        json.key("effects")
        json.beginObject()
        json.field("started", UInt64(effects.count))
        json.field("finished", UInt64(finished))
        json.field("cancelled", UInt64(cancelled))
        json.field("failed", UInt64(failed))
        json.field("open", UInt64(open))
        json.endObject()
        json.key("finalState")
        json.beginObject()
        for (store, state) in finalStates {
            json.key(store)
            if let value = state.value { value.writeJSON(to: &json) } else { json.null() }
        }
        json.endObject()
        json.endObject()
        return json.text
    }
}
