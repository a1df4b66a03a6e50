import Testing
import TraceAnalysis
import TraceFormat

@testable import StoreScopeCLI

/// The effects view's reducer on its own: keys and the reader's answers in, with the viewer's
/// context passed in, and out its state, the reads it asks for and what it asks of the viewer
/// (a selection, a move, following, a prompt, a message); no trace, no reader, no terminal.
@Suite("Effects view reducer")
struct EffectsReducerTests {
    typealias Update = FeatureUpdate<EffectsAction.Delegate>

    static let trace = BackgroundReader.Trace.named()

    /// Action `seq` at `nanos`, with the effect events recorded after it.
    static func entry(_ seq: UInt64, at nanos: UInt64, effectID: UInt64? = nil, events: [Record] = []) -> ActionEntry {
        let action = ActionRecord(
            seq: seq, store: "app", monotonicNanos: nanos, wallNanos: 0, reducerNanos: 0,
            action: .enumeration(type: "A", caseName: "a\(seq)", payload: []), effectID: effectID)
        return ActionEntry(action: action, sinceStart: nanos - 1_000, events: events)
    }

    /// Four effects: 1 "load" started by #2 emitting #3 and #5; 2 "timer" started by no
    /// action, still running; 3 "save" started by #4, failed; 4 "ping" started by #4.
    static var spans: EffectSpans {
        var collected = EffectLifetimes()
        let records: [Record] = [
            .effectStarted(EffectStarted(effectID: 1, name: "load", store: "app", parentSeq: 2, monotonicNanos: 2_000)),
            .effectStarted(EffectStarted(effectID: 2, name: "timer", store: "app", parentSeq: nil, monotonicNanos: 2_500)),
            .effectEmitted(EffectEmitted(effectID: 1, actionSeq: 3, monotonicNanos: 3_000)),
            .effectStarted(EffectStarted(effectID: 3, name: "save", store: "app", parentSeq: 4, monotonicNanos: 4_000)),
            .effectStarted(EffectStarted(effectID: 4, name: "ping", store: "app", parentSeq: 4, monotonicNanos: 4_100)),
            .effectEmitted(EffectEmitted(effectID: 1, actionSeq: 5, monotonicNanos: 5_000)),
            .effectEnded(EffectEnded(effectID: 1, outcome: .finished, monotonicNanos: 5_000)),
            .effectEnded(EffectEnded(effectID: 3, outcome: .failed("disk full"), monotonicNanos: 6_000)),
        ]
        for record in records { collected.add(record) }
        var spans = EffectSpans(source: trace, collected: collected, chunksRead: 3, chunksKnown: 3, startNanos: 1_000)
        spans.noteMarks()
        return spans
    }

    static func context(selected: UInt64?, entry: ActionEntry?, rows: Int = 10, following: Bool = false) -> EffectsAction.Context {
        EffectsAction.Context(trace: trace, selected: selected, entry: entry, rows: rows, following: following)
    }

    /// The view opened on action #4 and read whole, its parents summarized.
    static func openView() -> EffectsView {
        var view = EffectsView()
        let context = context(selected: 4, entry: entry(4, at: 4_000))
        let asked = EffectSpans(source: trace, chunksKnown: .max, isReadOffThread: true, startNanos: 1_000)
        _ = EffectsReducer.reduce(into: &view, .key(.character("e")), context)
        _ = EffectsReducer.reduce(into: &view, .read(.init(request: .init(trace: trace, spans: asked), spans: spans)), context)
        let summaries = BackgroundReader.Summaries(request: .init(trace: trace, seqs: [2, 4, 4]), texts: [2: "#2 .a2", 4: "#4 .a4"])
        _ = EffectsReducer.reduce(into: &view, .summaries(summaries), context)
        return view
    }

    @Test("e opens the view and asks for the effects; once read, the cursor goes to the selected action's effect and the parents are asked for")
    func open() {
        var view = EffectsView()
        let context = Self.context(selected: 4, entry: Self.entry(4, at: 4_000))
        let asked = EffectSpans(source: Self.trace, chunksKnown: .max, isReadOffThread: true, startNanos: 1_000)
        #expect(EffectsReducer.reduce(into: &view, .key(.character("e")), context) == Update(effects: [.read(.effects(.init(trace: Self.trace, spans: asked)))]))
        #expect(view.isShown && view.anchor == 4 && view.pendingSync, "nothing read yet: the cursor waits for the effects")
        #expect(EffectsReducer.reduce(into: &view, .refresh(idle: false), context) == .none, "a read is under way: asked again once it answers, not twice at once")
        #expect(view.readsAgain)

        let read = EffectsReducer.reduce(into: &view, .read(.init(request: .init(trace: Self.trace, spans: asked), spans: Self.spans)), context)
        #expect(view.selected?.effectID == 3, "the first effect #4 started")
        #expect(view.rows.map(\.lifetime.effectID) == [1, 2, 3, 4])
        #expect(view.rows.map(\.parent) == ["#2 …", nil, "#4 …", "#4 …"])
        let parents = BackgroundReader.SummariesRequest(trace: Self.trace, seqs: [2, 4, 4])
        #expect(read.effects.contains(ViewerEffect.read(.summaries(parents))))
        #expect(view.spans?.outcomeMarks == [2: "S", 4: "SF"])
        #expect(read.effects.contains(.read(.effects(.init(trace: Self.trace, spans: view.spans!)))), "records arrived meanwhile: read on")

        _ = EffectsReducer.reduce(into: &view, .summaries(.init(request: parents, texts: [2: "#2 .a2", 4: "#4 .a4"])), context)
        #expect(view.rows.map(\.parent) == ["#2 .a2", nil, "#4 .a4", "#4 .a4"])
        #expect(view.parentsAsked == nil)

        _ = EffectsReducer.reduce(into: &view, .key(.character("j")), context)
        #expect(EffectsReducer.reduce(into: &view, .key(.character("e")), context) == .none, "e again closes it")
        #expect(!view.isShown && view.anchor == 4)
        _ = EffectsReducer.reduce(into: &view, .key(.character("e")), context)
        #expect(view.selected?.effectID == 4, "reopened on the same selection: the cursor stays where it was left")
    }

    @Test("j k g G move through the listed effects and stop following; f filters the list; / n N search it")
    func keysInTheView() {
        var view = Self.openView()
        let context = Self.context(selected: 4, entry: Self.entry(4, at: 4_000), following: true)
        #expect(EffectsReducer.reduce(into: &view, .key(.character("j")), context) == .tell(.following(false)))
        #expect(view.selected?.effectID == 4)
        #expect(EffectsReducer.reduce(into: &view, .key(.character("j")), context) == .none, "at the last effect: no move")
        _ = EffectsReducer.reduce(into: &view, .key(.character("g")), context)
        #expect(view.selected?.effectID == 1)
        _ = EffectsReducer.reduce(into: &view, .key(.character("G")), context)
        #expect(view.selected?.effectID == 4)

        #expect(EffectsReducer.reduce(into: &view, .key(.character("f")), context) == .tell(.prompt(.init(kind: .effectsFilter))))
        #expect(EffectsReducer.reduce(into: &view, .submitted(.init(kind: .effectsFilter, text: "failed")), context) == .tell(.message("effects matching \"failed\": 1 of 4")))
        #expect(view.rows.map(\.lifetime.effectID) == [3] && view.selected?.effectID == 3)
        _ = EffectsReducer.reduce(into: &view, .submitted(.init(kind: .effectsFilter, text: " ")), context)
        #expect(view.rows.count == 4)

        _ = EffectsReducer.reduce(into: &view, .key(.character("g")), context)
        #expect(EffectsReducer.reduce(into: &view, .key(.character("n")), context) == .tell(.message("no search yet: press / to search the effects")))
        #expect(EffectsReducer.reduce(into: &view, .key(.character("/")), context) == .tell(.prompt(.init(kind: .effectsSearch))))
        _ = EffectsReducer.reduce(into: &view, .submitted(.init(kind: .effectsSearch, text: "app")), context)
        #expect(view.selected?.effectID == 1, "the search starts at the cursor")
        _ = EffectsReducer.reduce(into: &view, .key(.character("n")), context)
        #expect(view.selected?.effectID == 2)
        _ = EffectsReducer.reduce(into: &view, .key(.character("N")), context)
        #expect(view.selected?.effectID == 1)
        #expect(EffectsReducer.reduce(into: &view, .key(.character("N")), context) == .tell(.message("no earlier effect matches \"app\"")))

        #expect(EffectsReducer.reduce(into: &view, .key(.character("F")), context)
            == .tell(.following(true), .move(.last), .message("following: the newest effect stays under the cursor; moving pauses")))
        #expect(view.selected?.effectID == 4)
    }

    @Test("p o enter go back to the timeline on the effect's parent, the next action it emitted, or the last action before its start")
    func goingToActions() {
        var view = Self.openView()
        let context = Self.context(selected: 4, entry: Self.entry(4, at: 4_000))
        _ = EffectsReducer.reduce(into: &view, .key(.character("g")), context)
        #expect(EffectsReducer.reduce(into: &view, .key(.character("p")), context) == .tell(.following(false), .select(2, unreadable: "#2 is not in the readable trace")))
        #expect(!view.isShown && view.anchor == 2 && view.selected?.effectID == 1)

        let onTwo = Self.context(selected: 2, entry: Self.entry(2, at: 2_000))
        _ = EffectsReducer.reduce(into: &view, .key(.character("e")), onTwo)
        #expect(view.selected?.effectID == 1, "reopened on #2: the cursor is on an effect #2 started already")
        #expect(EffectsReducer.reduce(into: &view, .key(.character("o")), Self.context(selected: 3, entry: nil)) == .tell(.following(false), .select(5, unreadable: "#5 is not in the readable trace")))
        _ = EffectsReducer.reduce(into: &view, .key(.character("o")), Self.context(selected: 5, entry: Self.entry(5, at: 5_000, effectID: 1)))
        #expect(view.anchor == 3, "o cycles from the last emitted action back to the first")

        _ = EffectsReducer.reduce(into: &view, .key(.character("e")), onTwo)
        _ = EffectsReducer.reduce(into: &view, .key(.character("j")), onTwo)
        #expect(view.selected?.effectID == 2)
        #expect(EffectsReducer.reduce(into: &view, .key(.enter), onTwo) == .tell(.following(false), .move(.lastBefore(time: 1_500))))
        #expect(!view.isShown && view.anchor == 2 && view.anchorsOnAnswer)
        _ = EffectsReducer.reduce(into: &view, .landed(on: 1), context)
        #expect(view.anchor == 1 && !view.anchorsOnAnswer, "where the timeline landed is the anchor")
        _ = EffectsReducer.reduce(into: &view, .landed(on: 9), context)
        #expect(view.anchor == 1, "only the screen enter asked for")
    }

    @Test("p and o in the timeline go from the selected action's effect, or say why they cannot")
    func keysInTheTimeline() {
        var view = Self.openView()
        _ = EffectsReducer.reduce(into: &view, .key(.escape), Self.context(selected: 4, entry: Self.entry(4, at: 4_000)))
        #expect(EffectsReducer.takes(.character("p"), shown: false) && !EffectsReducer.takes(.character("j"), shown: false))
        #expect(EffectsReducer.takes(.character("j"), shown: true) && !EffectsReducer.takes(.character("q"), shown: true))

        let notEmitted = Self.context(selected: 4, entry: Self.entry(4, at: 4_000))
        #expect(EffectsReducer.reduce(into: &view, .key(.character("p")), notEmitted).delegates == [.message("#4 was not emitted by an effect")])
        let emitted = Self.context(selected: 3, entry: Self.entry(3, at: 3_000, effectID: 1))
        #expect(EffectsReducer.reduce(into: &view, .key(.character("p")), emitted).delegates == [.following(false), .select(2, unreadable: "#2 is not in the readable trace")])
        let unrelated = Self.context(selected: 9, entry: Self.entry(9, at: 9_000))
        #expect(EffectsReducer.reduce(into: &view, .key(.character("o")), unrelated).delegates == [.message("no effect started or emitted #9")])
    }

    @Test("The effect under the cursor is drawn in detail: who started it, how it ended, what it emitted")
    func detailLines() {
        var view = Self.openView()
        #expect(view.selected?.effectID == 3)
        #expect(ViewerRender.effectDetailLines(view).map { "\($0.label) \($0.text)" } == [
            "effect 3 \"save\" in app", "started +0.000003s by #4 .a4", "ended failed at +0.000005s after 2µs", "error disk full", "emitted no action",
        ])
        _ = EffectsReducer.reduce(into: &view, .key(.character("k")), Self.context(selected: 4, entry: nil))
        #expect(ViewerRender.effectDetailLines(view).map(\.label) == ["effect", "started", "ended", "emitted"])
    }
}
