// Release-build benchmarks. Run: swift run -c release StoreScopeBenchmarks [suite ...]
// Suites: format, diff, recorder. With no argument every suite runs.
let requested = Set(CommandLine.arguments.dropFirst())
func wants(_ suite: String) -> Bool { requested.isEmpty || requested.contains(suite) }

if wants("format") { FormatBenchmarks.run() }
if wants("diff") { DiffBenchmarks.run() }
if wants("recorder") { RecorderBenchmarks.run() }
