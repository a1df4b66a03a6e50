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
// action dispatched by one "dispatched SEQ". With --path reduce the store records through
// `recording.reduce(&state, action) { ... }` (which cannot hold an action), with --path
// reduce-held through `reduce(&state, action, whileLocked: ...)`; `record(_:reducing:)` otherwise.
//
// Usage: live-app-fixture [APP-NAME] [--file PATH] [--flush-ms N] [--payload BYTES] [--control held|refused] [--only pause,lock,jump,dispatch] [--control-limit BYTES] [--kept-states N] [--store NAME] [--max-hold-ms N] [--path reduce|reduce-held]
import Foundation
import StoreScope

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
            case "reduce":
                recording.reduce(&contents.state, action, reduce)
                seq = recording.lastSentSeq
            case "reduce-held":
                let reduced = recording.reduce(&contents.state, action, whileLocked: false) { reduce(&$0, $1); return true }
                seq = reduced ? recording.lastSentSeq : 0
            default:
                seq = recording.record(action, reducing: &contents.state, reduce)
            }
            if case let .step(value, _) = action, seq == recording.lastSentSeq, seq > (contents.journal.last?.seq ?? 0) {
                contents.journal.append((seq, value))
            }
        }
    }
}
let store = Store()
var effects: [EffectSpan] = []

if let mode = option("--control", in: arguments) {
    // --only pause,lock: the commands the store allows (all by default).
    let names = option("--only", in: arguments)?.split(separator: ",").map(String.init)
    let allowed: ControlCommands = names.map { names in
        ControlCommands([(ControlCommands.pause, "pause"), (.lock, "lock"), (.jump, "jump"), (.dispatch, "dispatch")].filter { names.contains($0.1) }.map(\.0))
    } ?? .all
    recording.allowControl(
        allowed,
        whileLocked: mode == "refused" ? .refused : .held,
        replaceState: { state in
            store.contents.withLock { $0.state = state }
            say("installed total=\(state.total) last=\(state.last) sessionToken=\(state.sessionToken)")
        },
        dispatch: { action in
            store.send(action)
            say("dispatched \(recording.lastSentSeq)")
        })
}

while let line = readLine() {
    let words = line.split(separator: " ")
    switch words.first {
    case "record":
        let count = words.count > 1 ? Int(words[1]) ?? 1 : 1
        for _ in 0..<count {
            store.send(.step(Int.random(in: 0..<1_000_000), payload))
        }
        say("recorded \(recording.lastSentSeq)")
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
