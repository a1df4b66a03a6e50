import Testing
@testable import TraceAnalysis
import TraceFormat

@Suite("The reconnect note")
struct ReconnectNoteTests {
    private static func entry(_ events: [Record]) -> ActionEntry {
        ActionEntry(
            action: ActionRecord(seq: 5, store: "main", monotonicNanos: 1_000_000, wallNanos: 0, reducerNanos: 1, action: .enumeration(type: "A", caseName: "a", payload: [])),
            sinceStart: 0, events: events)
    }

    @Test("after the action before a reconnect: how much later it came and what was lost across it")
    func summary() {
        let note = ReconnectNote.record(afterSeq: 5, at: 3_500_000)
        let dropped = Record.dropped(DroppedRecords(count: 3, firstSeq: 6, lastSeq: 8, monotonicNanos: 3_500_000))
        #expect(ReconnectNote.summary(after: Self.entry([note, dropped])) == "app reconnected 2.5ms later: 3 actions lost (#6-#8) while it had no listener; states exact again after")
        #expect(ReconnectNote.summary(after: Self.entry([note])) == "app reconnected 2.5ms later: nothing lost")
        #expect(ReconnectNote.summary(after: Self.entry([dropped])) == nil, "a drop alone is not a reconnect")
        let warning = Record.log(LogRecord(level: .warning, message: "the app reconnected", monotonicNanos: 0, seq: 5))
        #expect(ReconnectNote.summary(after: Self.entry([warning])) == nil, "only the listener's note")
    }

    @Test("effects running when a reconnect lost chunks may have lost their end (not at the recorder's own drop); the reconnect's time is kept")
    func effects() {
        var lifetimes = EffectLifetimes()
        lifetimes.add(.effectStarted(EffectStarted(effectID: 1, name: "poll", store: "main", parentSeq: 2, monotonicNanos: 10)))
        lifetimes.add(.effectStarted(EffectStarted(effectID: 2, name: "done", store: "main", parentSeq: 2, monotonicNanos: 10)))
        lifetimes.add(.effectEnded(EffectEnded(effectID: 2, outcome: .finished, monotonicNanos: 20)))
        // The recorder's own drop (a burst) keeps effect records: a missing end is a leak still.
        lifetimes.add(.dropped(DroppedRecords(count: 1, firstSeq: 3, lastSeq: 3, monotonicNanos: 30)))
        #expect(lifetimes.lifetimes.map(\.endMayBeMissing) == [false, false])
        lifetimes.add(ReconnectNote.record(afterSeq: 5, at: 3_500))
        lifetimes.add(.dropped(DroppedRecords(count: 3, firstSeq: 6, lastSeq: 8, monotonicNanos: 3_500)))
        #expect(lifetimes.lifetimes.map(\.endMayBeMissing) == [true, false])
        #expect(lifetimes.reconnectNanos == [3_500])
    }
}
