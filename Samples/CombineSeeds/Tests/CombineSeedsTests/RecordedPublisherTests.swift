import Dispatch
import Foundation
import OpenCombineShim
import StoreScope
import Testing
import TraceAnalysis

/// OpenCombine has a `Record` publisher of its own.
typealias TraceRecord = TraceFormat.Record

/// `Publisher.recorded(_:by:startedBy:)` on its own, on OpenCombine: how each way a subscription
/// ends is recorded, exactly once, and which outputs are linked.
@Suite struct RecordedPublisherTests {
    struct Failure: Error, CustomStringConvertible {
        var description: String { "offline" }
    }

    /// Runs `body` with a store recorder whose actions are `Int`, then returns the trace's records.
    static func record(_ body: (StoreRecorder<Int, Int>) throws -> Void) throws -> [TraceRecord] {
        let file = try TraceFile("publisher")
        let recorder = try Recorder(sink: .file(file.path), configuration: .init(appName: "RecordedPublisherTests"))
        try body(recorder.store("numbers", initialState: 0, actions: Int.self))
        recorder.close()
        return try file.records()
    }

    static func outcomes(_ records: [TraceRecord]) -> [EffectOutcome] {
        records.compactMap { if case let .effectEnded(ended) = $0 { ended.outcome } else { nil } }
    }

    /// A store whose reducer adds the action, sending from wherever it is called.
    final class Counter: @unchecked Sendable {  // @unchecked: used from one thread at a time in each test
        var state = 0
        let recording: StoreRecorder<Int, Int>
        init(_ recording: StoreRecorder<Int, Int>) { self.recording = recording }
        func send(_ action: Int) { recording.record(action, reducing: &state) { $0 += $1 } }
    }

    @Test("a span starts on subscription, links each output sent from the sink, and finishes with the publisher")
    func finishes() throws {
        let records = try Self.record { recording in
            let counter = Counter(recording)
            counter.send(1)
            _ = [2, 3].publisher
                .recorded("numbers", by: recording, startedBy: recording.lastSentSeq)
                .sink(receiveValue: counter.send)
        }
        let started: [EffectStarted] = records.compactMap { if case let .effectStarted(started) = $0 { started } else { nil } }
        let actions: [ActionRecord] = records.compactMap { if case let .action(action) = $0 { action } else { nil } }
        #expect(started.map(\.name) == ["numbers"])
        #expect(started.first?.parentSeq == actions.first?.seq)
        #expect(actions.map(\.effectID) == [nil, started[0].effectID, started[0].effectID])
        #expect(Self.outcomes(records) == [.finished])
    }

    @Test("a failure is recorded as the span's failure, with the error's description")
    func fails() throws {
        let records = try Self.record { recording in
            _ = Fail<Int, Failure>(error: Failure())
                .recorded("load", by: recording, startedBy: nil)
                .sink(receiveCompletion: { _ in }, receiveValue: { _ in })
        }
        #expect(Self.outcomes(records) == [.failed("offline")])
    }

    @Test("cancelling the subscription, or releasing its AnyCancellable, cancels the span once")
    func cancels() throws {
        let records = try Self.record { recording in
            let subject = PassthroughSubject<Int, Never>()
            let cancellable = subject.recorded("listen", by: recording, startedBy: nil).sink { _ in }
            cancellable.cancel()
            cancellable.cancel()
            var released: AnyCancellable? = subject.recorded("released", by: recording, startedBy: nil).sink { _ in }
            _ = released
            released = nil
            subject.send(completion: .finished)  // after both ended: changes nothing
        }
        #expect(Self.outcomes(records) == [.cancelled, .cancelled])
    }

    @Test("each subscription is a span of its own, and a publisher nobody subscribes to is none")
    func spanPerSubscription() throws {
        let records = try Self.record { recording in
            let publisher = Just(1).recorded("twice", by: recording, startedBy: nil)
            _ = publisher.sink { _ in }
            _ = publisher.sink { _ in }
            _ = Just(2).recorded("never", by: recording, startedBy: nil)
        }
        let started: [EffectStarted] = records.compactMap { if case let .effectStarted(started) = $0 { started } else { nil } }
        #expect(started.map(\.name) == ["twice", "twice"])
        #expect(Self.outcomes(records) == [.finished, .finished])
    }

    @Test("a cancel racing the publisher's completion on another thread ends the span exactly once")
    func cancelRacesCompletion() throws {
        let rounds = 200
        let records = try Self.record { recording in
            for _ in 0..<rounds {
                let subject = PassthroughSubject<Int, Never>()
                let racers = Racers(subject: subject, cancellable: subject.recorded("race", by: recording, startedBy: nil).sink { _ in })
                DispatchQueue.concurrentPerform(iterations: 2) { index in
                    if index == 0 { racers.subject.send(completion: .finished) } else { racers.cancellable.cancel() }
                }
            }
        }
        let outcomes = Self.outcomes(records)
        #expect(outcomes.count == rounds)
        #expect(outcomes.allSatisfy { $0 == .finished || $0 == .cancelled })
    }

    @Test("an output is linked when the adapter comes after receive(on:), not when a later receive(on:) hops away first")
    func placementAfterReceiveOn() async throws {
        let queue = DispatchQueue(label: "RecordedPublisherTests")
        var kept: [AnyCancellable] = []
        let records = try await Self.recordAsync { recording in
            let counter = Counter(recording)
            let done = DispatchGroup()
            done.enter()
            Just(1).receive(on: queue).recorded("after", by: recording, startedBy: nil)
                .sink { counter.send($0); done.leave() }.store(in: &kept)
            done.wait()  // one at a time: Counter is used from one thread at a time
            done.enter()
            Just(2).recorded("before", by: recording, startedBy: nil).receive(on: queue)
                .sink { counter.send($0); done.leave() }.store(in: &kept)
            done.wait()
        }
        let started: [EffectStarted] = records.compactMap { if case let .effectStarted(started) = $0 { started } else { nil } }
        let actions: [ActionRecord] = records.compactMap { if case let .action(action) = $0 { action } else { nil } }
        #expect(started.map(\.name) == ["after", "before"])
        #expect(actions.map(\.effectID) == [started[0].effectID, nil])
    }

    /// A subject and its subscription, for two threads at once.
    ///
    /// @unchecked Sendable: calling both from two threads is the test's point; a subject's
    /// `send` and a subscription's `cancel` are thread-safe in Combine and OpenCombine alike.
    struct Racers: @unchecked Sendable {
        let subject: PassthroughSubject<Int, Never>
        let cancellable: AnyCancellable
    }

    static func recordAsync(_ body: (StoreRecorder<Int, Int>) throws -> Void) async throws -> [TraceRecord] {
        try record(body)
    }
}
