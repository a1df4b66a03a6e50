import Foundation

/// Issues 10 and 40: `storescope stats` against `storescope cat --json | jq` and against
/// DuckDB over the exported NDJSON, each computing the same per-case counts and reducer
/// percentiles, on a generated million-action trace of the users state; all run as child
/// processes, side by side in one run.
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

    /// The same figures by DuckDB (Python package `duckdb`) from the NDJSON `storescope
    /// export` writes, read with the columns the query needs declared (its fastest way to read
    /// it: no schema inference over the states), one JSON row per case; nearest rank as
    /// `list_sort(...)[ceil(p·n/100)]` (1-based).
    static let duckDBScript = """
        import duckdb, json, sys
        rank = lambda p: f"list_sort(list(reducerNanos))[({p} * count(*) + 99) // 100]"
        source = f\"\"\"read_json('{sys.argv[1]}', format='newline_delimited',
            columns={{kind: 'VARCHAR', reducerNanos: 'UBIGINT', action: 'STRUCT("$type" VARCHAR, "$case" VARCHAR)'}})\"\"\"
        query = f\"\"\"SELECT action."$type" || '.' || action."$case", count(*), {rank(50)}, {rank(90)}, {rank(99)}, max(reducerNanos)
            FROM {source} WHERE kind = 'action' GROUP BY 1\"\"\"
        for row in duckdb.connect().execute(query).fetchall():
            print(json.dumps(dict(zip(["case", "count", "p50", "p90", "p99", "max"], row))))
        """

    static func run(actions: Int = Int(ProcessInfo.processInfo.environment["STATS_ACTIONS"] ?? "") ?? 1_000_000, repetitions: Int = 5) {
        let storescope = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("storescope").path
        guard FileManager.default.isExecutableFile(atPath: storescope) else {
            print("stats: build the CLI first: swift build -c release --product storescope\n")
            return
        }
        let directory = NSTemporaryDirectory() + "storescope-stats-bench-\(ProcessInfo.processInfo.processIdentifier)"
        try! FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let trace = directory + "/users.sstrace", ndjson = directory + "/users.ndjson", script = directory + "/figures.py"
        var bytes: Int64 = 0
        let generation = Stopwatch.seconds { bytes = try! UsersTrace.write(actions: actions, to: trace) }
        print("## stats vs jq and DuckDB: \(actions) actions of the users state (1,000 users), trace \(Report.megabytes(Int(bytes))), generated in \(Report.fixed(generation, 1)) s\n")
        let export = ChildRun.run([storescope, "export", trace], stdout: ndjson)
        let ndjsonBytes = (try? FileManager.default.attributesOfItem(atPath: ndjson)[.size] as? Int) ?? 0
        try! duckDBScript.write(toFile: script, atomically: true, encoding: .utf8)
        let hasDuckDB = ChildRun.run(["/bin/sh", "-c", "python3 -c 'import duckdb'"], stdout: "/dev/null").status == 0
        print("`storescope export` wrote \(Report.megabytes(ndjsonBytes)) of NDJSON in \(Report.fixed(export.seconds, 1)) s (not counted below)\(hasDuckDB ? "" : "; DuckDB not installed (pip install duckdb): its row is left out").\n")

        let statsOut = directory + "/stats.ndjson", jqOut = directory + "/jq.ndjson", duckOut = directory + "/duckdb.ndjson"
        let pipeline = "'\(storescope)' cat --json '\(trace)' | jq -n -c '\(jqProgram)'"
        var statsRuns: [ChildRun.Outcome] = [], duckRuns: [ChildRun.Outcome] = [], jqRuns: [ChildRun.Outcome] = []
        let loadBefore = loadAverage()
        // Interleaved, in alternating order, so both see the same machine; jq takes a minute
        // or more on a million actions: it runs once, in the middle.
        for index in 0..<repetitions {
            let duck = { if hasDuckDB { duckRuns.append(ChildRun.run(["/usr/bin/env", "python3", script, ndjson], stdout: duckOut)) } }
            if index % 2 == 0 { duck() }
            statsRuns.append(ChildRun.run([storescope, "stats", "--json", trace], stdout: statsOut))
            if index % 2 == 1 { duck() }
            if index == repetitions / 2 { jqRuns.append(ChildRun.run(["/bin/sh", "-c", pipeline], stdout: jqOut)) }
        }
        let loadAfter = loadAverage()
        precondition((statsRuns + duckRuns + jqRuns).allSatisfy { $0.status == 0 }, "a run failed")
        let stats = median(statsRuns.map(\.seconds)), statsCPU = median(statsRuns.map(\.cpuSeconds))
        let jq = median(jqRuns.map(\.seconds))
        func row(_ name: String, _ runs: [ChildRun.Outcome], _ peakNote: String = "") -> [String] {
            let wall = median(runs.map(\.seconds)), cpu = median(runs.map(\.cpuSeconds))
            return [
                name, Report.fixed(wall, 2) + " s", Report.fixed(cpu, 2) + " s", Report.rate(Double(actions), per: wall),
                Report.megabytes(runs.map(\.peakBytes).max() ?? 0) + peakNote,
                Report.fixed(wall / stats, 1) + "x", Report.fixed(cpu / statsCPU, 1) + "x",
            ]
        }
        var rows = [row("storescope stats --json (median of \(repetitions))", statsRuns)]
        if hasDuckDB { rows.append(row("DuckDB over the NDJSON (median of \(repetitions))", duckRuns)) }
        rows.append(row("storescope cat --json | jq (one run)", jqRuns, " (largest of sh, cat, jq)"))
        Report.table(["command", "wall", "CPU", "actions/s", "peak RSS", "wall / stats", "CPU / stats"], rows)
        let agree = (hasDuckDB ? [jqOut, duckOut] : [jqOut]).map { sameFigures(statsOut, $0) }
        print("""
            Load average (1 min) \(loadBefore) before, \(loadAfter) after. jq / stats: \(Report.fixed(jq / stats, 1))x. \
            Per-case counts and percentiles identical: jq \(agree[0] ? "yes" : "NO")\(hasDuckDB ? ", DuckDB \(agree[1] ? "yes" : "NO")" : "")

            """)
    }

    private static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted.isEmpty ? .nan : sorted[sorted.count / 2]
    }

    /// The 1-minute load average (`getloadavg(3)`; `?` when it cannot be read).
    private static func loadAverage() -> String {
        var loads = [0.0]
        return getloadavg(&loads, 1) == 1 ? Report.fixed(loads[0], 2) : "?"
    }

    /// Whether `stats --json`'s action cases and another tool's rows hold the same numbers.
    private static func sameFigures(_ statsPath: String, _ otherPath: String) -> Bool {
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
        let theirs = rows(otherPath).map(key).sorted()
        return !ours.isEmpty && ours == theirs
    }
}
