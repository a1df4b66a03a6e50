import Dispatch
import Foundation
import TraceFormat

/// Chunks of one trace read and decoded on several threads at once (one ``ChunkLane`` each),
/// and handed to the thread that takes them in, in file order (``next()``).
///
/// The chunks are dealt out in turn: of three lanes, one decodes chunks 0, 3, 6, ..., the
/// next 1, 4, 7, ..., the last 2, 5, 8, .... A chunk waits in a slot until it is taken; there
/// are `depth` slots (a multiple of the lanes), chunk `i` goes to slot `i % depth`, and a lane
/// fills a slot only once the chunk before in it was taken in. Memory thus holds at most `depth`
/// decoded chunks, and each slot is filled by the same lane every time: what the taking thread
/// gives back (``giveBack(_:)``) is freed by the lane that built it when it next fills the
/// slot, on its own thread (freeing value trees costs about a tenth of building them, and
/// memory freed on the thread that allocated it goes back to that thread's heap).
///
/// `@unchecked Sendable`: a slot's `outcome` and `spent` are written by its lane only after
/// it waited on the slot's `free`, which the taking thread signals once it is done with them,
/// and read by the taking thread only after the lane signalled `ready`; `stopped` is read and
/// written under its lock.
final class ChunkLanes: @unchecked Sendable {
    typealias Outcome = Result<(records: [Record], shapes: [ShapedValue], counted: CountedActions, summary: ChunkSummary), TraceError>

    private final class Slot {
        /// Signalled by the lane when ``outcome`` is filled.
        let ready = DispatchSemaphore(value: 0)
        /// Signalled by the taking thread when the slot may be filled again.
        let free = DispatchSemaphore(value: 0)
        var outcome: Outcome?
        var spent: Outcome?
    }

    private let chunks: [ChunkInfo]
    private let headers: [ChunkHeader]
    private let actionsAsCases: Bool
    private let statesAsShapes: Bool
    private let actionsAsCounts: Bool
    private let slots: [Slot]
    private let stopped = LockedValue(false)
    private let running = DispatchGroup()
    /// Chunks taken by ``next()``.
    private var taken = 0

    /// Starts one thread per lane reading `chunks`, checked against `headers` (the headers as
    /// the file has them, by chunk), decoded as ``ChunkLane/records(in:header:actionsAsCases:statesAsShapes:actionsAsCounts:)``
    /// decodes them with `actionsAsCases`, `statesAsShapes` and `actionsAsCounts`.
    init(
        chunks: [ChunkInfo], headers: [ChunkHeader], lanes: [ChunkLane], depth: Int, actionsAsCases: Bool, statesAsShapes: Bool,
        actionsAsCounts: Bool = false
    ) {
        precondition(!lanes.isEmpty && depth % lanes.count == 0 && chunks.count == headers.count)
        self.chunks = chunks
        self.headers = headers
        self.actionsAsCases = actionsAsCases
        self.statesAsShapes = statesAsShapes
        self.actionsAsCounts = actionsAsCounts
        slots = (0..<depth).map { _ in Slot() }
        // Created at 0 and signalled, not created at 1: a semaphore freed below the value it
        // was created with traps, and a slot's last signal may go unused.
        for slot in slots { slot.free.signal() }
        for (number, lane) in lanes.enumerated() {
            running.enter()
            // A thread of its own, not the shared pool's: every lane must run for the taking
            // thread to get its chunks, and a pool as wide as the cores, busy with the caller's
            // own work (a tool call of `storescope mcp` is one), need not start the second.
            Thread { [self] in
                run(lane, from: number, every: lanes.count)
                running.leave()
            }.start()
        }
    }

    /// The next chunk's records and what they say about it, or why it could not be
    /// read; call once per chunk, in order. The chunk before is done with.
    func next() -> Outcome {
        if taken > 0 { slots[(taken - 1) % slots.count].free.signal() }
        let slot = slots[taken % slots.count]
        slot.ready.wait()
        let outcome = slot.outcome!
        slot.outcome = nil
        taken += 1
        return outcome
    }

    /// Hands back what ``next()`` returned last, for its lane to free.
    func giveBack(_ outcome: Outcome) {
        slots[(taken - 1) % slots.count].spent = outcome
    }

    /// Stops the lanes and waits until none runs, so the reader is free again: after the last
    /// chunk, or when the pass ends early.
    func finish() {
        stopped.withLock { $0 = true }
        for slot in slots { slot.free.signal() }
        running.wait()
    }

    /// Fills the slots of chunks `first`, `first + step`, ... in turn.
    private func run(_ lane: ChunkLane, from first: Int, every step: Int) {
        for index in stride(from: first, to: chunks.count, by: step) {
            let slot = slots[index % slots.count]
            slot.free.wait()
            if stopped.withLock({ $0 }) { return }
            slot.spent = nil
            slot.outcome = Result { () throws(TraceError) in
                try lane.records(
                    in: chunks[index], header: headers[index], actionsAsCases: actionsAsCases, statesAsShapes: statesAsShapes,
                    actionsAsCounts: actionsAsCounts)
            }
            slot.ready.signal()
        }
    }
}
