// A child process for the live-session tests: an app that records to the default sink (so
// STORESCOPE_SOCKET alone makes it stream), driven line by line on standard input:
//
//   record N    records N actions, prints "recorded SEQ" (the last seq)
//   flush       waits until the worker wrote everything, prints "flushed"
//   status      prints "status recorded=R dropped=D rss=KB" (peak resident memory)
//   effect NAME starts an effect that stays running, prints "effect started"
//   finish      finishes the effect started first of those running, prints "effect finished"
//   state       prints "state total=T last=L" (the store's state now)
//   inbox       records one `.inbox(...)` action of each kind (UUID, URL, Date to the bit,
//               Decimal, sets, dictionaries, optionals, nested enums), prints "recorded SEQ"
//   close       closes the recorder, prints its journal ("journal SEQ VALUE" per action),
//               each sink's figures ("sink DESTINATION recorded=R dropped=D unconfirmed=U")
//               and "closed", and exits
//
// With --control held|refused the store allows control (held or refused: what a lock does to
// the app's actions); a state installed by a listener prints "installed total=T last=L", an
// action dispatched by one "dispatched SEQ". With --path manual the store records through
// `willSend` and `didReduce` around its reducer (which cannot hold an action), with --path
// held through `record(action, reducing: &state, whileLocked: ...)`; `record(_:reducing:)`
// otherwise.
//
// With --also A,B the app has more stores, A and B, of the same types (`record-in A N` records
// N actions in A, prints "recorded SEQ"); they allow control as the main store does only with
// --also-control. With --hold-dispatch a dispatched action waits in the opt-in's closure
// (printing "holding STORE") until a line `release`, one per line.
//
// Usage: live-app-fixture [APP-NAME] [--file PATH] [--flush-ms N] [--payload BYTES] [--control held|refused] [--only pause,lock,jump,dispatch] [--control-limit BYTES] [--kept-states N] [--store NAME] [--max-hold-ms N] [--path manual|held] [--also A,B] [--also-control] [--hold-dispatch]
import Foundation
import StoreScope
import TraceFormat

enum AppAction: Sendable, Codable {
    case step(Int, String)
    case inbox(InboxAction)
}

/// Actions whose payloads hold what a typed action must spell (`inbox`): the reducer ignores
/// them.
enum InboxAction: Sendable, Codable {
    case toggleSelect(UUID)
    case open(URL)
    case snooze(until: Date)
    case received(subject: String, link: URL?, price: Decimal, labels: Set<String>, counts: [String: Int], ratio: Double)
    case move([UUID], to: Folder?)
    case search(query: String)
    case refresh

    enum Folder: String, Sendable, Codable { case inbox, archive }

    static var samples: [InboxAction] {
        let id = UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!
        return [
            .toggleSelect(id), .open(URL(string: "https://example.com/a?q=1")!), .snooze(until: Date()),
            .received(
                subject: "Re: \"quotes\"\n\u{1b}[1m", link: URL(string: "https://example.com/m?id=1&x=%20"), price: Decimal(string: "12.34")!,
                labels: ["b", "a"], counts: ["x": 3, "y": 0], ratio: -0.1),
            .move([id, UUID()], to: .inbox), .move([], to: nil), .search(query: "sw"), .refresh,
        ]
    }
}

struct AppState: Sendable, Codable {
    var total = 0
    var last = ""
    /// Redacted in the trace (a default pattern): a far jump takes it from the app's state.
    var sessionToken = "token-of-this-run"
}

let arguments = Array(CommandLine.arguments.dropFirst())
func option(_ name: String, in arguments: [String]) -> String? {
    guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return nil }
    return arguments[index + 1]
}
let file = option("--file", in: arguments)
let flushMilliseconds = option("--flush-ms", in: arguments).flatMap(Int.init) ?? 20
let payloadSize = option("--payload", in: arguments).flatMap(Int.init) ?? 16
let appName = arguments.first.flatMap { $0.hasPrefix("--") ? nil : $0 } ?? "fixture"

var configuration = RecorderConfiguration(appName: appName, chunking: .init(flushInterval: .milliseconds(Int64(flushMilliseconds))))
if let limit = option("--control-limit", in: arguments).flatMap(Int.init) { configuration.control.maximumCommandBytes = limit }
if let kept = option("--kept-states", in: arguments).flatMap(Int.init) { configuration.control.keptStates = kept }
if let hold = option("--max-hold-ms", in: arguments).flatMap(Int.init) { configuration.control.maximumHold = .milliseconds(hold) }
// The fixture is an app in development whatever the build the tests run in (the suite also
// runs as a release build): control is on unless STORESCOPE_CONTROL=off, as in a debug build.
configuration.control.isEnabled = ProcessInfo.processInfo.environment["STORESCOPE_CONTROL"] != "off"
let storeName = option("--store", in: arguments) ?? "main"
let recorder = try Recorder(sink: .default(file: file), configuration: configuration)
let recording = recorder.store(storeName, initialState: AppState(), actions: AppAction.self)
let payload = String(repeating: "x", count: payloadSize)

func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

/// The store: its state and journal behind a lock, so the main loop and the control closures
/// (which run on the recorder's task) take turns, as a store's own executor would make them.
final class Store: Sendable {
    struct Contents {
        var state = AppState()
        var journal: [(seq: UInt64, value: Int)] = []
    }
    let contents = LockedValue(Contents())
    let recording: StoreRecorder<AppState, AppAction>

    init(_ recording: StoreRecorder<AppState, AppAction>) {
        self.recording = recording
    }

    static let path = option("--path", in: arguments)

    func send(_ action: AppAction) {
        func reduce(_ state: inout AppState, _ action: AppAction) {
            if case let .step(value, text) = action {
                state.total += value
                state.last = text
            }
        }
        contents.withLock { contents in
            let seq: UInt64
            switch Self.path {
            case "manual":
                let pending = self.recording.willSend(action)
                reduce(&contents.state, action)
                self.recording.didReduce(pending, state: contents.state)
                seq = self.recording.lastSentSeq
            case "held":
                let reduced = self.recording.record(action, reducing: &contents.state, whileLocked: false) { reduce(&$0, $1); return true }
                seq = reduced ? self.recording.lastSentSeq : 0
            default:
                seq = self.recording.record(action, reducing: &contents.state, reduce)
            }
            if case let .step(value, _) = action, seq == self.recording.lastSentSeq, seq > (contents.journal.last?.seq ?? 0) {
                contents.journal.append((seq, value))
            }
        }
    }
}
let store = Store(recording)
let others = (option("--also", in: arguments)?.split(separator: ",").map(String.init) ?? []).map { name in
    (name, Store(recorder.store(name, initialState: AppState(), actions: AppAction.self)))
}
var effects: [EffectSpan] = []
/// Released once per `release` line (--hold-dispatch).
let releases = DispatchSemaphore(value: 0)

func allowControl(_ store: Store, mode: String) {
    // --only pause,lock: the commands the store allows (all by default).
    let names = option("--only", in: arguments)?.split(separator: ",").map(String.init)
    let allowed: ControlCommands = names.map { names in
        ControlCommands([(ControlCommands.pause, "pause"), (.lock, "lock"), (.jump, "jump"), (.dispatch, "dispatch")].filter { names.contains($0.1) }.map(\.0))
    } ?? .all
    let holds = arguments.contains("--hold-dispatch")
    let recording = store.recording
    recording.allowControl(
        allowed,
        whileLocked: mode == "refused" ? .refused : .held,
        replaceState: { state in
            store.contents.withLock { $0.state = state }
            say("installed total=\(state.total) last=\(state.last) sessionToken=\(state.sessionToken)")
        },
        dispatch: { action in
            if holds {
                say("holding \(recording.name)")
                await withCheckedContinuation { continuation in
                    DispatchQueue.global().async {
                        releases.wait()
                        continuation.resume()
                    }
                }
            }
            store.send(action)
            say("dispatched \(recording.lastSentSeq)")
        })
}
if let mode = option("--control", in: arguments) {
    allowControl(store, mode: mode)
    if arguments.contains("--also-control") {
        for (_, other) in others { allowControl(other, mode: mode) }
    }
}

/// How many `streamed` questions were answered.
var streamedAnswers = 0

while let line = readLine() {
    let words = line.split(separator: " ")
    switch words.first {
    case "record":
        let count = words.count > 1 ? Int(words[1]) ?? 1 : 1
        for _ in 0..<count {
            store.send(.step(Int.random(in: 0..<1_000_000), payload))
        }
        say("recorded \(recording.lastSentSeq)")
    case "record-in":
        guard words.count > 1, let other = others.first(where: { $0.0 == words[1] })?.1 else {
            say("no store \(words.count > 1 ? words[1] : "")")
            continue
        }
        let count = words.count > 2 ? Int(words[2]) ?? 1 : 1
        for _ in 0..<count {
            other.send(.step(Int.random(in: 0..<1_000_000), payload))
        }
        say("recorded \(other.recording.lastSentSeq)")
    case "release":
        releases.signal()
    case "inbox":
        for action in InboxAction.samples { store.send(.inbox(action)) }
        say("recorded \(recording.lastSentSeq)")
    case "effect":
        // Starts an effect that stays running until the app closes.
        effects.append(recording.startEffect(words.count > 1 ? String(words[1]) : "effect", startedBy: recording.lastSentSeq))
        say("effect started")
    case "finish":
        if !effects.isEmpty { effects.removeFirst().finish() }
        say("effect finished")
    case "flush":
        recorder.flush()
        say("flushed")
    case "streamed":
        // The actions the live stream's listener has confirmed so far (what `close` prints as
        // the socket's `recorded`), each answer numbered so that a test can wait for it.
        streamedAnswers += 1
        let confirmed = recorder.status.sinks.first { $0.destination.hasPrefix("socket") }?.actionsRecorded ?? 0
        say("streamed \(streamedAnswers): recorded=\(confirmed)")
    case "status":
        let status = recorder.status
        var usage = rusage()
        #if canImport(Darwin)
        getrusage(RUSAGE_SELF, &usage)
        #else
        getrusage(RUSAGE_SELF.rawValue, &usage)
        #endif
        // ru_maxrss: kilobytes on Linux, bytes on Darwin.
        #if canImport(Darwin)
        let kilobytes = usage.ru_maxrss / 1024
        #else
        let kilobytes = usage.ru_maxrss
        #endif
        say("status recorded=\(status.actionsRecorded) dropped=\(status.actionsDropped) rss=\(kilobytes) paused=\(status.actionsPaused)")
    case "state":
        let state = store.contents.withLock { $0.state }
        say("state total=\(state.total) last=\(state.last)")
    case "close":
        recorder.close()
        for entry in store.contents.withLock({ $0.journal }) { say("journal \(entry.seq) \(entry.value)") }
        for sink in recorder.status.sinks {
            say("sink \(sink.destination) recorded=\(sink.actionsRecorded) dropped=\(sink.actionsDropped) unconfirmed=\(sink.actionsUnconfirmed)")
        }
        say("closed")
        exit(0)
    default:
        say("unknown command: \(line)")
    }
}
recorder.close()
