import Foundation
import StoreScopeTestSupport
import Testing

/// End-to-end tests of `storescope export`: the Chrome trace validated structurally with the
/// real `jq`, and NDJSON identical to `cat --json`.
@Suite("storescope export", .tags(.process))
struct ExportCommandTests {
    /// jq programs over a Chrome trace that must each print `true`.
    static let structuralChecks: [(String, String)] = [
        ("every event has ph, ts, pid and tid", ".traceEvents | all(has(\"ph\") and has(\"ts\") and has(\"pid\") and has(\"tid\"))"),
        ("async begins and ends pair up by id", "[.traceEvents[] | select(.ph == \"b\") | .id] as $b | [.traceEvents[] | select(.ph == \"e\") | .id] as $e | ($b | sort) == ($e | sort) and ($b | unique | length) == ($b | length)"),
        ("every flow start has one end and the reverse", "([.traceEvents[] | select(.ph == \"s\") | .id] | sort) == ([.traceEvents[] | select(.ph == \"f\") | .id] | sort)"),
        ("every flow end lands on a slice of its track", ".traceEvents as $all | [$all[] | select(.ph == \"f\")] | all(. as $f | any($all[]; .ph == \"X\" and .tid == $f.tid and .ts == $f.ts))"),
        ("every flow start lands on a slice of its track", ".traceEvents as $all | [$all[] | select(.ph == \"s\")] | all(. as $f | any($all[]; .ph == \"X\" and .tid == $f.tid and .ts == $f.ts))"),
        ("every action instant has its reducer slice", "[.traceEvents[] | select(.cat == \"action\") | .args.seq] == [.traceEvents[] | select(.cat == \"reducer\") | .args.seq]"),
    ]

    static func validate(_ chromeTrace: String) throws {
        for (what, program) in structuralChecks {
            let check = try Analysis.jq(["-e", program], input: chromeTrace)
            #expect(check.stdout == "true\n", "\(what): \(check.stdout)\(check.stderr)")
        }
    }

    @Test("export --format chrome-trace of the search sample is a valid trace: tracks, spans, flows")
    func chromeTraceOfASample() throws {
        let directory = try TemporaryDirectory()
        let trace = try Analysis.recordSample("search", in: directory)
        let export = try InProcess.storescope(["export", "--format", "chrome-trace", trace])
        #expect(export.status == 0, "stderr: \(export.stderr)")
        #expect(export.stderr.isEmpty)
        try Self.validate(export.stdout)

        let shape = try Analysis.jq(["-c", """
            [.traceEvents[] | select(.ph == "M") | .args.name],
            [.traceEvents[] | select(.ph == "i") | .name],
            [.traceEvents[] | select(.ph == "e") | .args.outcome],
            ([.traceEvents[] | select(.ph == "s")] | length)
            """], input: export.stdout)
        #expect(
            shape.stdout == """
                ["storescope-demo-search","store search"]
                ["SearchAction.search","SearchAction.search","SearchAction.setResults","SearchAction.search","SearchAction.search","SearchAction.setResults","session ended"]
                ["cancelled","finished","finished","failed","finished","finished"]
                8

                """, "6 action -> effect flows and 2 effect -> emitted action flows")
    }

    @Test("export --format chrome-trace of a session with two stores, a drop and a leak")
    func chromeTraceOfAWrittenSession() throws {
        let directory = try TemporaryDirectory()
        let trace = directory.path("checkout.sstrace")
        try CheckoutTrace.write(to: trace)
        let export = try InProcess.storescope(["export", "-f", "chrome-trace", trace])
        #expect(export.status == 0, "stderr: \(export.stderr)")
        try Self.validate(export.stdout)
        let facts = try Analysis.jq(["-c", """
            [.traceEvents[] | select(.ph == "M" and .name == "thread_name") | [.tid, .args.name]],
            [.traceEvents[] | select(.ph == "X" and .cat == "reducer") | [.tid, .ts, .dur]],
            [.traceEvents[] | select(.ph == "e") | [.id, .ts, .args]],
            [.traceEvents[] | select(.ph == "i" and .cat != "action") | .name]
            """], input: export.stdout)
        #expect(
            facts.stdout == #"""
                [[1,"store cart"],[2,"store session"]]
                [[1,1000,1],[1,2000,3],[1,3000,0.5],[2,5000,0.7],[1,10000,2],[1,20000,8],[1,1200000,1.5]]
                [["effect-1",10500,{"outcome":"finished"}],["effect-2",45000,{"outcome":"failed","error":"card declined"}],["effect-3",1300000,{"outcome":"running","leaked":true}]]
                ["dropped 2 actions","retry","session ended"]

                """#)
    }

    @Test("export --format ndjson is cat --json, and so are export and export --json; an unknown format is a usage error")
    func ndjsonAndUsage() throws {
        let directory = try TemporaryDirectory()
        let trace = directory.path("checkout.sstrace")
        try CheckoutTrace.write(to: trace)
        let export = try InProcess.storescope(["export", "--format=ndjson", trace])
        #expect(export.status == 0)
        #expect(export.stdout == (try InProcess.storescope(["cat", "--json", trace])).stdout)
        #expect(try Analysis.jq(["-s", "length"], input: export.stdout).stdout == "\(CheckoutTrace.records(.original).count)\n")

        // NDJSON by default, and --json as for every command (issue 19, item 23).
        for arguments in [["export", trace], ["export", "--json", trace], ["export", "--json", "--format", "ndjson", trace]] {
            let run = try InProcess.storescope(arguments)
            #expect(run.status == 0)
            #expect(run.stdout == export.stdout)
        }
        let both = try InProcess.storescope(["export", "--json", "--format", "chrome-trace", trace])
        #expect(both.status == 64)
        #expect(both.stderr.split(separator: "\n").first == "Error: --json is NDJSON: it does not go with --format chrome-trace")
        let unknown = try InProcess.storescope(["export", "--format", "csv", trace])
        #expect(unknown.status == 64)
        #expect(unknown.stderr.split(separator: "\n").first == "Error: unknown format 'csv' (available: ndjson, chrome-trace)")
    }
}
