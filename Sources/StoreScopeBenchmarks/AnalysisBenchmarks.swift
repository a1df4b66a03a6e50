import Foundation
import StoreScope
import TraceAnalysis

/// Issue 10: the session engine on a 1M-action trace of the users state (1,000 users)
/// written through the real TraceWriter: `state --at` random seqs in process and through the
/// real `storescope` binary, and the peak memory of `log`, `state`, `diff` and `blame`. CPU
/// times are reported next to wall times: on a shared machine they are the steadier figure.
/// Needs `storescope` built in release next to this executable (`swift build -c release`).
enum AnalysisBenchmarks {
    typealias State = UsersFixture.State
    typealias Action = UsersFixture.Action

    static func run() {
        let actions = 1_000_000, users = 1_000
        // STORESCOPE_ANALYSIS_TRACE names a trace to keep (and reuse when it exists).
        let kept = ProcessInfo.processInfo.environment["STORESCOPE_ANALYSIS_TRACE"]
        let path = kept ?? RecorderBenchmarks.temporaryPath("analysis")
        defer { if kept == nil { unlink(path) } }
        let reused = FileManager.default.fileExists(atPath: path)
        let recordSeconds = reused ? 0 : Stopwatch.seconds { record(actions: actions, users: users, to: path) }
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        print("## Session engine: \(actions) actions of the users state (\(users) users)\n")
        print(reused ? "Reused \(path) (\(Report.megabytes(size))).\n" : "Written in \(Report.fixed(recordSeconds, 1)) s: \(Report.megabytes(size)).\n")

        let session = try! TraceSession(path: path)
        let last = session.seqRange!.upperBound
        var random = SystemRandomNumberGenerator()
        var engine: [Double] = [], engineCPU: [Double] = []
        for _ in 0..<500 {
            let seq = UInt64.random(in: 0...last, using: &random)
            let start = Stopwatch.now(), startCPU = threadCPUNanos()
            let fresh = try! TraceSession(path: path)
            precondition(fresh.state(of: "users", after: seq).value != nil, "state after #\(seq) is known")
            engine.append(Double(Stopwatch.now() - start))
            engineCPU.append(Double(threadCPUNanos() - startCPU))
        }
        _ = session
        let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("storescope").path
        var process: [Double] = [], processCPU: [Double] = []
        var rows: [[String]] = []
        rows.append([
            "engine: open + state after a random seq (500 seqs)", Report.nanos(Samples(engine).median), Report.nanos(Samples(engine).sorted.last!),
            Report.nanos(Samples(engineCPU).median), Report.nanos(Samples(engineCPU).sorted.last!), "", "",
        ])
        if FileManager.default.isExecutableFile(atPath: binary) {
            var stateRSS: [Int] = []
            for _ in 0..<50 {
                let seq = UInt64.random(in: 1...last, using: &random)
                let run = spawn(binary, ["state", path, "--at", "\(seq)", "--json"])
                process.append(run.seconds * 1e9)
                processCPU.append(run.cpuSeconds * 1e9)
                stateRSS.append(run.maxRSSKiB)
            }
            rows.append([
                "storescope state --at a random seq --json (50 runs)", Report.nanos(Samples(process).median), Report.nanos(Samples(process).sorted.last!),
                Report.nanos(Samples(processCPU).median), Report.nanos(Samples(processCPU).sorted.last!),
                Report.fixed(Double(stateRSS.max()!) / 1024, 1) + " MiB", "",
            ])
            let commands: [(String, [String])] = [
                ("storescope log (every action)", ["log", path]),
                ("storescope log 'path:.users[*].name and seq:500000..'", ["log", path, "path:.users[*].name and seq:500000.."]),
                ("storescope state --at end", ["state", path, "--at", "end"]),
                ("storescope diff --from 1 --to end", ["diff", path, "--from", "1", "--to", "end"]),
                ("storescope blame .isLoading", ["blame", path, ".isLoading"]),
            ]
            for (name, arguments) in commands {
                let run = spawn(binary, arguments)
                rows.append([
                    name, Report.fixed(run.seconds, 2) + " s", "", Report.fixed(run.cpuSeconds, 2) + " s", "",
                    Report.fixed(Double(run.maxRSSKiB) / 1024, 1) + " MiB", "\(run.status)",
                ])
            }
        } else {
            print("(storescope not found next to the benchmark: build it with `swift build -c release`)\n")
        }
        Report.table(["query", "wall median", "wall worst", "CPU median", "CPU worst", "peak RSS", "exit"], rows)
    }

    /// Writes `actions` actions with the real TraceWriter as the recorder would (same capture,
    /// diff and keyframe policy: a keyframe every 10,000 actions): mostly renames and
    /// isLoading flips, plus a user inserted and removed again every 100 actions.
    static func record(actions: Int, users: Int, to path: String) {
        let header = SessionHeader(
            sessionID: Array(repeating: 7, count: 16), appName: "bench", storeName: "users", startWallNanos: 0,
            startMonotonicNanos: 0, schemaFingerprint: 0)
        let writer = try! TraceWriter(path: path, header: header)
        var state = UsersFixture.state(users: users)
        try! writer.append(.keyframe(Keyframe(seq: 0, store: "users", state: captureValue(state))))
        for step in 1...actions {
            let action: Action
            switch step % 100 {
            case 0: action = .insertFront(UsersFixture.makeUser(id: users + step))
            case 50: action = .remove(id: users + step - 50)
            case let n where n % 2 == 0: action = .setLoading(step % 4 == 0)
            default: action = .rename(index: step % users, name: "Renamed \(step)")
            }
            let before = state
            UsersFixture.reduce(&state, action)
            let seq = UInt64(step), time = UInt64(step) * 10_000
            try! writer.append(.action(ActionRecord(
                seq: seq, store: "users", monotonicNanos: time, wallNanos: Int64(time), reducerNanos: 800, action: captureValue(action))))
            if step % 10_000 == 0 {
                try! writer.append(.keyframe(Keyframe(seq: seq, store: "users", state: captureValue(state))))
            } else {
                let operations = capturePatch(from: before, to: state)
                if !operations.isEmpty { try! writer.append(.patch(StatePatch(seq: seq, store: "users", operations: operations))) }
            }
        }
        try! writer.close()
    }

    /// Runs `binary` with output to /dev/null and returns its exit status, wall time and
    /// peak resident memory (from wait4's rusage).
    static func spawn(_ binary: String, _ arguments: [String]) -> (status: Int32, seconds: Double, cpuSeconds: Double, maxRSSKiB: Int) {
        let start = Stopwatch.now()
        guard case let .success(pid) = ChildRun.spawn([binary] + arguments, opening: [(1, "/dev/null", O_WRONLY), (2, "/dev/null", O_WRONLY)]) else {
            return (-1, 0, 0, 0)
        }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
        let seconds = Double(Stopwatch.now() - start) / 1e9
        let cpu = Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
        return ((status >> 8) & 0xFF, seconds, cpu, ChildRun.peakBytes(usage) / 1024)
    }

    /// CPU time of the calling thread: unlike wall time, not inflated by other processes.
    static func threadCPUNanos() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }
}
