// Store-thread cost of recording a TCA store, beside TCA's own cost: the time of one
// `store.send(...)` on the app's root feature, plain and recorded with `.recorded(by:)`, for an
// action that returns no effect (a meeting's `tick`), one that returns a `.run` effect
// (`saveTapped`) and one that returns a publisher, `.cancel(id:)` (`stopAutosave`); each
// effect's task is awaited outside the timing. Release build:
//   swift run -c release tca-standups-bench [SENDS] [ROUNDS]
// The table gives the median over rounds of each round's median and 99th percentile.
import ComposableArchitecture
import Foundation
import StoreScopeTCA
import TCAStandups

let arguments = CommandLine.arguments
let sends = arguments.count > 1 ? Int(arguments[1]) ?? 20_000 : 20_000
let rounds = arguments.count > 2 ? Int(arguments[2]) ?? 7 : 7
let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tca-bench-\(getpid())")
try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: directory) }

/// Two standups, the first with two attendees and a meeting running.
func initialState() -> StandupsFeature.State {
    var state = StandupsFeature.State()
    var design = StandupFeature.State(id: 1, title: "Design review")
    design.attendees = [.init(id: 1, name: "Ana"), .init(id: 2, name: "Ben")]
    design.meeting = StandupFeature.Meeting()
    state.standups = [design, StandupFeature.State(id: 2, title: "Infrastructure")]
    return state
}

let server = StandupsServer()

/// Times each of `sends` sends of `action` on `store`; returns (median, p99) in nanoseconds.
@MainActor
func time(_ store: StoreOf<StandupsFeature>, _ action: StandupsFeature.Action) async -> (median: Double, p99: Double) {
    var nanos: [Int64] = []
    nanos.reserveCapacity(sends)
    let clock = ContinuousClock()
    for _ in 0..<sends {
        let start = clock.now
        let task = store.send(action)
        let elapsed = start.duration(to: clock.now)
        nanos.append(elapsed.components.seconds * 1_000_000_000 + elapsed.components.attoseconds / 1_000_000_000)
        await task.finish()
    }
    nanos.sort()
    return (Double(nanos[nanos.count / 2]), Double(nanos[nanos.count * 99 / 100]))
}

@MainActor
func plainStore() -> StoreOf<StandupsFeature> {
    Store(initialState: initialState()) { StandupsFeature() } withDependencies: { $0.standupsClient = server.client }
}

@MainActor
func recordedStore(_ recorder: Recorder) -> StoreOf<StandupsFeature> {
    let recording = recorder.store("standups", initialState: initialState(), actions: StandupsFeature.Action.self)
    return Store(initialState: initialState()) { StandupsFeature().recorded(by: recording) } withDependencies: {
        $0.standupsClient = server.client
    }
}

func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

let tick = StandupsFeature.Action.standups(.element(id: 1, action: .tick))
var results: [String: [(median: Double, p99: Double)]] = [:]
for round in 0..<rounds {
    results["tick plain", default: []].append(await time(plainStore(), tick))
    let recorder = try Recorder(sink: .file(directory.appendingPathComponent("standups-\(round).sstrace").path))
    results["tick recorded", default: []].append(await time(recordedStore(recorder), tick))
    results["saveTapped plain", default: []].append(await time(plainStore(), .saveTapped))
    results["saveTapped recorded", default: []].append(await time(recordedStore(recorder), .saveTapped))
    results["stopAutosave plain", default: []].append(await time(plainStore(), .stopAutosave))
    results["stopAutosave recorded", default: []].append(await time(recordedStore(recorder), .stopAutosave))
    recorder.close()
}
print("TCA 1.25.5 store.send(...), \(sends) sends x \(rounds) rounds (median over rounds)")
for action in ["tick", "saveTapped", "stopAutosave"] {
    let base = median(results["\(action) plain"]!.map(\.median))
    for variant in ["plain", "recorded"] {
        let runs = results["\(action) \(variant)"]!
        let m = median(runs.map(\.median))
        let p = median(runs.map(\.p99))
        print("\(action) \(variant)".padding(toLength: 22, withPad: " ", startingAt: 0)
            + String(format: "median %6.0f ns   p99 %6.0f ns   recording adds %5.0f ns", m, p, m - base))
    }
}
