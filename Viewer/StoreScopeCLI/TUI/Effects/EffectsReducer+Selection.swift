import TraceAnalysis
import TraceFormat

/// Which effect the selected action belongs to: the one that emitted it, the one it started,
/// the one running at it (what `e`, `p` and `o` open on from the timeline).
extension EffectsReducer {
    /// The effect that emitted the selected action (`p` in the timeline goes to its parent).
    mutating func effectEmittingSelection(_ view: inout EffectsView) -> EffectLifetime? {
        guard let entry = context.entry else { return nil }
        guard let id = entry.action.effectID else {
            tell(.message("#\(entry.seq) was not emitted by an effect"))
            return nil
        }
        read(&view)
        guard let effect = view.spans?.lifetimes.first(where: { $0.effectID == id }) else {
            tell(.message(Self.stillReading(view) ?? "effect \(id) that emitted #\(entry.seq) is not in the readable trace"))
            return nil
        }
        return effect
    }

    /// The effect whose emitted actions `o` in the timeline cycles through: the one under the
    /// effects cursor while the selection is related to it, else one the selected action
    /// started, was emitted by, or has events of.
    mutating func effectForSelection(_ view: inout EffectsView) -> EffectLifetime? {
        read(&view)
        if let current = view.selected, Self.isRelated(current, to: context.entry) { return current }
        guard let related = Self.relatedEffect(view, context.entry) else {
            tell(.message(Self.stillReading(view) ?? "no effect started or emitted #\(context.selected ?? 0)"))
            return nil
        }
        return related
    }

    /// The effect most related to `entry`: one it started (preferring one that emitted
    /// actions), the one that emitted it, or one whose events follow it.
    static func relatedEffect(_ view: EffectsView, _ entry: ActionEntry?) -> EffectLifetime? {
        guard let entry, let lifetimes = view.spans?.lifetimes else { return nil }
        let started = lifetimes.filter { $0.parentSeq == entry.seq || startedAfter(entry, $0) }
        if let effect = started.first(where: { !$0.emitted.isEmpty }) ?? started.first { return effect }
        if let id = entry.action.effectID, let effect = lifetimes.first(where: { $0.effectID == id }) { return effect }
        return lifetimes.first { isRelated($0, to: entry) }
    }

    /// Whether `effect` started, emitted, or has an event right after `entry`.
    static func isRelated(_ effect: EffectLifetime, to entry: ActionEntry?) -> Bool {
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

    static func startedAfter(_ entry: ActionEntry, _ effect: EffectLifetime) -> Bool {
        entry.events.contains { if case let .effectStarted(started) = $0 { started.effectID == effect.effectID } else { false } }
    }

    /// The index of the last effect started at or before `entry` (the first one when none).
    static func effectRunning(at entry: ActionEntry?, _ view: EffectsView) -> Int {
        guard let entry, let lifetimes = view.spans?.lifetimes else { return 0 }
        let time = entry.action.monotonicNanos
        return lifetimes.lastIndex { $0.startNanos <= time && ($0.end?.monotonicNanos ?? .max) >= time }
            ?? lifetimes.lastIndex { $0.startNanos <= time } ?? 0
    }

    /// What to say while the trace's effects are still being read.
    static func stillReading(_ view: EffectsView) -> String? {
        guard let spans = view.spans, !spans.isComplete else { return nil }
        return "still reading the trace's effects (\(spans.percentRead)%): try again in a moment"
    }
}
