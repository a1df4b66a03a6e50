// Release-build benchmarks. Run: swift run -c release StoreScopeBenchmarks [suite ...]
// Suites: format, diff (or only its rebuilt-array table: diff-rebuilt; its reordered-todos table: diff-keyed), analysis (needs storescope built in release; `analysis-trace PATH [ACTIONS]`
// only writes its trace, 1,000,000 actions by default), live (needs `swift build -c release` for storescope; `live-tcp` runs only its Unix socket vs loopback TCP table), stats (needs
// `swift build -c release --product storescope` first; `stats-trace PATH [ACTIONS]` only writes its trace), recorder (or one part of it: recorder-store, recorder-pace,
// recorder-worker, recorder-tail). With no argument every suite runs. `recorder-profile` runs only 50,000
// scalar actions through the worker, `recorder-profile-rename [N]` 5,000 (or N) renames among 1,000 users (every state
// recorded, as at full speed: `RecorderBenchmarks.burstUnderCallgrind`),
// `recorder-handoff-profile` 20,000 scalar sends timed by callgrind on the store thread (HandOffProfile;
// `recorder-handoff-floor-profile` the same sends through the floor, StoreThreadFloor),
// `recorder-growth` one rename's cost as the users grow, at UI pace and in a burst (StateGrowth), and
// `recorder-growth-profile USERS ui|burst` its runs for callgrind:
// the workloads to run under callgrind. `recorder-floor` times what a rename's queued state costs by itself (the
// store's copy, its free on the worker or on the store thread); `recorder-floor-profile [N]` runs only its split the recorder
// uses on `recorder-profile-rename`'s renames among 1,000 users, for callgrind beside it. `viewer`: the interactive viewer on a 1M-action
// trace (cached in the temp directory); `viewer-walk PATH` is its memory child,
// `viewer-profile-end PATH` opens the viewer and presses G once, `viewer-profile-step-back PATH` steps back across
// a users keyframe (k twice): the workloads to run under callgrind. `hostile` times commands on the traces of issue 17
// (HostileTraces); `hostile-traces DIR` only writes them; `hostile-viewer` times the viewer's keys on them.
// `control` times a viewer's jump through `storescope listen --record` into an app (needs storescope in release);
// `control-memory` measures the memory of the states an app keeps for jumps (`control-memory-child` is its app).
let requested = Set(CommandLine.arguments.dropFirst())
func wants(_ suite: String) -> Bool { requested.isEmpty || requested.contains(suite) }
/// The number after `mode` on the command line, else 5,000: the renames of a profile (two counts
/// give the instructions of one rename without the run's fixed costs).
func renames(after mode: String) -> Int {
    guard let index = CommandLine.arguments.firstIndex(of: mode), index + 1 < CommandLine.arguments.count else { return 5_000 }
    return Int(CommandLine.arguments[index + 1]) ?? 5_000
}

if wants("format") { FormatBenchmarks.run() }
if wants("diff") {
    DiffBenchmarks.run()
    KeyedElementsBenchmarks.run()
    KeyframeBenchmarks.run()
} else {
    if wants("diff-rebuilt") { RebuiltArrayBenchmarks.run() }
    if wants("diff-keyed") { KeyedElementsBenchmarks.run() }
}
if wants("analysis") { AnalysisBenchmarks.run() }
if requested.contains("hostile") { HostileTraces.run() }
if requested.contains("hostile-viewer") { HostileViewer.run() }
if requested.contains("hostile-traces"), let path = CommandLine.arguments.last { HostileTraces.write(to: path) }
if requested.contains("analysis-trace"), let index = CommandLine.arguments.firstIndex(of: "analysis-trace"), index + 1 < CommandLine.arguments.count {
    // analysis-trace PATH [ACTIONS]: fewer actions for a profile under callgrind.
    let actions = CommandLine.arguments.count > index + 2 ? Int(CommandLine.arguments[index + 2]) ?? 1_000_000 : 1_000_000
    AnalysisBenchmarks.record(actions: actions, users: 1_000, to: CommandLine.arguments[index + 1])
}
if wants("live") { LiveBenchmarks.run() }
if wants("control") { ControlBenchmark.run() }
if requested.contains("control-stages") { ControlStages.run() }
if requested.contains("control-memory") { KeptStatesMemory.run() }
if requested.contains("control-memory-child"), CommandLine.arguments.count >= 5 {
    KeptStatesMemory.child(kind: CommandLine.arguments[2], kept: Int(CommandLine.arguments[3]) ?? 0, socket: CommandLine.arguments[4])
}
if requested.contains("live-throughput"), let storescope = LiveBenchmarks.storescopeBinary() { LiveBenchmarks.throughput(storescope: storescope) }
if requested.contains("live-tcp"), let storescope = LiveBenchmarks.storescopeBinary() { LiveBenchmarks.transports(storescope: storescope) }
// A smoke run of the same code, small enough for a debug build: it checks the table is made, it measures nothing.
if requested.contains("live-tcp-smoke"), let storescope = LiveBenchmarks.storescopeBinary() { LiveBenchmarks.transports(storescope: storescope, actions: 500, rounds: 1) }
if wants("stats") { StatsBenchmarks.run() }
if requested.contains("stats-trace"), let index = CommandLine.arguments.firstIndex(of: "stats-trace"), index + 1 < CommandLine.arguments.count {
    // stats-trace PATH [ACTIONS]: the stats suite's trace only, to time or profile by hand.
    let actions = CommandLine.arguments.count > index + 2 ? Int(CommandLine.arguments[index + 2]) ?? 1_000_000 : 1_000_000
    _ = try! UsersTrace.write(actions: actions, to: CommandLine.arguments[index + 1])
}
if wants("viewer") { ViewerBenchmarks.run() }
if requested.contains("viewer-walk"), let path = CommandLine.arguments.last { ViewerBenchmarks.walk(path) }
if requested.contains("viewer-profile-end"), let path = CommandLine.arguments.last { ViewerBenchmarks.pressEnd(path) }
if requested.contains("viewer-profile-step-back"), let path = CommandLine.arguments.last { ViewerBenchmarks.stepBack(path) }
if wants("recorder") {
    RecorderBenchmarks.run()
} else {
    if wants("recorder-store") { RecorderBenchmarks.storeThread() }
    if wants("recorder-pace") {
        RecorderBenchmarks.uiPace()
        RecorderBenchmarks.uiPaceParts()
    }
    if wants("recorder-worker") { RecorderBenchmarks.workerThroughput() }
    if wants("recorder-tail") { RecorderTailLatency.run() }
    if wants("recorder-senders") { RecorderSenders.run() }
    if requested.contains("recorder-store-rounds") { RecorderBenchmarks.scalarRounds() }
    if wants("recorder-profile") { RecorderBenchmarks.workerThroughput([(1_000, .toggleLoading, 50_000, 1_000)]) }
    if wants("recorder-floor") { WorkerFloor.run() }
    if wants("recorder-handoff-profile") { HandOffProfile.run() }
    if requested.contains("recorder-handoff-floor-profile") { HandOffProfile.runFloor() }
    if wants("recorder-profile-rename") {
        RecorderBenchmarks.workerThroughput([(1_000, .rename, renames(after: "recorder-profile-rename"), 100)], configuration: RecorderBenchmarks.burstUnderCallgrind)
    }
    if requested.contains("recorder-floor-profile") {
        _ = WorkerFloor.pipeline(users: 1_000, count: renames(after: "recorder-floor-profile"), split: .workerFrees)
    }
    if wants("recorder-growth") { StateGrowth.run() }
}
if requested.contains("recorder-growth-profile"), let index = CommandLine.arguments.firstIndex(of: "recorder-growth-profile"),
    index + 2 < CommandLine.arguments.count, let users = Int(CommandLine.arguments[index + 1])
{
    // recorder-growth-profile USERS ui|slow|burst [FRAME_MS] [never|atUIPace|always]: one plain and one recorded run, for callgrind.
    StateGrowth.profile(users: users, arguments: Array(CommandLine.arguments[(index + 2)...]))
}
