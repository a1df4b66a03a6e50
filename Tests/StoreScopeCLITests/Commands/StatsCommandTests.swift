import Foundation
import StoreScopeTestSupport
import Testing

/// End-to-end tests of `storescope stats`: exact figures on a written session, the same
/// per-case counts and percentiles as `jq` computes from `cat --json`, and a recorded sample.
@Suite("storescope stats", .tags(.process))
struct StatsCommandTests {
    @Test("stats reports actions, reducer percentiles per case, effects, no-ops, state size, drops and rate")
    func reportsTheWrittenSession() throws {
        let directory = try TemporaryDirectory()
        let trace = directory.path("checkout.sstrace")
        try CheckoutTrace.write(to: trace)
        let stats = try InProcess.storescope(["stats", trace])
        #expect(stats.status == 0, "stderr: \(stats.stderr)")
        #expect(stats.stderr.isEmpty)
        #expect(
            stats.stdout == """
                actions: 7 (#1…#9) in 2 stores (cart, session)

                reducer time per action case:
                  action                   count  no-op    p50    p90    p99    max
                  CartAction.add               3      0  1.5µs    3µs    3µs    3µs
                  CartAction.refresh           1      1  500ns  500ns  500ns  500ns
                  SessionAction.login          1      0  700ns  700ns  700ns  700ns
                  CartAction.pricesLoaded      1      0    2µs    2µs    2µs    2µs
                  CartAction.checkout          1      0    8µs    8µs    8µs    8µs

                effect duration per name (ended effects):
                  effect      count  finished  cancelled  failed  running     p50     p90     p99     max
                  loadPrices      1         1          0       0        0   7.4ms   7.4ms   7.4ms   7.4ms
                  charge          1         0          0       1        0  24.9ms  24.9ms  24.9ms  24.9ms
                  poll            1         0          0       0        1       -       -       -       -

                no-op actions: 1 of 7 left the state unchanged (1 with a keyframe not judged)

                state size (nodes) per store:
                  cart: 7 at the end (after #9); peak 7 after #9
                  session: unknown at the end (3 after #4, then records were lost); peak 3 after #4

                state size (nodes) at keyframes:
                  #0 cart: 4
                  #0 session: 2
                  #9 cart: 7

                drops: 2 actions lost by the recorder in 1 drop
                  #7…#8 (2 actions)
                gaps: none

                action rate (actions per 1s, since the session start):
                  from  actions
                  +0s         6
                  +1s         1

                """)
    }

    @Test("stats --json gives the per-case counts and reducer percentiles jq computes from cat --json")
    func agreesWithJqOverCatJSON() throws {
        let directory = try TemporaryDirectory()
        let trace = directory.path("checkout.sstrace")
        try CheckoutTrace.write(to: trace)
        let stats = try InProcess.storescope(["stats", "--json", trace])
        #expect(stats.status == 0, "stderr: \(stats.stderr)")
        let ours = try Analysis.jq(["-c", "-s", "map(select(.kind == \"actionCase\")) | map({case, count, p: .reducerNanos}) | sort_by(.case)"], input: stats.stdout)

        let cat = try InProcess.storescope(["cat", "--json", trace])
        let theirs = try Analysis.jq(["-c", "-s", StatsCommandTests.jqPerCase], input: cat.stdout)
        #expect(ours.status == 0 && theirs.status == 0, "jq: \(ours.stderr)\(theirs.stderr)")
        #expect(ours.stdout == theirs.stdout)
        #expect(ours.stdout.hasPrefix(#"[{"case":"CartAction.add","count":3,"p":{"p50":1500,"p90":3000,"p99":3000,"max":3000}}"#))

        let session = try Analysis.jq(["-c", "select(.kind == \"session\")"], input: stats.stdout)
        #expect(session.stdout == #"{"kind":"session","actions":7,"noOps":1,"unjudged":1,"unjudgedByReferences":0,"referenceTypes":[],"stores":["cart","session"],"firstSeq":1,"lastSeq":9,"droppedActions":2,"missing":[]}"# + "\n")
        let sizes = try Analysis.jq(["-c", "-s", "map(select(.kind == \"stateSize\") | [.seq, .store, .nodes])"], input: stats.stdout)
        #expect(sizes.stdout == #"[[0,"cart",4],[0,"session",2],[9,"cart",7]]"# + "\n")
    }

    /// Per-case counts and nearest-rank reducer percentiles, computed by jq from `cat --json`.
    static let jqPerCase = """
        def rank(p): .[((p * length + 99) / 100 | floor) - 1];
        map(select(.kind == "action") | {case: "\\(.action["$type"]).\\(.action["$case"])", r: .reducerNanos})
        | group_by(.case)
        | map((map(.r) | sort) as $r | {case: .[0].case, count: length, p: {p50: ($r | rank(50)), p90: ($r | rank(90)), p99: ($r | rank(99)), max: $r[-1]}})
        | sort_by(.case)
        """

    @Test("stats on the todos sample names each mutation case and effect (durations normalized)")
    func reportsASample() throws {
        let directory = try TemporaryDirectory()
        let trace = try Analysis.recordSample("todos", in: directory)
        let stats = try InProcess.storescope(["stats", trace])
        #expect(stats.status == 0, "stderr: \(stats.stderr)")
        #expect(
            Analysis.normalized(stats.stdout) == """
                actions: 5 (#1…#5) in 1 store (todos)

                reducer time per action case:
                 action count no-op p50 p90 p99 max
                 TodoMutation.loaded 1 0 D D D D
                 TodoMutation.added 1 0 D D D D
                 TodoMutation.toggled 1 0 D D D D
                 TodoMutation.imported 2 0 D D D D

                effect duration per name (ended effects):
                 effect count finished cancelled failed running p50 p90 p99 max
                 LoadTodos 1 1 0 0 0 D D D D
                 AddTodo 1 1 0 0 0 D D D D
                 ToggleTodo 1 1 0 0 0 D D D D
                 ImportSharedList 1 0 1 0 0 D D D D
                 SaveTodos 1 0 0 1 0 D D D D

                no-op actions: 0 of 5 left the state unchanged

                state size (nodes) per store:
                 todos: 23 at the end (after #5); peak 23 after #5

                state size (nodes) at keyframes:
                 #0 todos: 3

                drops: none
                gaps: none

                action rate (actions per D, since the session start):
                 from actions
                 +D 5

                """)
    }

    @Test("stats shows progress on standard error when it is a terminal, and only then")
    func progressOnlyOnATerminal() throws {
        let directory = try TemporaryDirectory()
        let trace = directory.path("checkout.sstrace")
        try CheckoutTrace.write(to: trace, chunkSize: 200)
        let storescope = try ProductLocator.url(of: "storescope").path
        // script(1) runs the command on a pseudo-terminal: both streams are a TTY there.
        let onTTY = try ChildProcess.run(URL(fileURLWithPath: "/usr/bin/script"), ["-qec", "'\(storescope)' stats '\(trace)'", "/dev/null"])
        #expect(onTTY.status == 0, "\(onTTY.stdout)")
        #expect(onTTY.stdout.contains("reading \(trace) 0%"), "\(onTTY.stdout)")
        #expect(onTTY.stdout.contains("\r\u{1B}[K"), "the progress line is erased")
        let piped = try InProcess.storescope(["stats", trace])
        #expect(piped.stderr.isEmpty, "no progress in a pipe")
    }
}
