// A child process for StoreScopeTests: a recorder that ends without `close()`.
//
// Usage: recorder-crash-fixture PATH COUNT [ENDING]
//   abort (default)  records COUNT actions, waits until the worker has written them (without a
//                    flush), records five more, and aborts.
//   exit             records COUNT actions and calls exit(0) at once.
//   exit-off-main    records COUNT actions on a secondary thread, which calls exit(0) while the
//                    main thread waits.
//   deep             records one action whose state is a list COUNT levels deep, captured with
//                    maximumDepth COUNT, closes and exits 0.
import Foundation
import StoreScope

struct CounterState: Equatable, Sendable {
    var count = 0
    var history: [Int] = []
}

/// A chain of links: each link one nesting level deeper than the one before.
indirect enum Chain: Sendable {
    case end
    case link(Int, Chain)
}

let arguments = CommandLine.arguments
guard (3...4).contains(arguments.count), let count = Int(arguments[2]) else {
    FileHandle.standardError.write(Data("usage: recorder-crash-fixture PATH COUNT [abort|exit|exit-off-main|deep]\n".utf8))
    exit(64)
}
let ending = arguments.count == 4 ? arguments[3] : "abort"

if ending == "deep" {
    let recorder = try Recorder(
        sink: .file(arguments[1]), configuration: .init(appName: "deep", capture: .init(maximumDepth: count)))
    var state = Chain.end
    let recording = recorder.store("deep", initialState: state, actions: Int.self)
    recording.record(count, reducing: &state) { state, depth in
        for value in 0..<depth { state = .link(value, state) }
    }
    recorder.close()
    FileHandle.standardOutput.write(Data("recorded depth \(count) at maximumDepth \(recorder.configuration.capture.maximumDepth)\n".utf8))
    exit(0)
}

let recorder = try Recorder(
    sink: .file(arguments[1]),
    configuration: .init(appName: "crash", chunking: .init(flushInterval: .milliseconds(50))))
let recording = recorder.store("counter", initialState: CounterState(), actions: Int.self)

/// Records actions 1...count on a fresh state; returns the state.
@Sendable @discardableResult
func recordAll(_ recording: StoreRecorder<CounterState, Int>, count: Int) -> CounterState {
    var state = CounterState()
    for step in 1...count {
        recording.record(step, reducing: &state) { state, amount in
            state.count += amount
            state.history.append(amount)
        }
    }
    return state
}

switch ending {
case "exit":
    recordAll(recording, count: count)
    exit(0)
case "exit-off-main":
    let thread = Thread { [recording, count] in
        recordAll(recording, count: count)
        exit(0)
    }
    thread.start()
    while true { Thread.sleep(forTimeInterval: 1) }
default:
    var state = recordAll(recording, count: count)
    // The worker writes these actions without being asked, once their chunk is older than
    // the flush interval (the status counts an action once its chunk is written). Polled, not
    // a fixed sleep, so a slow build (ThreadSanitizer) waits as long as it needs.
    let deadline = Date().addingTimeInterval(60)
    while recorder.status.actionsRecorded < UInt64(count) && Date() < deadline {
        Thread.sleep(forTimeInterval: 0.01)
    }
    FileHandle.standardOutput.write(Data("recorded \(count)\n".utf8))
    // Actions after the last flush interval may be lost with the process.
    for step in 1...5 { recording.record(-step, reducing: &state) { $0.count += $1 } }
    abort()
}
