import Foundation
import Testing
@testable import StoreScope
import StoreScopeTestSupport
import TraceAnalysis

/// Several stores of one session send at once, from their own threads: each store's actions
/// reach the trace in the order its store sent them, with the state each one produced, however
/// the hand-offs of the stores interleave in the recorder's queue.
@Suite struct RecorderConcurrencyTests {
    /// One store, its state and what its trace must replay to after each of its actions.
    final class StoreRun: @unchecked Sendable {
        // @unchecked: each run is driven by one thread at a time (`lock` for the shared store).
        let recording: StoreRecorder<ListState, ListAction>
        var state = ListState()
        var expected: [UInt64: TraceValue] = [:]
        let lock = NSLock()

        init(name: String, recorder: Recorder) {
            recording = recorder.store(name, initialState: state, actions: ListAction.self)
        }

        /// Sends one action the way a store serialising its reducer does.
        func send(_ action: ListAction) {
            lock.lock()
            defer { lock.unlock() }
            let pending = recording.willSend(action)
            reduceList(&state, action)
            recording.didReduce(pending, state: state)
            expected[pending.seq] = captureValue(state)
        }
    }

    @Test func storesSendingAtOnceFromManyThreadsEachReplayToEveryStateTheyHad() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("concurrent.sstrace")
        let recorder = try Recorder(
            sink: .file(path), configuration: .init(maximumPendingBytes: 1 << 30, keyframeEveryActions: 500))
        // Three stores on a thread each, and a fourth shared by two threads, as a store called
        // from the main thread and from an effect's thread would be.
        let runs = (0..<4).map { StoreRun(name: "store\($0)", recorder: recorder) }
        let senders: [(run: StoreRun, seed: UInt64)] = [(runs[0], 1), (runs[1], 2), (runs[2], 3), (runs[3], 4), (runs[3], 5)]
        let actionsPerSender = 600
        DispatchQueue.concurrentPerform(iterations: senders.count) { index in
            let (run, seed) = senders[index]
            var generator = SplitMix64(seed: seed)
            for step in 1...actionsPerSender {
                let id = Int(seed) * 100_000 + step
                switch Int.random(in: 0..<4, using: &generator) {
                case 0: run.send(.add(id, "item \(id)"))
                case 1: run.send(.remove(Int(seed) * 100_000 + Int.random(in: 1...step, using: &generator)))
                case 2: run.send(.setFilter("f\(step % 7)"))
                default: run.send(.setLoading(step % 2 == 0))
                }
            }
        }
        #expect(recorder.close(timeout: .recorderCloseInTests))
        #expect(recorder.status.actionsRecorded == UInt64(senders.count * actionsPerSender))
        #expect(recorder.status.actionsDropped == 0)

        var replay = StateReplay()
        var lastSeq: [String: UInt64] = [:]
        var actionsPerStore: [String: Int] = [:]
        var checked = 0
        for record in try readTrace(path) {
            replay.apply(record)
            switch record {
            case let .action(action):
                #expect(action.seq > lastSeq[action.store, default: 0], "a store's actions keep their order")
                lastSeq[action.store] = action.seq
                actionsPerStore[action.store, default: 0] += 1
            case let .patch(patch):
                let run = runs[Int(patch.store.dropFirst("store".count))!]
                #expect(replay.state(of: patch.store) == run.expected[patch.seq])
                checked += 1
            case let .keyframe(keyframe) where keyframe.seq > 0:
                let run = runs[Int(keyframe.store.dropFirst("store".count))!]
                #expect(replay.state(of: keyframe.store) == run.expected[keyframe.seq])
                checked += 1
            default:
                break
            }
        }
        #expect(actionsPerStore == ["store0": 600, "store1": 600, "store2": 600, "store3": 1_200])
        for (index, run) in runs.enumerated() {
            #expect(replay.state(of: "store\(index)") == captureValue(run.state))
        }
        #expect(checked > senders.count * actionsPerSender / 2)
    }
}
