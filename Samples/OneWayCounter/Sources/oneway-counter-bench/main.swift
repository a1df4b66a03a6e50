// Store-thread cost of recording a OneWay store, beside OneWay's own cost: the time of one
// `await store.send(.increment)` on a store whose reducer is plain, and on the same reducer
// recorded with `recording.record(action, reducing: &state, whileLocked: .none) { ... }`. Release build:
//   swift run -c release oneway-counter-bench [SENDS] [ROUNDS]
// The table gives the median over rounds of each round's median and 99th percentile.
import Foundation
import OneWay
import OneWayCounter
import StoreScope

let arguments = CommandLine.arguments
let sends = arguments.count > 1 ? Int(arguments[1]) ?? 20_000 : 20_000
let rounds = arguments.count > 2 ? Int(arguments[2]) ?? 7 : 7
let directory = FileManager.default.temporaryDirectory.appendingPathComponent("oneway-bench-\(getpid())")
try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: directory) }

/// The counter's increment, unrecorded.
struct PlainReducer: Reducer {
    func reduce(state: inout CounterState, action: CounterAction) -> AnyEffect<CounterAction> {
        if action == .increment { state.count += 1 }
        return .none
    }
}

/// The same, recorded as the guide says.
struct RecordedCounterReducer: Reducer {
    let recording: StoreRecorder<CounterState, CounterAction>

    func reduce(state: inout CounterState, action: CounterAction) -> AnyEffect<CounterAction> {
        recording.record(action, reducing: &state, whileLocked: .none) { state, action in
            if action == .increment { state.count += 1 }
            return .none
        }
    }
}

/// Times each of `sends` sends on `store`; returns (median, p99) in nanoseconds.
func time<R: Reducer>(_ store: Store<R, ContinuousClock>) async -> (median: Double, p99: Double) where R.Action == CounterAction {
    var nanos: [Int64] = []
    nanos.reserveCapacity(sends)
    let clock = ContinuousClock()
    for _ in 0..<sends {
        let start = clock.now
        await store.send(.increment)
        let elapsed = start.duration(to: clock.now)
        nanos.append(elapsed.components.seconds * 1_000_000_000 + elapsed.components.attoseconds / 1_000_000_000)
    }
    nanos.sort()
    return (Double(nanos[nanos.count / 2]), Double(nanos[nanos.count * 99 / 100]))
}

func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

var plain: [(median: Double, p99: Double)] = []
var recorded: [(median: Double, p99: Double)] = []
for round in 0..<rounds {
    plain.append(await time(Store(reducer: PlainReducer(), state: CounterState())))
    let recorder = try Recorder(sink: .file(directory.appendingPathComponent("counter-\(round).sstrace").path))
    let recording = recorder.store("counter", initialState: CounterState(), actions: CounterAction.self)
    recorded.append(await time(Store(reducer: RecordedCounterReducer(recording: recording), state: CounterState())))
    recorder.close()
}
print("OneWay 3.0.0 await store.send(.increment), \(sends) sends x \(rounds) rounds (median over rounds)")
let base = median(plain.map(\.median))
for (name, runs) in [("plain", plain), ("recorded reducer", recorded)] {
    let m = median(runs.map(\.median))
    let p = median(runs.map(\.p99))
    print(name.padding(toLength: 20, withPad: " ", startingAt: 0) + String(format: "median %6.0f ns   p99 %6.0f ns   recording adds %5.0f ns", m, p, m - base))
}
