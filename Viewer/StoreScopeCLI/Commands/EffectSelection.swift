import TraceAnalysis

/// Which effects `storescope effects` lists, and `storescope mcp`'s `effects` tool: each
/// condition asked for must hold (none asked: every effect).
struct EffectSelection {
    /// Only effects still running at the end of the trace.
    var running = false
    /// Only effects that failed.
    var failed = false
    /// Only effects that were cancelled.
    var cancelled = false
    /// Only effects still running when the app ended its session in order (a leak for sure).
    var leaked = false
    /// Only effects that ran at least this long.
    var minimumNanos: UInt64?

    func includes(_ effect: EffectLifetime, of effects: EffectLifetimes) -> Bool {
        (!running || effect.isOpen) && (!failed || effect.hasFailed)
            && (!cancelled || effect.outcomeName == "cancelled")
            && (!leaked || effect.isLeaked(sessionEnded: effects.sessionEnded))
            && (minimumNanos.map { effect.duration(traceEndNanos: effects.traceEndNanos) >= $0 } ?? true)
    }
}

extension EffectLifetime {
    /// Whether the effect never ended though the session did: not a trace cut off while it ran.
    func isLeaked(sessionEnded: Bool) -> Bool { isOpen && sessionEnded && !endMayBeMissing }
}
