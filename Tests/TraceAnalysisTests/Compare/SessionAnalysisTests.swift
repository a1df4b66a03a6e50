import Testing
import TraceAnalysis

/// The pieces under `effects`, `stats` and `compare`, fed records directly.
@Suite("Session analysis")
struct SessionAnalysisTests {
    @Test("Percentiles are nearest-rank: p50 of 1...4 is 2, p90 of 1...10 is 9, p99 of 1...100 is 99")
    func nearestRankPercentiles() throws {
        var four: [UInt64] = [4, 1, 3, 2]
        let small = try #require(Percentiles(sorting: &four))
        #expect([small.p50, small.p90, small.p99, small.max] == [2, 4, 4, 4])
        var ten = Array(UInt64(1)...10)
        #expect(Percentiles(sorting: &ten)?.p90 == 9)
        var hundred = Array(UInt64(1)...100).reversed() as [UInt64]
        let large = try #require(Percentiles(sorting: &hundred))
        #expect([large.p50, large.p90, large.p99, large.max] == [50, 90, 99, 100])
        var none: [UInt64] = []
        #expect(Percentiles(sorting: &none) == nil)
    }

    @Test("Percentiles found by selection are those read off the sorted values, whatever their order and repeats")
    func percentilesBySelectionMatchSorting() throws {
        var generator = SystemRandomNumberGenerator()
        var inputs: [[UInt64]] = []
        for count in [1, 2, 3, 15, 16, 17, 18, 99, 100, 101, 257, 1_000, 20_011] {
            inputs.append((0..<count).map { _ in UInt64.random(in: 0...1_000_000, using: &generator) })
            inputs.append((0..<count).map { _ in UInt64.random(in: 0...3, using: &generator) })
            inputs.append((0..<count).map { UInt64($0) })
            inputs.append((0..<count).map { UInt64(count - $0) })
            inputs.append(Array(repeating: 7, count: count))
            // Organ pipe and a sawtooth: orders that trouble naive pivots.
            inputs.append((0..<count).map { UInt64(min($0, count - $0)) })
            inputs.append((0..<count).map { UInt64($0 % 10) * 1_000 + UInt64($0) })
        }
        for input in inputs {
            let sorted = input.sorted()
            func rank(_ percent: Int) -> UInt64 { sorted[(percent * sorted.count + 99) / 100 - 1] }
            var values = input
            let found = try #require(Percentiles(sorting: &values))
            #expect([found.p50, found.p90, found.p99, found.max] == [rank(50), rank(90), rank(99), sorted.last!], "\(input.count) values")
            #expect(values.sorted() == sorted, "reordered, none lost")
        }
    }

    @Test("An effect open when a damaged part was skipped is not called leaked; one started after it is")
    func gapsSuspendLeakJudgement() {
        var effects = EffectLifetimes()
        effects.add(.record(.effectStarted(EffectStarted(effectID: 1, name: "a", store: "s", parentSeq: nil, monotonicNanos: 10))))
        effects.add(.gap)
        effects.add(.record(.effectStarted(EffectStarted(effectID: 2, name: "b", store: "s", parentSeq: nil, monotonicNanos: 20))))
        effects.add(.record(.effectEmitted(EffectEmitted(effectID: 9, actionSeq: 3, monotonicNanos: 30))))
        effects.add(.record(.sessionEnded(SessionEnded(monotonicNanos: 50, wallNanos: 0))))
        #expect(effects.lifetimes.map(\.endMayBeMissing) == [true, false])
        #expect(effects.lifetimes.map { $0.duration(traceEndNanos: effects.traceEndNanos) } == [40, 30])
        #expect(effects.unmatchedEvents == 1)
        #expect(effects.sessionEnded)
    }

    @Test("Action steps give the state after each action, unknown after a gap until the next keyframe")
    func stepsAcrossAGap() {
        func state(_ n: Int64) -> TraceValue { .structure(type: "S", fields: [.init("n", .int(n))]) }
        func action(_ seq: UInt64) -> SourceItem {
            .record(.action(ActionRecord(seq: seq, store: "s", monotonicNanos: seq, wallNanos: 0, reducerNanos: 1, action: .string("go"))))
        }
        func patch(_ seq: UInt64) -> SourceItem {
            .record(.patch(StatePatch(seq: seq, store: "s", operations: [.set(path: [.field("n")], value: .int(Int64(seq)))])))
        }
        let items: [SourceItem] = [
            .record(.keyframe(Keyframe(seq: 0, store: "s", state: state(0)))), action(1), patch(1), action(2), .gap, action(3), patch(3),
            action(4), .record(.keyframe(Keyframe(seq: 4, store: "s", state: state(4)))), action(5), patch(5),
        ]
        let steps = Array(ActionSteps(AnyIterator(items.makeIterator())))
        #expect(steps.map(\.action.seq) == [1, 2, 3, 4, 5])
        #expect(steps.map(\.state) == [state(1), nil, nil, state(4), state(5)])
    }

    @Test("The action rate uses the narrowest round width that fits in ten buckets")
    func rateBuckets() {
        var rate = ActionRate()
        for millis: UInt64 in [0, 50, 950, 1_000, 14_999] { rate.count(atNanos: millis * 1_000_000) }
        let buckets = rate.buckets
        #expect(buckets.map(\.widthNanos) == Array(repeating: 2_000_000_000, count: 8))
        #expect(buckets.map(\.actions) == [4, 0, 0, 0, 0, 0, 0, 1])
    }

    @Test("stats judges an action without a patch a no-op, one with a keyframe not at all, and names cases Type.case")
    func noOpsAndCaseNames() {
        var stats = SessionStats(startMonotonicNanos: 0)
        let tap = TraceValue.enumeration(type: "ViewAction", caseName: "tap", payload: [])
        for seq in UInt64(1)...3 {
            stats.add(.action(ActionRecord(seq: seq, store: "s", monotonicNanos: seq, wallNanos: 0, reducerNanos: seq * 100, action: tap)))
            if seq == 2 { stats.add(.patch(StatePatch(seq: 2, store: "s", operations: [.remove(path: [.index(0)])]))) }
            if seq == 3 { stats.add(.keyframe(Keyframe(seq: 3, store: "s", state: .array([])))) }
        }
        stats.add(.action(ActionRecord(seq: 4, store: "s", monotonicNanos: 4, wallNanos: 0, reducerNanos: 5, action: .structure(type: "Reload", fields: []))))
        stats.finish()
        #expect(stats.actionCases.map(\.name) == ["ViewAction.tap", "Reload"])
        #expect(stats.actionCases.map(\.noOps) == [1, 1])
        #expect(stats.noOps == 2)
        #expect(stats.unjudged == 1)
        let reducer = stats.actionCases[0].reducer
        #expect([reducer?.p50, reducer?.p90, reducer?.p99, reducer?.max] == [200, 300, 300, 300])
    }
}
