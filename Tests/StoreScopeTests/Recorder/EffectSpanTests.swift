import Foundation
@testable import StoreScope
import StoreScopeTestSupport
import Testing
import TraceFormat

@Suite struct EffectSpanTests {
    struct Failure: Error, CustomStringConvertible { var description: String { "service unavailable" } }

    @Test func effectSpansRecordTheirParentTheActionsTheyEmitAndHowTheyEnd() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("effects.sstrace")
        let recorder = try Recorder(sink: .file(path))
        let state = Counter()
        let recording = recorder.store("counter", initialState: state.value, actions: Int.self)
        let start = recording.willSend(1)
        recording.didReduce(start, state: 1)

        // An effect that emits two actions through the store and finishes.
        await recording.process("ticks", startedBy: start.seq, actions: AsyncStream { continuation in
            continuation.yield(10)
            continuation.yield(20)
            continuation.finish()
        }) { action in state.send(action, recording) }
        // An effect that fails.
        let failing = recording.startEffect("load", startedBy: start.seq)
        _ = try? await failing.run { () async throws -> Int in throw Failure() }
        // An effect whose task is cancelled.
        let cancelled = recording.task("slow", startedBy: start.seq) {
            try await Task.sleep(for: .seconds(30))
        }
        cancelled.cancel()
        await cancelled.value
        // A middleware-style effect returning an action.
        await recording.process("middleware", startedBy: recording.lastSentSeq, { 7 }, send: { state.send($0, recording) })
        recorder.close()

        let records = try readTrace(path)
        var started: [UInt64: EffectStarted] = [:]
        var ended: [UInt64: EffectOutcome] = [:]
        var emitted: [UInt64: [UInt64]] = [:]
        var actionEffect: [UInt64: UInt64?] = [:]
        for record in records {
            switch record {
            case let .effectStarted(s): started[s.effectID] = s
            case let .effectEnded(e): ended[e.effectID] = e.outcome
            case let .effectEmitted(e): emitted[e.effectID, default: []].append(e.actionSeq)
            case let .action(a): actionEffect[a.seq] = a.effectID
            default: break
            }
        }
        let byName = Dictionary(uniqueKeysWithValues: started.values.map { ($0.name, $0) })
        #expect(Set(byName.keys) == ["ticks", "load", "slow", "middleware"])
        #expect(byName["ticks"]?.parentSeq == start.seq)
        #expect(byName["middleware"]?.parentSeq == 3)
        #expect(byName["ticks"]?.location?.file == #fileID)
        let ticks = try #require(byName["ticks"]).effectID
        #expect(emitted[ticks] == [2, 3])
        #expect(actionEffect[2] == ticks && actionEffect[3] == ticks)
        #expect(actionEffect[1] == .some(nil))
        #expect(ended[ticks] == .finished)
        #expect(ended[try #require(byName["load"]).effectID] == .failed("service unavailable"))
        #expect(ended[try #require(byName["slow"]).effectID] == .cancelled)
        let middleware = try #require(byName["middleware"]).effectID
        #expect(ended[middleware] == .finished)
        #expect(emitted[middleware] == [4])
        #expect(started.keys.allSatisfy { ended[$0] != nil }, "no span is left open")
    }

    @Test func aSpanEndsOnceWhateverHappensLater() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("once.sstrace")
        let recorder = try Recorder(sink: .file(path))
        let recording = recorder.store("s", initialState: 0, actions: Int.self)
        let span = recording.startEffect("e", startedBy: nil)
        span.cancel()
        span.finish()
        span.fail(message: "late")
        #expect(span.hasEnded)
        recorder.close()
        let outcomes = try readTrace(path).compactMap { if case let .effectEnded(e) = $0 { e.outcome } else { nil } }
        #expect(outcomes == [.cancelled])
    }

    @Test func aSequenceEffectStoppedEarlyIsRecordedAsCancelled() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("early.sstrace")
        let recorder = try Recorder(sink: .file(path))
        let recording = recorder.store("s", initialState: 0, actions: Int.self)
        let numbers = recording.effect("numbers", startedBy: nil, AsyncStream<Int> { c in
            for i in 0..<100 { c.yield(i) }
            c.finish()
        })
        var seen = 0
        for try await number in numbers {
            seen = number
            if number == 3 { break }
        }
        #expect(seen == 3)
        let all = recording.effect("all", startedBy: nil, AsyncStream<Int> { c in c.yield(1); c.finish() })
        for try await _ in all {}
        recorder.close()
        let records = try readTrace(path)
        let names = Dictionary(uniqueKeysWithValues: records.compactMap { if case let .effectStarted(s) = $0 { (s.effectID, s.name) } else { nil } })
        let outcomes = Dictionary(uniqueKeysWithValues: records.compactMap { if case let .effectEnded(e) = $0 { (names[e.effectID]!, e.outcome) } else { nil } })
        #expect(outcomes == ["numbers": .cancelled, "all": .finished])
    }
}

/// A tiny store used by the effect tests: sends go through the recorder.
final class Counter: @unchecked Sendable {
    // @unchecked: mutated only from the test's sequential awaits.
    var value = 0
    func send(_ action: Int, _ recording: StoreRecorder<Int, Int>) {
        let pending = recording.willSend(action)
        value += action
        recording.didReduce(pending, state: value)
    }
}
