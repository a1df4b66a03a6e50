#if os(Linux) && arch(x86_64)
import CStoreScopeAtomics
#endif
import TraceFormat

/// A tick count and the ``MonotonicClock`` reading taken with it: the counter read before and
/// after one clock read, the ticks being their midpoint. The clock's reading happened somewhere
/// in that window, so the pair is exact to within half its width (``widthTicks``).
package struct TickAnchor: Sendable, Equatable {
    package var ticks: UInt64
    package var nanos: UInt64
    /// The ticks between the two counter reads.
    package var widthTicks: UInt64

    /// The narrowest of three tries (a try the thread was preempted in is wide).
    package static func read(countsTSC: Bool) -> TickAnchor {
        guard countsTSC else {
            let now = MonotonicClock.nanos()
            return TickAnchor(ticks: now, nanos: now, widthTicks: 0)
        }
        #if os(Linux) && arch(x86_64)
        var best: TickAnchor?
        for _ in 0..<3 {
            let before = storescope_read_tsc()
            let nanos = MonotonicClock.nanos()
            let after = storescope_read_tsc()
            guard after >= before else { continue }
            let anchor = TickAnchor(ticks: before &+ (after &- before) / 2, nanos: nanos, widthTicks: after &- before)
            if best == nil || anchor.widthTicks < best!.widthTicks { best = anchor }
        }
        if let best { return best }
        let now = storescope_read_tsc()
        return TickAnchor(ticks: now, nanos: MonotonicClock.nanos(), widthTicks: 0)
        #else
        let now = MonotonicClock.nanos()
        return TickAnchor(ticks: now, nanos: now, widthTicks: 0)
        #endif
    }
}
