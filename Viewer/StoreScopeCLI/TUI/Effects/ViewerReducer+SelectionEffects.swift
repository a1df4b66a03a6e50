import TraceAnalysis
import TraceFormat

/// Which effect the selected action belongs to: the one that emitted it, the one it started,
/// the one running at it (what `e`, `p` and `o` open on from the timeline).
extension ViewerReducer {
    /// The effect that emitted the selected action (`p` in the timeline goes to its parent).
    func effectEmittingSelection(_ state: inout ViewerState) -> EffectLifetime? {
        guard let entry = state.detail?.entry else { return nil }
        guard let id = entry.action.effectID else {
            state.message = "#\(entry.seq) was not emitted by an effect"
            return nil
        }
        readEffects(&state)
        guard let effect = state.effects.spans?.lifetimes.first(where: { $0.effectID == id }) else {
            state.message = stillReading(state) ?? "effect \(id) that emitted #\(entry.seq) is not in the readable trace"
            return nil
        }
        return effect
    }

    /// The effect whose emitted actions `o` in the timeline cycles through: the one under the
    /// effects cursor while the selection is related to it, else one the selected action
    /// started, was emitted by, or has events of.
    func effectForSelection(_ state: inout ViewerState) -> EffectLifetime? {
        readEffects(&state)
        if let current = state.effects.selected, isRelated(current, to: state.detail?.entry) { return current }
        guard let related = relatedEffect(&state) else {
            state.message = stillReading(state) ?? "no effect started or emitted #\(state.selected ?? 0)"
            return nil
        }
        return related
    }

    /// The effect most related to the selected action: one it started (preferring one that
    /// emitted actions), the one that emitted it, or one whose events follow it.
    func relatedEffect(_ state: inout ViewerState) -> EffectLifetime? {
        guard let entry = state.detail?.entry, let lifetimes = state.effects.spans?.lifetimes else { return nil }
        let started = lifetimes.filter { $0.parentSeq == entry.seq || startedAfter(entry, $0) }
        if let effect = started.first(where: { !$0.emitted.isEmpty }) ?? started.first { return effect }
        if let id = entry.action.effectID, let effect = lifetimes.first(where: { $0.effectID == id }) { return effect }
        return lifetimes.first { isRelated($0, to: entry) }
    }

    /// Whether `effect` started, emitted, or has an event right after `entry`.
    func isRelated(_ effect: EffectLifetime, to entry: ActionEntry?) -> Bool {
        guard let entry else { return false }
        if effect.parentSeq == entry.seq || effect.emitted.contains(entry.seq) || entry.action.effectID == effect.effectID { return true }
        return entry.events.contains { record in
            switch record {
            case let .effectStarted(started): started.effectID == effect.effectID
            case let .effectEmitted(emitted): emitted.effectID == effect.effectID
            case let .effectEnded(ended): ended.effectID == effect.effectID
            default: false
            }
        }
    }

    func startedAfter(_ entry: ActionEntry, _ effect: EffectLifetime) -> Bool {
        entry.events.contains { if case let .effectStarted(started) = $0 { started.effectID == effect.effectID } else { false } }
    }

    /// The index of the last effect started at or before the action (the first one when none).
    func effectRunning(at entry: ActionEntry?, in state: inout ViewerState) -> Int {
        guard let entry, let lifetimes = state.effects.spans?.lifetimes else { return 0 }
        let time = entry.action.monotonicNanos
        return lifetimes.lastIndex { $0.startNanos <= time && ($0.end?.monotonicNanos ?? .max) >= time }
            ?? lifetimes.lastIndex { $0.startNanos <= time } ?? 0
    }

    /// What to say while the trace's effects are still being read.
    func stillReading(_ state: ViewerState) -> String? {
        guard let spans = state.effects.spans, !spans.isComplete else { return nil }
        return "still reading the trace's effects (\(spans.percentRead)%): try again in a moment"
    }
}
