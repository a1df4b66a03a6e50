#if os(Linux) && arch(x86_64)
import CStoreScopeAtomics
import Foundation
#endif
import TraceFormat

/// What a store's thread times its actions with: a raw counter ("ticks") the recorder's worker
/// turns into the nanoseconds records carry (``TickConversion``), so that the store thread
/// pays one instruction per reading instead of a clock call.
///
/// - Linux on x86_64, when the kernel's clocksource is `tsc`: the processor's time-stamp
///   counter (`rdtsc`, ~12 ns here against `clock_gettime`'s ~30). The kernel then computes
///   `CLOCK_MONOTONIC` from that very counter, so it trusts it to be constant-rate and in step
///   across cores, and so may we. Any other clocksource (`hpet`, `kvm-clock`, `acpi_pm`: the
///   kernel found the counter unfit), or a counter that does not move during calibration: the
///   fallback.
/// - Darwin: ``MonotonicClock`` (`clock_gettime_nsec_np(CLOCK_UPTIME_RAW)`, `mach_absolute_time`
///   underneath, already cheap there), so ticks are nanoseconds and no new API enters the
///   privacy manifest.
/// - Everything else (Linux on arm64 included; its `cntvct_el0` cannot be tested here): the
///   fallback, ``MonotonicClock`` nanoseconds, as before ticks existed.
///
/// Chosen once, when a ``Recorder`` starts; read on the store thread through ``now()``.
@usableFromInline
package struct TickSource: Sendable {
    /// Whether ticks are the time-stamp counter; otherwise they are ``MonotonicClock``
    /// nanoseconds and converting them changes nothing.
    @usableFromInline package let countsTSC: Bool
    /// ``StateCoalescing/uiPaceGapNanos`` in ticks (calibrated before any action is sent, so
    /// the store thread's UI-pace test, ``StoreInbox/stateToLetGo(sentAt:gap:always:)``, has it
    /// from the first send).
    @usableFromInline package let uiPaceGapTicks: UInt64
    /// The anchor the worker's conversion starts from (the end of calibration).
    package let startAnchor: TickAnchor

    /// The current tick count: one `rdtsc` or one ``MonotonicClock`` reading.
    @inlinable
    package func now() -> UInt64 {
        #if os(Linux) && arch(x86_64)
        if countsTSC { return storescope_read_tsc() }
        #endif
        return MonotonicClock.nanos()
    }

    /// The fallback: ticks are ``MonotonicClock`` nanoseconds.
    package static var nanoseconds: TickSource {
        let now = MonotonicClock.nanos()
        return TickSource(fallbackAt: now)
    }

    private init(fallbackAt now: UInt64) {
        countsTSC = false
        uiPaceGapTicks = StateCoalescing.uiPaceGapNanos
        startAnchor = TickAnchor(ticks: now, nanos: now, widthTicks: 0)
    }

    /// The source for this machine: the time-stamp counter where ``countsTSC(clocksourcePath:)``
    /// allows it and its calibration over ``calibrationNanos`` is sane, else the fallback.
    package static func forThisMachine(clocksourcePath: String? = nil) -> TickSource {
        guard countsTSC(clocksourcePath: clocksourcePath) else { return .nanoseconds }
        let first = TickAnchor.read(countsTSC: true)
        while MonotonicClock.nanos() &- first.nanos < calibrationNanos {}
        return calibrated(first: first, second: TickAnchor.read(countsTSC: true))
    }

    /// How long the calibration at a recorder's start spins: 100 µs, against anchors ~60 ns
    /// wide, gives the counter's rate to ~0.1 %, far inside the UI-pace test's slack.
    package static let calibrationNanos: UInt64 = 100_000

    /// The time-stamp counter's rate from two anchors ``calibrationNanos`` apart, or the
    /// fallback if the counter did not move forward between them or moved at a rate no
    /// processor has (under 50 MHz or over 20 GHz): a counter stopped, reset or virtualized
    /// badly is not used.
    package static func calibrated(first: TickAnchor, second: TickAnchor) -> TickSource {
        guard second.ticks > first.ticks, second.nanos > first.nanos else { return TickSource(fallbackAt: second.nanos) }
        let ticks = second.ticks &- first.ticks, nanos = second.nanos &- first.nanos
        guard ticks >= nanos / 20, ticks / 20 <= nanos else { return TickSource(fallbackAt: second.nanos) }
        let product = StateCoalescing.uiPaceGapNanos.multipliedFullWidth(by: ticks)
        guard product.high < nanos else { return TickSource(fallbackAt: second.nanos) }
        let gap = nanos.dividingFullWidth(product).quotient
        return TickSource(countsTSC: true, uiPaceGapTicks: gap, startAnchor: second)
    }

    private init(countsTSC: Bool, uiPaceGapTicks: UInt64, startAnchor: TickAnchor) {
        self.countsTSC = countsTSC
        self.uiPaceGapTicks = uiPaceGapTicks
        self.startAnchor = startAnchor
    }

    /// Whether the time-stamp counter may be used: on Linux x86_64, when the kernel's current
    /// clocksource (the file at `clocksourcePath`, by default sysfs's
    /// `clocksource0/current_clocksource`; a test names another) says `tsc`. Elsewhere, never.
    package static func countsTSC(clocksourcePath: String? = nil) -> Bool {
        #if os(Linux) && arch(x86_64)
        let path = clocksourcePath ?? "/sys/devices/system/clocksource/clocksource0/current_clocksource"
        guard let data = FileManager.default.contents(atPath: path), let name = String(data: data, encoding: .utf8) else {
            return false
        }
        return name.trimmingCharacters(in: .whitespacesAndNewlines) == "tsc"
        #else
        return false
        #endif
    }
}
