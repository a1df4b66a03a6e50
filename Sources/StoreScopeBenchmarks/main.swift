// Release-build benchmarks. Run: swift run -c release StoreScopeBenchmarks [suite ...]
// Suites: format, diff, recorder (or one part of it: recorder-store, recorder-pace,
// recorder-worker, recorder-tail). With no argument every suite runs. `recorder-profile` runs only 50,000
// scalar actions through the worker, the workload to run under callgrind.
let requested = Set(CommandLine.arguments.dropFirst())
func wants(_ suite: String) -> Bool { requested.isEmpty || requested.contains(suite) }

if wants("format") { FormatBenchmarks.run() }
if wants("diff") { DiffBenchmarks.run() }
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
    if wants("recorder-profile") { RecorderBenchmarks.workerThroughput([(1_000, .toggleLoading, 50_000, 1_000)]) }
}
