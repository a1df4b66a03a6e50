// Release-build benchmarks. Run: swift run -c release StoreScopeBenchmarks [suite ...]
// Suites: format, diff, analysis (needs storescope built in release; `analysis-trace PATH` only
// writes its trace), recorder (or one part of it: recorder-store, recorder-pace,
// recorder-worker). With no argument every suite runs. `recorder-profile` runs only 50,000
// scalar actions through the worker, the workload to run under callgrind.
let requested = Set(CommandLine.arguments.dropFirst())
func wants(_ suite: String) -> Bool { requested.isEmpty || requested.contains(suite) }

if wants("format") { FormatBenchmarks.run() }
if wants("diff") {
    DiffBenchmarks.run()
    KeyframeBenchmarks.run()
}
if wants("analysis") { AnalysisBenchmarks.run() }
if requested.contains("analysis-trace"), let path = CommandLine.arguments.last { AnalysisBenchmarks.record(actions: 1_000_000, users: 1_000, to: path) }
if wants("recorder") {
    RecorderBenchmarks.run()
} else {
    if wants("recorder-store") { RecorderBenchmarks.storeThread() }
    if wants("recorder-pace") {
        RecorderBenchmarks.uiPace()
        RecorderBenchmarks.uiPaceParts()
    }
    if wants("recorder-worker") { RecorderBenchmarks.workerThroughput() }
    if wants("recorder-profile") { RecorderBenchmarks.workerThroughput([(1_000, .toggleLoading, 50_000, 1_000)]) }
}
