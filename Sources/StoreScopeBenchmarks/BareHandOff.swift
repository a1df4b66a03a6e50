import Foundation
import StoreScope
import TraceFormat

/// The floor of any hand-off at UI pace, for comparison with `didReduce`: one reading of the
/// recorder's ticks (``TickSource``, as ``StoreThreadFloor`` reads them) and the action with its
/// state written to the next slot of a ring that another thread reads, published with one
/// release store (``HandOffRing``, as ``StoreThreadFloor`` hands off).
enum BareHandOff {
    /// Times 2,000 such hand-offs of `action` and `state` about 1 ms apart; returns the samples
    /// in nanoseconds.
    static func timeAtUIPace<State: Sendable, Action: Sendable>(action: Action, state: State) -> Samples {
        let ring = HandOffRing<StoreThreadFloor<State, Action>.Entry>(capacity: 4_096)
        let done = Done()
        let reader = Thread {
            // Takes what was published every 250 µs, as the worker polls.
            while !done.flag.load(ordering: .relaxed) {
                ring.drain { _ in }
                usleep(250)
            }
        }
        reader.start()
        let ticks = TickSource.forThisMachine()
        var samples: [Double] = []
        for index in 0..<2_000 {
            Thread.sleep(forTimeInterval: 0.001)
            let start = Stopwatch.now()
            let entry = StoreThreadFloor<State, Action>.Entry(
                seq: UInt64(index), sentTicks: ticks.now(), reducerTicks: 0, action: action, state: state)
            _ = ring.push(entry)
            samples.append(Double(Stopwatch.now() - start))
        }
        done.flag.store(true, ordering: .relaxed)
        return Samples(samples)
    }

    private final class Done: Sendable {
        let flag = AtomicValue<Bool>(false)
    }
}
