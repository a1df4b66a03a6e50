import Foundation
import Testing
@testable import StoreScope

/// The queue's gate with real threads: app threads that exclude each other and a worker that
/// flips lanes under them as fast as it can, as the recorder's worker does at its busiest.
@Suite struct LaneGateTests {
    /// Two lanes of plain counters, written as the queue's lanes are: by app threads inside the
    /// gate, by the worker in the lane it flipped away from.
    final class Lanes: @unchecked Sendable {
        // @unchecked: the gate under test is what keeps the threads apart.
        let counts = UnsafeMutablePointer<Int>.allocate(capacity: 2)
        init() { counts.initialize(repeating: 0, count: 2) }
        deinit { counts.deallocate() }
    }

    static let senders = 4
    static let sendsPerSender = 20_000

    /// Counts appended while inside, with a few hundred instructions between the read and the
    /// write (as an append takes), so that a thread let in beside another loses counts.
    static func send(_ gate: LaneGate<Int>, _ lanes: Lanes) {
        gate.withEntered { lane, sends in
            let before = lanes.counts[lane]
            var spin = 0
            for step in 0..<200 { spin &+= step }
            lanes.counts[lane] = before + 1 + (spin & 0)
            sends += 1
        }
    }

    @Test func appThreadsExcludeEachOtherAndTheWorkerOwnsTheLaneItLeft() {
        let gate = LaneGate(0)
        let lanes = Lanes()
        let sendersDone = AtomicCounter()
        let workerResult = WorkerResult()
        let worker = Thread {
            var taken = 0
            var changedAfterFlip = 0
            repeat {
                let left = gate.flip()
                let seen = lanes.counts[left]
                var spin = 0
                for step in 0..<500 { spin &+= step }
                // No app thread writes the lane the worker left until it flips back.
                if lanes.counts[left] != seen + (spin & 0) { changedAfterFlip += 1 }
                taken += seen
                lanes.counts[left] = 0
            } while sendersDone.value < Self.senders
            // Both lanes, after the last send.
            for _ in 0..<2 {
                let left = gate.flip()
                taken += lanes.counts[left]
                lanes.counts[left] = 0
            }
            workerResult.record(taken: taken, changedAfterFlip: changedAfterFlip)
        }
        worker.start()
        DispatchQueue.concurrentPerform(iterations: Self.senders) { _ in
            for _ in 0..<Self.sendsPerSender { Self.send(gate, lanes) }
            sendersDone.increment()
        }
        let result = workerResult.wait()
        let total = Self.senders * Self.sendsPerSender
        #expect(gate.withEntered { _, sends in sends } == total, "the shared value counts every send")
        #expect(result.changedAfterFlip == 0, "an app thread appended to the lane the worker had taken")
        #expect(result.taken == total, "the worker took every append exactly once")
    }

    @Test func aThreadInsideHoldsTheWorkerAtItsFlip() {
        let gate = LaneGate(0)
        let entered = gate.enter()
        let flipped = AtomicCounter()
        let worker = Thread {
            _ = gate.flip()
            flipped.increment()
        }
        worker.start()
        Thread.sleep(forTimeInterval: 0.05)
        #expect(flipped.value == 0, "the worker flipped while an app thread was inside")
        gate.leave(entered)
        let deadline = Date().addingTimeInterval(10)
        while flipped.value == 0, Date() < deadline { Thread.sleep(forTimeInterval: 0.001) }
        #expect(flipped.value == 1)
        #expect(gate.enter() == 1 - entered, "after the flip, app threads append to the other lane")
    }
}

/// A counter threads bump and read.
private final class AtomicCounter: @unchecked Sendable {
    // @unchecked: `count` is reached only under `lock`.
    private let lock = NSLock()
    private var count = 0
    func increment() { lock.withLock { count += 1 } }
    var value: Int { lock.withLock { count } }
}

/// What the worker thread of ``LaneGateTests`` found, handed to the test's thread.
private final class WorkerResult: @unchecked Sendable {
    // @unchecked: the fields are reached only under `condition`'s lock.
    private let condition = NSCondition()
    private var result: (taken: Int, changedAfterFlip: Int)?

    func record(taken: Int, changedAfterFlip: Int) {
        condition.withLock {
            result = (taken, changedAfterFlip)
            condition.broadcast()
        }
    }

    func wait() -> (taken: Int, changedAfterFlip: Int) {
        condition.withLock {
            while result == nil { condition.wait() }
            defer { result = nil }
            return result!
        }
    }
}
