/// The worker's conversion of a store thread's ticks (``TickSource``) into the
/// ``MonotonicClock`` nanoseconds every record carries.
///
/// It holds anchors, (ticks, nanoseconds) pairs read together (``TickAnchor``): the one the
/// recorder started with and the most recent ones the worker read, one each time it takes the
/// queue's events (every pass of its loop: at most 1 ms apart while actions arrive, the flush
/// interval while idle). A queued action's ticks were read before the action was queued, so
/// before the anchor the worker reads after taking it: they lie between two anchors and are
/// interpolated between them, never extrapolated. Ticks older than every recent anchor (a
/// reducer that ran across many of the worker's passes) are interpolated between the start
/// anchor and the oldest recent one.
///
/// **How far a converted time can be from the clock.** Records other than actions (effects,
/// logs, drops, the session's end) read ``MonotonicClock`` directly. Where ticks are the
/// time-stamp counter, the kernel computes that clock from the same counter, linearly between
/// its updates: `nanos = base + (ticks - baseTicks) * mult >> shift`. An anchor's clock reading
/// lies within its window, so it is off by at most half the window (``TickAnchor/widthTicks``,
/// ~60 ns; the narrowest of three tries). Between two anchors the kernel may change `mult` to
/// steer the clock (NTP), by at most 500 ppm, so the straight line between them is off by at
/// most 500 ppm of the time between them. A converted time is therefore within half the
/// wider anchor's window plus 0.05 % of the anchors' distance of what ``MonotonicClock`` would
/// have read at that tick: under 1 µs while the worker polls every millisecond, at most 50 µs
/// across a 100 ms idle pass, and in practice (no steering) tens of nanoseconds
/// (`RecorderTickTimesTests` holds recorded actions to their before and after readings).
///
/// **When the counter misbehaves.** A counter that stops makes ticks no longer tell times
/// apart: a time between anchors whose ticks are equal is the later anchor's. A counter that
/// goes back starts the anchors over from the new one. A tick outside every anchor is given
/// the nearest anchor's time. And ``actionTimes(sentTicks:reducerTicks:notBefore:)`` never
/// lets a store's action go back before the store's previous one. So a misbehaving counter
/// bends action times within the worker's passes, never out of order, never into the future
/// of the pass that recorded them.
///
/// Where ticks are nanoseconds already (Darwin, the fallback), converting returns them as they
/// are.
@usableFromInline
struct TickConversion {
    /// Whether ticks are nanoseconds already.
    @usableFromInline let isIdentity: Bool
    /// The anchors, in order of their ticks: the start anchor first, then the recent ones.
    private(set) var anchors: [TickAnchor]
    /// How many recent anchors are kept besides the start one.
    static let recentAnchors = 16

    init(_ source: TickSource) {
        isIdentity = !source.countsTSC
        anchors = [source.startAnchor]
    }

    /// A conversion from `start` (tests).
    init(start: TickAnchor) {
        isIdentity = false
        anchors = [start]
    }

    /// Adds an anchor the worker read. One whose ticks or nanoseconds went back (a counter
    /// reset) starts the anchors over.
    mutating func add(_ anchor: TickAnchor) {
        guard !isIdentity else { return }
        guard let last = anchors.last, anchor.ticks >= last.ticks, anchor.nanos >= last.nanos else {
            anchors = [anchor]
            return
        }
        anchors.append(anchor)
        if anchors.count > 1 + Self.recentAnchors { anchors.remove(at: 1) }
    }

    /// The ``MonotonicClock`` time at `ticks`.
    @usableFromInline
    func nanos(atTicks ticks: UInt64) -> UInt64 {
        guard !isIdentity else { return ticks }
        var index = anchors.count - 1
        while index >= 0, anchors[index].ticks > ticks { index -= 1 }
        // Before every anchor: the first one's time.
        guard index >= 0 else { return anchors[0].nanos }
        let low = anchors[index]
        // At or after the last anchor: its time (ticks are never extrapolated).
        guard index + 1 < anchors.count else { return low.nanos }
        let high = anchors[index + 1]
        guard high.ticks > low.ticks else { return high.nanos }
        let span = high.ticks &- low.ticks, nanosSpan = high.nanos &- low.nanos
        // (ticks - low) < span, so the quotient is below nanosSpan and fits.
        let product = (ticks &- low.ticks).multipliedFullWidth(by: nanosSpan)
        return low.nanos &+ span.dividingFullWidth(product).quotient
    }

    /// An action's time and its reducer's duration in nanoseconds, from the ticks its store's
    /// thread read before and after the reducer; its time is never before `notBefore` (the
    /// store's previous action), its duration never negative.
    @usableFromInline
    func actionTimes(sentTicks: UInt64, reducerTicks: UInt64, notBefore: UInt64) -> (sent: UInt64, reducerNanos: UInt64) {
        guard !isIdentity else { return (max(sentTicks, notBefore), reducerTicks) }
        let sent = nanos(atTicks: sentTicks)
        let reduced = nanos(atTicks: sentTicks &+ reducerTicks)
        return (max(sent, notBefore), reduced >= sent ? reduced &- sent : 0)
    }
}
