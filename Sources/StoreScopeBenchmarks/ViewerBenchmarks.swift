import Foundation
import StoreScopeCLI
import TraceAnalysis

/// Issue 11 item 7: the interactive viewer on a 1M-action trace of the users state with two
/// small stores and effects (``UsersTrace``, keyframes every 10,000 actions of a store as the
/// recorder's default): the first screen, every key, peak memory, and a live session at
/// 10k actions/s. Each key is timed through the real reducer, render and grid diff
/// (``ViewerScreen``) at several places of the trace; the tables give the median and the
/// worst sample, wall and thread CPU time.
///
/// Run: `swift run -c release StoreScopeBenchmarks viewer` (the trace is cached in the temp
/// directory; `viewer-walk PATH` is the child process measured for memory;
/// `VIEWER_SLOW_REPETITIONS` sets how many places the scenarios that scan much of the trace
/// are timed at, 3 by default; 0 leaves them out).
enum ViewerBenchmarks {
    static let actions = 1_000_000
    static let columns = 120, rows = 40

    static func run() {
        ViewerAllocator.set(from: "VIEWER_MALLOC")
        let slowRepetitions = Int(ProcessInfo.processInfo.environment["VIEWER_SLOW_REPETITIONS"] ?? "") ?? 3
        let path = trace()
        print("## Viewer: \(actions) actions (users, settings and session stores, effects), \(columns)x\(rows)\n")
        print("Load average before: \(loadAverage()).\n")
        firstScreen(path)
        var rows: [[String]] = []
        for scenario in scenarios where scenario.slow ? slowRepetitions > 0 : true {
            rows.append(scenario.measure(path: path, repetitions: scenario.slow ? slowRepetitions : 7))
            print("| " + rows.last!.joined(separator: " | ") + " |")
            fflush(nil)
        }
        Report.table(["key (where)", "samples", "wall median", "wall worst", "CPU median", "CPU worst", "goal", "met"], rows)
        memory(path)
        LiveViewerBenchmark.run()
        print("Load average after: \(loadAverage()).\n")
    }

    /// The cached trace, written on first use.
    static func trace() -> String {
        let path = NSTemporaryDirectory() + "storescope-viewer-bench-\(actions)-v2.sstrace"
        if !FileManager.default.fileExists(atPath: path) {
            let partial = path + ".partial"
            var bytes: Int64 = 0
            let seconds = Stopwatch.seconds { bytes = try! UsersTrace.write(actions: actions, to: partial, otherStores: true) }
            rename(partial, path)
            print("Wrote \(path): \(Report.megabytes(Int(bytes))) in \(Report.fixed(seconds, 1)) s.\n")
        }
        return path
    }

    static func loadAverage() -> String {
        var loads = [Double](repeating: 0, count: 3)
        _ = getloadavg(&loads, 3)
        return loads.map { Report.fixed($0, 2) }.joined(separator: ", ")
    }

    /// Opening the trace and drawing the first screen, as `storescope view FILE` does.
    static func firstScreen(_ path: String) {
        var samples = Timings()
        var bytes = 0
        for _ in 0..<9 {
            samples.time {
                let source = try! FileTraceSource(path: path)
                bytes = ViewerScreen(source: source, columns: columns, rows: rows).bytes
            }
        }
        Report.table(
            ["first screen (open + initialState + render + diff)", "samples", "wall median", "wall worst", "CPU median", "CPU worst", "goal", "met"],
            [["\(bytes) bytes to the terminal"] + samples.cells(goalMilliseconds: 300)])
    }

    /// The peak resident memory of a child process that opens the trace and presses every
    /// key of the scenarios once.
    static func memory(_ path: String) {
        let output = NSTemporaryDirectory() + "storescope-viewer-walk-\(getpid()).txt"
        defer { unlink(output) }
        let run = ChildRun.run([CommandLine.arguments[0], "viewer-walk", path], stdout: output)
        let reported = (try? String(contentsOfFile: output, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        // The child's own VmHWM is the figure judged. wait4's max RSS is only an upper bound on
        // Linux: posix_spawn clones the benchmark's memory into the child until its exec, and
        // the kernel carries that memory's peak over into the child's (the benchmark's own
        // peak, which has opened the trace at every place it timed, shows there).
        let waited = Double(run.peakBytes) / 1_048_576
        let ownKiB = reported.split(separator: " ").first.flatMap { Double($0) }
        let mebibytes = ownKiB.map { $0 / 1024 } ?? waited
        Report.table(
            ["peak memory (child: open + every key once)", "VmHWM (the child's own)", "max RSS (wait4, an upper bound)", "goal", "met"],
            [["exit \(run.status), \(Report.fixed(run.seconds, 1)) s", Report.fixed(mebibytes, 1) + " MiB", Report.fixed(waited, 1) + " MiB", "100 MiB", mebibytes <= 100 ? "yes" : "no"]])
    }

    /// Opens the viewer on `path` and presses G: the workload to run under callgrind.
    static func pressEnd(_ path: String) {
        let screen = ViewerScreen(source: try! FileTraceSource(path: path), columns: columns, rows: rows)
        screen.press(.character("G"))
        print(screen.selected ?? 0)
    }

    /// Opens the viewer on `path` at the third of the seven places the `k` scenario is timed
    /// at and presses `k` five times, as that scenario does: there the steps back cross a
    /// `session` store's action whose state is a replay from that store's keyframe at the
    /// start (it has one every 500,000 actions): the benchmark's worst `k`. The workload to run
    /// under callgrind; `--toggle-collect='*profiledStepBack*'` counts only the keys.
    static func stepBack(_ path: String) {
        let screen = ViewerScreen(source: try! FileTraceSource(path: path), columns: columns, rows: rows)
        screen.jump(to: ViewerScenario.place(2, of: 7))
        profiledStepBack(screen)
        print(screen.selected ?? 0)
    }

    @inline(never)
    static func profiledStepBack(_ screen: ViewerScreen) {
        for _ in 0..<5 { screen.press(.character("k")) }
    }

    /// The child of ``memory(_:)``: every scenario once, then its own VmHWM. Its allocator is
    /// set as the `storescope` process sets it; `VIEWER_WALK_MALLOC=default` leaves glibc as it
    /// comes, `VIEWER_WALK_MALLOC=thresholds` raises only its thresholds (the viewer before it
    /// kept to one arena), to measure what each costs.
    static func walk(_ path: String) {
        ViewerAllocator.set(from: "VIEWER_WALK_MALLOC")
        let skipSlow = ProcessInfo.processInfo.environment["VIEWER_SLOW_REPETITIONS"] == "0"
        for scenario in scenarios where !(skipSlow && scenario.slow) { _ = scenario.measure(path: path, repetitions: 1) }
        print(ChildRun.ownPeakResident())
    }
}

/// Wall and thread-CPU samples of one measurement.
struct Timings {
    var wall: [Double] = [], cpu: [Double] = []

    mutating func time(_ body: () -> Void) {
        let start = Stopwatch.now(), startCPU = Stopwatch.threadCPUNanos()
        body()
        wall.append(Double(Stopwatch.now() - start))
        cpu.append(Double(Stopwatch.threadCPUNanos() - startCPU))
    }

    /// samples, wall median, wall worst, CPU median, CPU worst, goal, met (by the wall median
    /// and by the CPU worst: the machine is shared, so the wall worst may be another process's).
    func cells(goalMilliseconds goal: Double) -> [String] {
        let wallMedian = Samples(wall).median, cpuWorst = cpu.max() ?? 0
        let met = wallMedian <= goal * 1e6 && cpuWorst <= goal * 1e6
        return [
            "\(wall.count)", Report.nanos(wallMedian), Report.nanos(wall.max() ?? 0), Report.nanos(Samples(cpu).median), Report.nanos(cpuWorst),
            "≤ \(Int(goal)) ms", met ? "yes" : wallMedian <= goal * 1e6 ? "typical only" : "no",
        ]
    }
}
