import Foundation

/// Issue 10: `storescope stats` against `storescope cat --json | jq` computing the same
/// per-case counts and reducer percentiles, on a generated million-action trace of the users
/// state; both run as child processes of the release `storescope`, side by side in one run.
enum StatsBenchmarks {
    /// The same figures as `stats --json`'s `actionCase` rows, by jq from `cat --json`:
    /// per case the count and nearest-rank reducer p50/p90/p99/max. It keeps only a
    /// (case, reducer time) pair per action (accumulating arrays in a `reduce` is quadratic
    /// in jq 1.6).
    static let jqProgram = """
        def rank(p): .[((p * length + 99) / 100 | floor) - 1];
        [inputs | select(.kind == "action") | ["\\(.action["$type"]).\\(.action["$case"])", .reducerNanos]]
        | group_by(.[0])[] | (map(.[1]) | sort) as $r
        | {case: .[0][0], count: ($r | length), p50: ($r | rank(50)), p90: ($r | rank(90)), p99: ($r | rank(99)), max: $r[-1]}
        """

    static func run(actions: Int = Int(ProcessInfo.processInfo.environment["STATS_ACTIONS"] ?? "") ?? 1_000_000, repetitions: Int = 3) {
        let storescope = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("storescope").path
        guard FileManager.default.isExecutableFile(atPath: storescope) else {
            print("stats: build the CLI first: swift build -c release --product storescope\n")
            return
        }
        let directory = NSTemporaryDirectory() + "storescope-stats-bench-\(ProcessInfo.processInfo.processIdentifier)"
        try! FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let trace = directory + "/users.sstrace"
        var bytes: Int64 = 0
        let generation = Stopwatch.seconds { bytes = try! UsersTrace.write(actions: actions, to: trace) }
        print("## stats vs jq: \(actions) actions of the users state (1,000 users), trace \(Report.megabytes(Int(bytes))), generated in \(Report.fixed(generation, 1)) s\n")

        let statsOut = directory + "/stats.ndjson", jqOut = directory + "/jq.ndjson"
        let pipeline = "'\(storescope)' cat --json '\(trace)' | jq -n -c '\(jqProgram)'"
        var statsRuns: [ChildRun.Outcome] = []
        var jqRuns: [ChildRun.Outcome] = []
        // jq takes minutes on a million actions: it runs once, between the stats runs.
        for index in 0..<repetitions {
            statsRuns.append(ChildRun.run([storescope, "stats", "--json", trace], stdout: statsOut))
            if index == repetitions / 2 { jqRuns.append(ChildRun.run(["/bin/sh", "-c", pipeline], stdout: jqOut)) }
        }
        precondition(statsRuns.allSatisfy { $0.status == 0 } && jqRuns.allSatisfy { $0.status == 0 }, "a run failed")
        let agree = sameFigures(statsOut, jqOut)
        let stats = median(statsRuns.map(\.seconds)), jq = median(jqRuns.map(\.seconds))
        let statsPeak = statsRuns.map(\.peakBytes).max() ?? 0
        Report.table(["command", "median time", "actions/s", "peak RSS"], [
            ["storescope stats --json", Report.fixed(stats, 2) + " s", Report.rate(Double(actions), per: stats), Report.megabytes(statsPeak)],
            ["storescope cat --json | jq (same figures)", Report.fixed(jq, 2) + " s", Report.rate(Double(actions), per: jq),
             "\(Report.megabytes(jqRuns.map(\.peakBytes).max() ?? 0)) (largest of sh, cat, jq)"],
            ["speed-up", Report.fixed(jq / stats, 1) + "x", "", ""],
        ])
        print("stats: median of \(repetitions) runs; jq: one run, between them. Per-case counts and percentiles identical: \(agree ? "yes" : "NO")\n")
    }

    private static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted[sorted.count / 2]
    }

    /// Whether `stats --json`'s action cases and jq's rows hold the same numbers.
    private static func sameFigures(_ statsPath: String, _ jqPath: String) -> Bool {
        func rows(_ path: String) -> [[String: Any]] {
            let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
            return text.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        }
        func key(_ row: [String: Any]) -> String {
            let p = row["reducerNanos"] as? [String: Any] ?? row
            return ["case", "count"].map { "\(row[$0] ?? "")" }.joined(separator: " ") + " "
                + ["p50", "p90", "p99", "max"].map { "\(p[$0] ?? "")" }.joined(separator: " ")
        }
        let ours = rows(statsPath).filter { $0["kind"] as? String == "actionCase" }.map(key).sorted()
        let theirs = rows(jqPath).map(key).sorted()
        return !ours.isEmpty && ours == theirs
    }
}
