// A child process for StoreScopeTests: records actions into a trace, waits longer than the
// flush interval, records a few more, and then dies without closing the recorder.
//
// Usage: recorder-crash-fixture PATH COUNT
import Foundation
import StoreScope

struct CounterState: Equatable, Sendable {
    var count = 0
    var history: [Int] = []
}

let arguments = CommandLine.arguments
guard arguments.count == 3, let count = Int(arguments[2]) else {
    FileHandle.standardError.write(Data("usage: recorder-crash-fixture PATH COUNT\n".utf8))
    exit(64)
}
let recorder = try Recorder(
    sink: .file(arguments[1]),
    configuration: .init(appName: "crash", chunking: .init(flushInterval: .milliseconds(50))))
var state = CounterState()
let recording = recorder.store("counter", initialState: state, actions: Int.self)
for step in 1...count {
    recording.record(step, reducing: &state) { state, amount in
        state.count += amount
        state.history.append(amount)
    }
}
// Longer than the flush interval: the worker writes these actions without being asked.
Thread.sleep(forTimeInterval: 0.5)
FileHandle.standardOutput.write(Data("recorded \(count)\n".utf8))
// Actions after the last flush interval may be lost with the process.
for step in 1...5 { recording.record(-step, reducing: &state) { $0.count += $1 } }
abort()
