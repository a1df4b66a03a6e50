import Foundation
import StoreScopeTestSupport
import Testing
import TraceFormat

/// End-to-end tests of `storescope effects` on a recorded sample session and on a written
/// session with a failed and a leaked effect.
@Suite("storescope effects", .tags(.process))
struct EffectsCommandTests {
    @Test("effects lists the search sample's effects with parent, emitted actions and outcome (times normalized)")
    func listsTheSampleEffects() throws {
        let directory = try TemporaryDirectory()
        let trace = try Analysis.recordSample("search", in: directory)
        let effects = try InProcess.storescope(["effects", trace])
        #expect(effects.status == 0, "stderr: \(effects.stderr)")
        #expect(effects.stderr.isEmpty)
        let location = "(StoreScopeSamples/UnidirectionalFlow.swift:61)"
        #expect(
            Analysis.normalized(effects.stdout) == """
                effect 1 "SearchMiddleware" in search, started by #1 at +T \(location), cancelled after D
                effect 2 "SearchMiddleware" in search, started by #2 at +T \(location), emitted #3, finished after D
                effect 3 "SearchMiddleware" in search, started by #3 at +T \(location), finished after D
                effect 4 "SearchMiddleware" in search, started by #4 at +T \(location), FAILED after D: 403 rate limit exceeded
                effect 5 "SearchMiddleware" in search, started by #5 at +T \(location), emitted #6, finished after D
                effect 6 "SearchMiddleware" in search, started by #6 at +T \(location), finished after D
                6 effects: 4 finished, 1 cancelled, 1 failed, 0 running at the end

                """)

        let json = try InProcess.storescope(["effects", "--json", trace])
        #expect(json.status == 0)
        let summary = try Analysis.jq(["-c", "-s", "map([.effect, .parentSeq, .emitted, .outcome, .leaked, .end > .start])"], input: json.stdout)
        #expect(summary.status == 0, "jq: \(summary.stderr)")
        #expect(
            summary.stdout == #"""
                [[1,1,[],"cancelled",false,true],[2,2,[3],"finished",false,true],[3,3,[],"finished",false,true],[4,4,[],"failed",false,true],[5,5,[6],"finished",false,true],[6,6,[],"finished",false,true]]

                """#)
    }

    /// Issue 39, item 9: a polling effect's 300 emitted seqs filled one line.
    @Test("an effect that emitted hundreds of actions lists runs as ranges, and past eight runs the count, the first and the last; --json lists every one")
    func manyEmittedActions() throws {
        let directory = try TemporaryDirectory()
        let trace = directory.path("poll.sstrace")
        let writer = try TraceWriter(path: trace, header: TraceFixture.header(app: "Mail", store: "inbox", schemaFingerprint: 1))
        func action(_ seq: UInt64) throws {
            try writer.append(.action(ActionRecord(
                seq: seq, store: "inbox", monotonicNanos: seq * 1_000, wallNanos: 0, reducerNanos: 10,
                action: .enumeration(type: "InboxAction", caseName: seq == 1 ? "startPolling" : "pollTick", payload: []))))
        }
        try writer.append(.keyframe(Keyframe(seq: 0, store: "inbox", state: .structure(type: "Inbox", fields: []))))
        try action(1)
        try writer.append(.effectStarted(EffectStarted(effectID: 1, name: "poll", store: "inbox", parentSeq: 1, monotonicNanos: 1_500)))
        try writer.append(.effectStarted(EffectStarted(effectID: 2, name: "burst", store: "inbox", parentSeq: 1, monotonicNanos: 1_600)))
        // Effect 1 emits the even seqs up to #600 (300 runs of one), effect 2 #602…#606 (one run).
        for seq in 2...606 as ClosedRange<UInt64> {
            if seq % 2 == 0 || seq > 601 {
                try writer.append(.effectEmitted(EffectEmitted(effectID: seq > 601 ? 2 : 1, actionSeq: seq, monotonicNanos: seq * 1_000 - 1)))
            }
            try action(seq)
        }
        try writer.append(.effectEnded(EffectEnded(effectID: 2, outcome: .finished, monotonicNanos: 607_000)))
        try writer.close()
        let effects = try InProcess.storescope(["effects", trace])
        let lines = effects.stdout.split(separator: "\n")
        #expect(lines.first?.contains(", emitted 300 actions, #2 #4 #6 #8 #10 #12 … #598 #600, ") == true, "\(effects.stdout)")
        #expect(lines.dropFirst().first?.contains(", emitted #602…#606, finished") == true, "\(effects.stdout)")
        let json = try InProcess.storescope(["effects", "--json", trace])
        let counts = try Analysis.jq(["-c", "-s", "map(.emitted | length)"], input: json.stdout)
        #expect(counts.stdout == "[300,5]\n", "\(counts.stdout)")
    }

    @Test("effects flags an effect still running at the session end as leaked, and filters by --running, --failed, --slower-than")
    func flagsLeaksAndFilters() throws {
        let directory = try TemporaryDirectory()
        let trace = directory.path("checkout.sstrace")
        try CheckoutTrace.write(to: trace)

        let all = try InProcess.storescope(["effects", trace])
        #expect(all.status == 0, "stderr: \(all.stderr)")
        #expect(
            all.stdout == """
                effect 1 "loadPrices" in cart, started by #3 at +0.003100s, emitted #5, finished after 7.4ms
                effect 2 "charge" in cart, started by #6 at +0.020100s (Checkout/Payments.swift:42), FAILED after 24.9ms: card declined
                effect 3 "poll" in cart, started by #6 at +0.020200s, LEAKED: still running when the session ended (1.3s)
                3 effects: 1 finished, 0 cancelled, 1 failed, 1 running at the end

                """)

        let running = try InProcess.storescope(["effects", "--running", trace])
        #expect(
            running.stdout == """
                effect 3 "poll" in cart, started by #6 at +0.020200s, LEAKED: still running when the session ended (1.3s)
                3 effects: 1 finished, 0 cancelled, 1 failed, 1 running at the end (1 shown)

                """)
        let failed = try InProcess.storescope(["effects", "--failed", "--json", trace])
        #expect(
            failed.stdout == #"""
                {"effect":2,"name":"charge","store":"cart","parentSeq":6,"location":"Checkout/Payments.swift:42","start":20100000,"end":45000000,"durationNanos":24900000,"outcome":"failed","error":"card declined","emitted":[],"leaked":false}

                """#)
        let slow = try InProcess.storescope(["effects", "--slower-than", "10ms", "--json", trace])
        #expect(try Analysis.jq(["-c", "-s", "map(.effect)"], input: slow.stdout).stdout == "[2,3]\n")
        // The words of the filter language's durations, hours included.
        let none = try InProcess.storescope(["effects", "--slower-than", "1h", "--json", trace])
        #expect(none.status == 0 && none.stdout.isEmpty, "\(none.stderr)")
        let leaked = try Analysis.jq(["-c", "-s", "map(select(.leaked)) | map(.name)"], input: try InProcess.storescope(["effects", "--json", trace]).stdout)
        #expect(leaked.stdout == "[\"poll\"]\n")
    }

    @Test("effects with a malformed duration or an unknown flag is a usage error with a one-line reason")
    func usageErrors() throws {
        let bad = try InProcess.storescope(["effects", "--slower-than", "10", "x.sstrace"])
        #expect(bad.status == 64)
        #expect(bad.stdout.isEmpty)
        #expect(bad.stderr.split(separator: "\n").first == "Error: option '--slower-than' needs a duration such as 250us, 1.5ms or 2s, not '10'")
        let unknown = try InProcess.storescope(["effects", "--leaks", "x.sstrace"])
        #expect(unknown.status == 64)
        #expect(unknown.stderr.split(separator: "\n").first == "Error: unknown option '--leaks'")
    }
}
