import Foundation
@testable import StoreScope
import StoreScopeTestSupport
import Testing
import TraceFormat

/// The store thread's ticks (``TickSource``) and their conversion into the nanoseconds records
/// carry (``TickConversion``).
@Suite struct RecorderTickTimesTests {
    // MARK: - Conversion

    @Test func ticksBetweenTwoAnchorsAreInterpolatedNeverExtrapolated() {
        var conversion = TickConversion(start: TickAnchor(ticks: 1_000, nanos: 50_000, widthTicks: 0))
        conversion.add(TickAnchor(ticks: 4_000, nanos: 51_000, widthTicks: 0))
        #expect(conversion.nanos(atTicks: 1_000) == 50_000)
        #expect(conversion.nanos(atTicks: 2_500) == 50_500)
        #expect(conversion.nanos(atTicks: 3_997) == 50_999)
        #expect(conversion.nanos(atTicks: 4_000) == 51_000)
        // Past the latest anchor: its time; before the first: the first's.
        #expect(conversion.nanos(atTicks: 9_000) == 51_000)
        #expect(conversion.nanos(atTicks: 10) == 50_000)
        // A second segment at another rate (the clock steered between anchors).
        conversion.add(TickAnchor(ticks: 6_000, nanos: 52_000, widthTicks: 0))
        #expect(conversion.nanos(atTicks: 5_000) == 51_500)
        #expect(conversion.nanos(atTicks: 3_000) == 50_666)
    }

    @Test func ticksOlderThanTheRecentAnchorsAreInterpolatedFromTheStartAnchor() {
        var conversion = TickConversion(start: TickAnchor(ticks: 0, nanos: 0, widthTicks: 0))
        for pass in 1...(TickConversion.recentAnchors + 10) {
            conversion.add(TickAnchor(ticks: UInt64(pass) * 1_000 + 100_000, nanos: UInt64(pass) * 2_000 + 200_000, widthTicks: 0))
        }
        #expect(conversion.anchors.count == 1 + TickConversion.recentAnchors)
        // A reducer that began before every recent anchor: between the start and the oldest.
        let oldest = conversion.anchors[1]
        #expect(conversion.nanos(atTicks: oldest.ticks / 2) == oldest.nanos / 2)
    }

    @Test func aStoresActionTimesNeverGoBackAndDurationsAreNeverNegative() {
        var conversion = TickConversion(start: TickAnchor(ticks: 0, nanos: 1_000_000, widthTicks: 0))
        conversion.add(TickAnchor(ticks: 3_000, nanos: 1_001_000, widthTicks: 0))
        let first = conversion.actionTimes(sentTicks: 1_500, reducerTicks: 300, notBefore: 0)
        #expect(first.sent == 1_000_500)
        #expect(first.reducerNanos == 100)
        // Ticks read before the previous action's (another core's counter a little behind).
        let second = conversion.actionTimes(sentTicks: 1_200, reducerTicks: 0, notBefore: first.sent)
        #expect(second.sent == first.sent)
        #expect(second.reducerNanos == 0)
        // Nanosecond ticks (Darwin, the fallback) are kept as they are, and clamped alike.
        let identity = TickConversion(TickSource.nanoseconds)
        #expect(identity.actionTimes(sentTicks: 7_000, reducerTicks: 40, notBefore: 0) == (7_000, 40))
        #expect(identity.actionTimes(sentTicks: 7_000, reducerTicks: 40, notBefore: 8_000) == (8_000, 40))
    }

    @Test func aCounterThatStopsOrGoesBackGivesTimesWithinTheWorkersPasses() {
        // Stopped: two anchors with the same ticks; the ticks read then take the later time.
        var stopped = TickConversion(start: TickAnchor(ticks: 5_000, nanos: 10_000, widthTicks: 0))
        stopped.add(TickAnchor(ticks: 5_000, nanos: 90_000, widthTicks: 0))
        #expect(stopped.nanos(atTicks: 5_000) == 90_000)
        #expect(stopped.actionTimes(sentTicks: 5_000, reducerTicks: 0, notBefore: 20_000) == (90_000, 0))
        // Gone back (a reset): the anchors start over from the new one; ticks read before the
        // reset, now beyond every anchor, take its time: never a time in the future.
        var reset = TickConversion(start: TickAnchor(ticks: 5_000, nanos: 10_000, widthTicks: 0))
        reset.add(TickAnchor(ticks: 9_000, nanos: 14_000, widthTicks: 0))
        reset.add(TickAnchor(ticks: 100, nanos: 20_000, widthTicks: 0))
        #expect(reset.anchors == [TickAnchor(ticks: 100, nanos: 20_000, widthTicks: 0)])
        #expect(reset.nanos(atTicks: 8_000) == 20_000)
        reset.add(TickAnchor(ticks: 1_100, nanos: 21_000, widthTicks: 0))
        #expect(reset.nanos(atTicks: 600) == 20_500)
        #expect(reset.nanos(atTicks: 8_000) == 21_000)
    }

    // MARK: - The counter's choice

    @Test func theCounterIsUsedOnlyWhenTheKernelsClocksourceIsIt() throws {
        let directory = try TemporaryDirectory()
        let clocksource = directory.path("current_clocksource")
        for (name, expected) in [("tsc\n", Self.counterExists), ("hpet\n", false), ("kvm-clock\n", false), ("tsc-early\n", false)] {
            try Data(name.utf8).write(to: URL(fileURLWithPath: clocksource))
            #expect(TickSource.countsTSC(clocksourcePath: clocksource) == expected, "\(name)")
            #expect(TickSource.forThisMachine(clocksourcePath: clocksource).countsTSC == expected, "\(name)")
        }
        #expect(!TickSource.countsTSC(clocksourcePath: directory.path("missing")))
        let fallback = TickSource.forThisMachine(clocksourcePath: directory.path("missing"))
        #expect(!fallback.countsTSC)
        #expect(fallback.uiPaceGapTicks == StateCoalescing.uiPaceGapNanos)
    }

    @Test func aCounterThatDoesNotMoveAtAProcessorsRateFallsBackToTheClock() {
        let first = TickAnchor(ticks: 1_000_000, nanos: 1_000_000, widthTicks: 30)
        // 3 ticks per nanosecond: the UI-pace gap in ticks.
        let counting = TickSource.calibrated(first: first, second: TickAnchor(ticks: 1_300_000, nanos: 1_100_000, widthTicks: 30))
        #expect(counting.countsTSC)
        #expect(counting.uiPaceGapTicks == 3 * StateCoalescing.uiPaceGapNanos)
        let stoppedCounter = TickAnchor(ticks: 1_000_000, nanos: 1_100_000, widthTicks: 0)
        let wentBack = TickAnchor(ticks: 10, nanos: 1_100_000, widthTicks: 0)
        let tooSlow = TickAnchor(ticks: 1_000_100, nanos: 1_100_000, widthTicks: 0)
        let tooFast = TickAnchor(ticks: 1_000_000 + 100_000 * 40, nanos: 1_100_000, widthTicks: 0)
        for second in [stoppedCounter, wentBack, tooSlow, tooFast] {
            let source = TickSource.calibrated(first: first, second: second)
            #expect(!source.countsTSC)
            #expect(source.uiPaceGapTicks == StateCoalescing.uiPaceGapNanos)
        }
    }

    @Test func thisMachinesUIPaceGapInTicksIsAFrameGapOnTheClock() throws {
        let source = TickSource.forThisMachine()
        let first = TickAnchor.read(countsTSC: source.countsTSC)
        Thread.sleep(forTimeInterval: 0.02)
        var conversion = source.countsTSC ? TickConversion(start: first) : TickConversion(source)
        conversion.add(TickAnchor.read(countsTSC: source.countsTSC))
        let gap = conversion.nanos(atTicks: (source.countsTSC ? first.ticks : 0) &+ source.uiPaceGapTicks)
            &- (source.countsTSC ? first.nanos : 0)
        // Within 1 % (calibration over 100 µs is good to ~0.1 %).
        let expected = Double(StateCoalescing.uiPaceGapNanos)
        #expect(abs(Double(gap) - expected) <= expected / 100, "\(gap) ns")
    }

    // MARK: - End to end

    /// Each recorded action's time lies between the clock readings taken just before and just
    /// after its send, to within the conversion's bound (``TickConversion``: half an anchor's
    /// window plus 500 ppm of the anchors' distance, at most ~50 µs across a 100 ms idle pass
    /// of the worker); a reducer that sleeps 2 ms records at least 2 ms, and no more than the
    /// readings around it allow.
    @Test func recordedActionTimesLieBetweenTheClockReadingsAroundTheirSends() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("ticks.sstrace")
        let recorder = try Recorder(sink: .file(path))
        #expect(recorder.ticks.countsTSC == TickSource.countsTSC())
        var state = ListState()
        let recording = recorder.store("list", initialState: state, actions: ListAction.self)
        var around: [UInt64: (before: UInt64, after: UInt64)] = [:]
        var sleeper: UInt64 = 0
        for step in 0..<300 {
            let before = Clock.monotonicNanos()
            let seq = recording.record(.setFilter("f\(step)"), reducing: &state) { state, action in
                reduceList(&state, action)
                if step == 150 { usleep(2_000) }
            }
            around[seq] = (before, Clock.monotonicNanos())
            if step == 150 { sleeper = seq }
            // Some sends after a pause, so anchors are both near and far apart.
            if step % 50 == 0 { usleep(3_000) }
        }
        recorder.close()

        let allowance: UInt64 = 50_000
        let actions = try readTrace(path).compactMap(\.actionRecord)
        #expect(actions.count == 300)
        var previous: UInt64 = 0
        for action in actions {
            let reads = try #require(around[action.seq])
            #expect(action.monotonicNanos + allowance >= reads.before, "#\(action.seq) \(action.monotonicNanos) < \(reads.before)")
            #expect(action.monotonicNanos <= reads.after + allowance, "#\(action.seq) \(action.monotonicNanos) > \(reads.after)")
            #expect(action.monotonicNanos >= previous)
            previous = action.monotonicNanos
            #expect(action.reducerNanos <= reads.after - reads.before + allowance, "#\(action.seq)")
            if action.seq == sleeper { #expect(action.reducerNanos >= 2_000_000, "\(action.reducerNanos)") }
        }
    }

    /// Whether this machine has the time-stamp counter the recorder may read.
    static var counterExists: Bool {
        #if os(Linux) && arch(x86_64)
        true
        #else
        false
        #endif
    }
}
