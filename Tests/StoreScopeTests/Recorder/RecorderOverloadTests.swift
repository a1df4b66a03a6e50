import Dispatch
import Foundation
@testable import StoreScope
import StoreScopeTestSupport
import Testing
import TraceFormat

@Suite struct RecorderOverloadTests {
    @Test func underOverloadEveryDroppedActionIsCountedAndMarkedInTheTrace() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("overload.sstrace")
        let gate = GatedOutput(file: try TraceFile.create(path))
        let diagnostics = DiagnosticsLog()
        let recorder = try Recorder(
            sink: RecordingSink { gate },
            configuration: .init(
                chunking: .init(chunkSize: 512), maximumPendingBytes: 8 * 1024, diagnostics: diagnostics.handler))
        var state = ListState()
        let recording = recorder.store("list", initialState: state, actions: ListAction.self)
        // The worker blocks in its first chunk write; the queue fills and then drops.
        let sent = 2_000
        for id in 1...sent { recording.record(.setFilter("f\(id)"), reducing: &state) { reduceList(&$0, $1) } }
        let dropped = recorder.status.actionsDropped
        #expect(dropped > 0)
        #expect(dropped < UInt64(sent))
        gate.open()
        for id in 1...10 { recording.record(.add(id, "after"), reducing: &state) { reduceList(&$0, $1) } }
        #expect(recorder.close(timeout: .recorderCloseInTests))

        let status = recorder.status
        let records = try readTrace(path)
        let recordedActions = records.compactMap(\.actionRecord)
        let droppedRecords = records.compactMap(\.droppedRecord)
        #expect(status.actionsDropped >= dropped)
        #expect(UInt64(recordedActions.count) == status.actionsRecorded)
        #expect(UInt64(recordedActions.count) + status.actionsDropped == UInt64(sent + 10))
        #expect(droppedRecords.reduce(0) { $0 + $1.count } == status.actionsDropped)
        // Every seq is either recorded or inside a dropped range, exactly once.
        var covered = Set(recordedActions.map(\.seq))
        for run in droppedRecords {
            #expect(run.lastSeq - run.firstSeq + 1 >= run.count)
            for seq in run.firstSeq...run.lastSeq where !covered.contains(seq) { covered.insert(seq) }
        }
        #expect(covered == Set(1...UInt64(sent + 10)))
        // Recording resumes with a keyframe right after each loss.
        for (index, record) in records.enumerated() where record.droppedRecord != nil {
            let next = records[(index + 1)...].prefix { if case .keyframe = $0 { false } else { true } }
            #expect(next.count <= 1, "a keyframe follows the first action after a drop")
        }
        #expect(diagnostics.all.contains { $0.contains("dropped") })
    }

    @Test func aBurstsBacklogIsGivenBackOnceTheWorkerCatchesUp() throws {
        let directory = try TemporaryDirectory()
        let gate = GatedOutput(file: try TraceFile.create(directory.path("burst.sstrace")))
        let recorder = try Recorder(
            sink: RecordingSink { gate }, configuration: .init(chunking: .init(chunkSize: 512), maximumPendingBytes: 1 << 30))
        var state = ListState()
        let recording = recorder.store("list", initialState: state, actions: ListAction.self)
        // Once the worker is blocked in its first chunk write, 30,000 actions pile up in the inbox.
        var sent = 0
        let deadline = ContinuousClock.now + .seconds(30)
        while !gate.isHolding && ContinuousClock.now < deadline {
            sent += 1
            recording.record(.setFilter("warm-up \(sent)"), reducing: &state) { reduceList(&$0, $1) }
            usleep(200)
        }
        #expect(gate.isHolding)
        for step in 1...30_000 { recording.record(.setLoading(step % 2 == 0), reducing: &state) { reduceList(&$0, $1) } }
        #expect(max(recording.inbox.arriving0.capacity, recording.inbox.arriving1.capacity) >= 30_000)
        gate.open()
        // 30,000 actions to write: give a loaded machine time.
        #expect(recorder.flush(timeout: .seconds(120)))
        // The inbox's two arrays alternate between the store and the worker; they keep the
        // burst's capacity while bursts may come back (so the store does not grow them again),
        // and a few small batches after a quiet second, neither keeps it.
        // The quiet second is the worker's clock: on a loaded machine (the whole suite in
        // parallel) a batch of the backlog may end late, so wait for quiet seconds, up to ten.
        var small = 0
        for _ in 0..<10 {
            Thread.sleep(forTimeInterval: 1.2)
            for round in 0..<4 {
                for step in 1...10 { recording.record(.setFilter("\(round).\(step)"), reducing: &state) { reduceList(&$0, $1) } }
                small += 10
                #expect(recorder.flush())
            }
            let capacities = [recording.inbox.arriving0.capacity, recording.inbox.arriving1.capacity, recording.inbox.taken.capacity]
            if capacities.allSatisfy({ $0 <= 4_096 }) { break }
        }
        #expect(recording.inbox.arriving0.capacity <= 4_096)
        #expect(recording.inbox.arriving1.capacity <= 4_096)
        #expect(recording.inbox.taken.capacity <= 4_096)
        #expect(recorder.close(timeout: .recorderCloseInTests))
        #expect(recorder.status.actionsRecorded == UInt64(sent + 30_000 + small))
        #expect(recorder.status.actionsDropped == 0)
    }
}

/// A file output whose writes after the first (the header) wait until `open()` is called.
final class GatedOutput: TraceOutput, @unchecked Sendable {
    // @unchecked: `file` is only used by the recorder's worker; the gate is a semaphore.
    private let file: TraceFile
    private let gate = DispatchSemaphore(value: 0)
    private let writes = AtomicValue<Int>(0)
    private let isOpen = AtomicValue<Bool>(false)
    /// The first write held at the gate (the header, write 1, passes).
    private let heldFrom = AtomicValue<Int>(2)

    init(file: TraceFile) { self.file = file }

    /// Lets the writes so far through and holds from the next one: for a recorder that
    /// should process a first action before it stalls. Only on an output never opened.
    func hold(afterPassing passing: Int) {
        heldFrom.store(passing + 1, ordering: .relaxed)
    }

    /// How many writes were asked for so far.
    var writeCount: Int { writes.load(ordering: .relaxed) }

    func open() {
        isOpen.store(true, ordering: .releasing)
        gate.signal()
    }

    func write(_ bytes: UnsafeRawBufferPointer) throws(TraceError) {
        if writes.add(1, ordering: .relaxed).newValue >= heldFrom.load(ordering: .relaxed) && !isOpen.load(ordering: .acquiring) {
            gate.wait()
            gate.signal()
        }
        try file.write(bytes)
    }

    func sync() throws(TraceError) {}
    func close() { file.close() }
    var wantsFooterIndex: Bool { true }

    /// Whether a write is held at the gate (the worker is blocked in it).
    var isHolding: Bool { writes.load(ordering: .relaxed) >= heldFrom.load(ordering: .relaxed) && !isOpen.load(ordering: .acquiring) }
}
