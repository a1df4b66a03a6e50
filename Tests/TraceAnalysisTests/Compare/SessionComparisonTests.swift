import StoreScopeTestSupport
import Testing
@testable import TraceAnalysis

/// `compare` compares a store's states whole once and then follows the records that change
/// them (``EqualStates``): these pin that it finds every divergence comparing every state would.
@Suite("Session comparison")
struct SessionComparisonTests {
    @Test("A keyframe on one side only is compared whole: a state it changed is a divergence though both sides' patches are the same")
    func keyframeOnOneSide() throws {
        var a = Session(stores: ["s"])
        var b = a
        for seq in UInt64(1)...4 {
            a.append(action: seq, store: "s")
            b.append(action: seq, store: "s")
            let patch = Record.patch(StatePatch(seq: seq, store: "s", operations: [.set(path: [.field("n")], value: .int(Int64(seq)))]))
            a.items.append(.record(patch))
            b.items.append(.record(patch))
        }
        // After action 2, B's keyframe says m is 9: its state differs from A's from there on.
        b.items.insert(.record(.keyframe(Keyframe(seq: 2, store: "s", state: Session.state(n: 2, m: 9)))), at: 5)
        Self.expectStateDivergence(a, b, index: 1, seq: 2, states: (Session.state(n: 2, m: 0), Session.state(n: 2, m: 9)))
    }

    @Test("A patch to a store written during another store's action makes that store's next state compared whole")
    func patchToAnotherStore() throws {
        func session(tM m: Int64) -> Session {
            var session = Session(stores: ["s", "t"])
            session.append(action: 1, store: "t", patch: [.set(path: [.field("n")], value: .int(1))])
            session.append(action: 2, store: "s", patch: [.set(path: [.field("n")], value: .int(2))])
            // Recorded with action 3 of store s, a patch to t's state that the sides disagree on.
            session.append(action: 3, store: "s")
            session.items.append(.record(.patch(StatePatch(seq: 3, store: "t", operations: [.set(path: [.field("m")], value: .int(m))]))))
            session.append(action: 4, store: "t", patch: [.set(path: [.field("n")], value: .int(4))])
            return session
        }
        let (a, b) = (session(tM: 5), session(tM: 6))
        Self.expectStateDivergence(a, b, index: 3, seq: 4, states: (Session.state(n: 4, m: 5), Session.state(n: 4, m: 6)))
    }

    @Test("On 3,000 random pairs of sessions (patches, keyframes, drops, states not recorded, lost records, two stores), both comparisons find what comparing every state finds")
    func agreesWithComparingEveryState() {
        var divergences = (bySeq: 0, byAppActions: 0)
        for seed in UInt64(0)..<3_000 {
            var random = SplitMix64(seed: seed)
            let (a, b) = Session.randomPair(using: &random)

            let everyStepA = Array(a.steps), everyStepB = Array(b.steps)
            let expected = Self.firstDifference(zip(everyStepA, everyStepB).map { ($0.state, $1.state) })
            let bySeq = SessionComparison.compare(a.steps, b.steps)
            #expect(bySeq.divergence.flatMap(Self.stateIndex) == expected.index, "seed \(seed)")
            #expect(bySeq.unknownStates == expected.unknown, "seed \(seed)")
            if expected.index != nil { divergences.bySeq += 1 }

            // Segments that start with an effect's action are not compared: nil, nil there.
            let expectedByApp = Self.firstDifference(
                zip(Self.appSegments(everyStepA), Self.appSegments(everyStepB)).map { x, y in x.app ? (x.endState, y.endState) : nil })
            let byApp = SessionComparison.compareByAppActions(a.steps, b.steps)
            #expect(byApp.divergence.flatMap(Self.stateIndex) == expectedByApp.index, "seed \(seed), by app actions")
            #expect(byApp.unknownStates == expectedByApp.unknown, "seed \(seed), by app actions")
            if expectedByApp.index != nil { divergences.byAppActions += 1 }
        }
        // Both kinds of pair were made: the check above saw sessions that diverge and sessions that do not.
        #expect((500...2_500).contains(divergences.bySeq), "\(divergences)")
        #expect((500...2_500).contains(divergences.byAppActions), "\(divergences)")
    }

    @Test("Reading ahead for effects' actions holds the items up to the next action, not the session read so far")
    func readAheadStaysBounded() {
        var session = Session(stores: ["s"])
        for app in UInt64(0)..<500 {
            session.append(action: app * 3 + 1, store: "s", patch: [.set(path: [.field("n")], value: .int(Int64(app)))])
            session.append(action: app * 3 + 2, store: "s", fromEffect: true, patch: [.set(path: [.field("m")], value: .int(1))])
            session.append(action: app * 3 + 3, store: "s", fromEffect: true)
        }
        var steps = session.steps
        var taken = 0, mostHeld = 0
        // As `compare --app-actions` reads: a step, then whether the next one came from an effect.
        while steps.next() != nil {
            taken += 1
            _ = steps.nextIsFromEffect()
            mostHeld = max(mostHeld, steps.itemsHeldForReadAhead)
        }
        #expect(taken == 1_500)
        // An action, its patch, the next `effect emitted` and the next action: what one look ahead reads.
        #expect(mostHeld <= 4, "the read-ahead held \(mostHeld) items")
    }

    /// Expects `compare` to find `a` and `b` first differing in the states after pair `index`
    /// (the action `seq`), those states being `states`.
    private static func expectStateDivergence(
        _ a: Session, _ b: Session, index: Int, seq: UInt64, states: (TraceValue, TraceValue),
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) {
        let result = SessionComparison.compare(a.steps, b.steps)
        guard case let .state(found, stepA, stepB) = result.divergence else {
            Issue.record("no state divergence: \(String(describing: result.divergence))", sourceLocation: sourceLocation)
            return
        }
        #expect(found == index, sourceLocation: sourceLocation)
        #expect(stepA.action.seq == seq, sourceLocation: sourceLocation)
        #expect(stepA.state == states.0, sourceLocation: sourceLocation)
        #expect(stepB.state == states.1, sourceLocation: sourceLocation)
    }

    /// What comparing every pair of states finds: the index of the first pair both known and
    /// unequal, and how many pairs before it had a state unknown. A `nil` pair is not compared.
    private static func firstDifference(_ pairs: [(TraceValue?, TraceValue?)?]) -> (index: Int?, unknown: Int) {
        var unknown = 0
        for (index, pair) in pairs.enumerated() {
            guard let (a, b) = pair else { continue }
            guard let a, let b else {
                unknown += 1
                continue
            }
            if a != b { return (index, unknown) }
        }
        return (nil, unknown)
    }

    /// The sessions' segments as `compare --app-actions` cuts them, from every step: whether
    /// a segment starts with the app's action, and its store's state after its last action
    /// of that store.
    private static func appSegments(_ steps: [ActionSteps.Step]) -> [(app: Bool, endState: TraceValue?)] {
        var segments: [(app: Bool, endState: TraceValue?)] = []
        var store = ""
        for step in steps {
            if !step.fromEffect || segments.isEmpty {
                segments.append((!step.fromEffect, step.state))
                store = step.action.store
            } else if step.action.store == store {
                segments[segments.count - 1].endState = step.state
            }
        }
        return segments
    }

    private static func stateIndex(_ divergence: SessionComparison.Divergence) -> Int? {
        if case let .state(index, _, _) = divergence { index } else { -1 }
    }
}

/// A session built record by record: two stores whose state is a struct `S` with integer fields
/// `n` and `m`.
private struct Session {
    var items: [SourceItem]

    init(stores: [String]) {
        items = stores.map { .record(.keyframe(Keyframe(seq: 0, store: $0, state: Self.state(n: 0, m: 0)))) }
    }

    var steps: ActionSteps { ActionSteps(AnyIterator(items.makeIterator())) }

    /// An effect's `effect emitted` record naming action `seq`.
    static func emitted(_ seq: UInt64) -> SourceItem {
        .record(.effectEmitted(EffectEmitted(effectID: 1, actionSeq: seq, monotonicNanos: seq)))
    }

    static func state(n: Int64, m: Int64) -> TraceValue {
        .structure(type: "S", fields: [.init("n", .int(n)), .init("m", .int(m))])
    }

    mutating func append(action seq: UInt64, store: String, fromEffect: Bool = false, patch operations: [PatchOperation]? = nil) {
        if fromEffect { items.append(Self.emitted(seq)) }
        let action = TraceValue.enumeration(type: "Action", caseName: "step", payload: [])
        items.append(.record(.action(ActionRecord(seq: seq, store: store, monotonicNanos: seq, wallNanos: 0, reducerNanos: 1, action: action))))
        if let operations { items.append(.record(.patch(StatePatch(seq: seq, store: store, operations: operations)))) }
    }

    /// Two sessions of the same 12 actions, some sent by effects, whose records differ in up to
    /// three places: a patch's value changed or lost (with the records around it, a gap), a
    /// keyframe that may or may not match the state, a drop, a state not recorded.
    static func randomPair(using random: inout SplitMix64) -> (Session, Session) {
        let stores = ["s", "t"]
        func field() -> String { Bool.random(using: &random) ? "n" : "m" }
        func value() -> TraceValue { .int(Int64.random(in: 0...2, using: &random)) }
        // Each action with the records after it, kept apart so that B can be changed per action.
        var actions: [(seq: UInt64, store: String, fromEffect: Bool, records: [SourceItem])] = []
        for seq in UInt64(1)...12 {
            let store = stores.randomElement(using: &random)!
            var records: [SourceItem] = []
            if Int.random(in: 0..<10, using: &random) < 8 {
                records.append(.record(.patch(StatePatch(seq: seq, store: store, operations: [.set(path: [.field(field())], value: value())]))))
            }
            if Int.random(in: 0..<10, using: &random) == 0 {
                let other = store == "s" ? "t" : "s"
                records.append(.record(.patch(StatePatch(seq: seq, store: other, operations: [.set(path: [.field(field())], value: value())]))))
            }
            // An effect's action, its `effect emitted` record before it or after its patches.
            let fromEffect = seq > 1 && Int.random(in: 0..<3, using: &random) == 0
            if fromEffect && Bool.random(using: &random) {
                records.append(emitted(seq))
                actions.append((seq, store, false, records))
            } else {
                actions.append((seq, store, fromEffect, records))
            }
        }
        var changed = actions
        for _ in 0..<Int.random(in: 0...3, using: &random) {
            let at = Int.random(in: 0..<changed.count, using: &random)
            let seq = changed[at].seq
            let store = stores.randomElement(using: &random)!
            switch Int.random(in: 0..<5, using: &random) {
            case 0:
                if let patchAt = changed[at].records.firstIndex(where: Self.isPatch) {
                    changed[at].records[patchAt] = .record(.patch(StatePatch(seq: seq, store: changed[at].store, operations: [.set(path: [.field(field())], value: value())])))
                }
            case 1:
                let n = Int64.random(in: 0...2, using: &random), m = Int64.random(in: 0...2, using: &random)
                changed[at].records.append(.record(.keyframe(Keyframe(seq: seq, store: store, state: state(n: n, m: m)))))
            case 2:
                changed[at].records.append(.record(.dropped(DroppedRecords(count: 1, firstSeq: seq, lastSeq: seq, monotonicNanos: seq))))
            case 3:
                changed[at].records.append(.record(.stateNotRecorded(StateNotRecorded(seq: seq, store: changed[at].store))))
            case 4:
                changed[at].records.removeAll(where: Self.isPatch)
                changed[at].records.insert(.gap, at: 0)
            default:
                break
            }
        }
        func session(_ actions: [(seq: UInt64, store: String, fromEffect: Bool, records: [SourceItem])]) -> Session {
            var session = Session(stores: stores)
            for action in actions {
                session.append(action: action.seq, store: action.store, fromEffect: action.fromEffect)
                session.items += action.records
            }
            return session
        }
        // The lost records sometimes in A rather than B.
        return Bool.random(using: &random) ? (session(actions), session(changed)) : (session(changed), session(actions))
    }

    private static func isPatch(_ item: SourceItem) -> Bool {
        if case .record(.patch) = item { true } else { false }
    }
}
