import Foundation
import StoreScope
import TraceFormat

/// The least a recorder that timestamps each action and times its reducer must do on the store
/// thread, measured beside the recorder as a stand-in (`recorder-store`'s floor column,
/// `recorder-handoff-floor-profile` for callgrind): two readings of the recorder's ticks
/// (``TickSource``: the time-stamp counter where the kernel's clock is that counter, else the
/// clock; a worker turns ticks into nanoseconds off this thread), the session's sequence number
/// from a shared atomic, and the action and the state copied into the next slot of a
/// preallocated ring that a worker thread drains, published with one release store
/// (``HandOffRing``).
///
/// It is not a recorder: one thread only may send, and it has no byte budget (a full ring drops
/// and counts), no lock for a listener, no coalescing of states, no close. What the recorder
/// pays above it is the price of those.
final class StoreThreadFloor<State: Sendable, Action: Sendable>: @unchecked Sendable {
    // @unchecked: `dropped` is the sending thread's alone; the ring is shared as its own
    // documentation says.

    /// What one send hands to the worker.
    struct Entry {
        let seq: UInt64
        let sentTicks: UInt64
        let reducerTicks: UInt64
        let action: Action
        let state: State
    }

    let sequence = AtomicValue<UInt64>(0, ownCacheLine: true)
    /// The recorder's ticks, chosen as a ``Recorder`` chooses them.
    let ticks = TickSource.forThisMachine()
    let ring = HandOffRing<Entry>(capacity: 32_768)
    /// Sends the full ring refused (sending thread).
    private(set) var dropped = 0
    private let stopped = AtomicValue<Bool>(false)

    /// Starts the worker, which drains the ring every 20 µs while it finds nothing, destroying
    /// each entry there (as the recorder's worker lets its states go).
    init() {
        let worker = Thread { [self] in
            while !stopped.load(ordering: .relaxed) {
                if ring.drain({ _ in }) == 0 { usleep(20) }
            }
        }
        worker.start()
    }

    /// Stops the worker (call once, when done sending).
    func stop() {
        stopped.store(true, ordering: .relaxed)
    }

    /// Timestamps `action`, runs `reduce`, and hands both to the worker.
    @inline(__always)
    func send(_ action: Action, state: inout State, _ reduce: (inout State, Action) -> Void) {
        let seq = sequence.add(1, ordering: .relaxed).newValue
        let sent = ticks.now()
        reduce(&state, action)
        let reducerTicks = ticks.now() &- sent
        if !ring.push(Entry(seq: seq, sentTicks: sent, reducerTicks: reducerTicks, action: action, state: state)) { dropped += 1 }
    }

    /// Waits until the worker has taken everything sent.
    func drain() {
        while !ring.isDrained { usleep(20) }
    }
}
