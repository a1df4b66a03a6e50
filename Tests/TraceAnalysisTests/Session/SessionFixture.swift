import Foundation
import StoreScopeTestSupport
import TraceAnalysis

/// A generated multi-chunk trace of a counter-and-list store: small chunks, a keyframe every
/// `keyframeEvery` actions, optionally a run of dropped actions, and the records written, so
/// tests can compare the engine with a plain replay of every record.
struct SessionFixture {
    let path: String
    let records: [Record]
    let lastSeq: UInt64
    static let store = "main"
    static let start: UInt64 = 1_000_000

    /// - Parameters:
    ///   - actions: how many actions (seq 1...actions).
    ///   - keyframeEvery: a keyframe instead of a patch every this many actions.
    ///   - dropped: actions the "recorder" lost: a `dropped` record replaces them, and a
    ///     keyframe follows at the next action.
    ///   - close: whether to write the footer.
    static func write(to path: String, actions: UInt64 = 400, keyframeEvery: UInt64 = 50, dropped: ClosedRange<UInt64>? = nil, close: Bool = true) throws -> SessionFixture {
        let writer = try TraceFixture.writer(at: path, header: TraceFixture.header(store: store, startMonotonicNanos: start))
        var records: [Record] = []
        func append(_ record: Record) throws {
            try writer.append(record)
            records.append(record)
        }
        var state = Model()
        try append(.keyframe(Keyframe(seq: 0, store: store, state: state.value)))
        var needsKeyframe = false
        for seq in 1...actions {
            if let dropped, dropped.contains(seq) {
                if seq == dropped.upperBound {
                    try append(.dropped(DroppedRecords(count: UInt64(dropped.count), firstSeq: dropped.lowerBound, lastSeq: seq, monotonicNanos: start + seq * 1_000)))
                    needsKeyframe = true
                }
                state.step(seq)
                continue
            }
            try append(.action(ActionRecord(
                seq: seq, store: store, monotonicNanos: start + seq * 1_000, wallNanos: Int64(seq), reducerNanos: seq % 7 == 0 ? 2_000_000 : 500,
                action: Model.action(seq))))
            let operations = state.step(seq)
            if needsKeyframe || seq % keyframeEvery == 0 {
                try append(.keyframe(Keyframe(seq: seq, store: store, state: state.value)))
                needsKeyframe = false
            } else if !operations.isEmpty {
                try append(.patch(StatePatch(seq: seq, store: store, operations: operations)))
            }
            if seq % 10 == 1 {
                try append(.effectStarted(EffectStarted(effectID: seq, name: seq % 20 == 1 ? "load" : "save", store: store, parentSeq: seq, monotonicNanos: start + seq * 1_000 + 10)))
                try append(.effectEnded(EffectEnded(effectID: seq, outcome: seq % 20 == 1 ? .failed("timeout") : .finished, monotonicNanos: start + seq * 1_000 + 20)))
            }
        }
        if close { try writer.close() } else { try writer.flush() }
        return SessionFixture(path: path, records: records, lastSeq: actions)
    }

    /// The state after every seq, by replaying every record (`nil` where unknown).
    func replayedStates() -> [UInt64: TraceValue?] {
        var replay = StateReplay()
        var states: [UInt64: TraceValue?] = [:]
        var lastAction: UInt64 = 0
        for record in records {
            if case .dropped = record, states[lastAction] == nil { states[lastAction] = replay.state(of: Self.store) }
            if case let .action(action) = record {
                if states[lastAction] == nil { states[lastAction] = replay.state(of: Self.store) }
                for lost in (lastAction + 1)..<action.seq { states[lost] = .some(nil) }
                lastAction = action.seq
            }
            replay.apply(record)
        }
        states[lastAction] = replay.state(of: Self.store)
        return states
    }

    /// The store's model: a counter and a list of item names.
    struct Model {
        var count = 0
        var items: [String] = []

        var value: TraceValue {
            .structure(type: "Model", fields: [.init("count", .int(Int64(count))), .init("items", .array(items.map { .string($0) }))])
        }

        static func action(_ seq: UInt64) -> TraceValue {
            switch seq % 4 {
            case 0: .enumeration(type: "Action", caseName: "add", payload: [.init("name", .string("item \(seq)"))])
            case 1: .enumeration(type: "Action", caseName: "increment", payload: [])
            case 2: .enumeration(type: "Action", caseName: "rename", payload: [.init("name", .string("renamed \(seq)"))])
            default: .enumeration(type: "Action", caseName: "noop", payload: [])
            }
        }

        @discardableResult
        mutating func step(_ seq: UInt64) -> [PatchOperation] {
            switch seq % 4 {
            case 0:
                items.append("item \(seq)")
                return [.insert(path: [.field("items"), .index(items.count - 1)], value: .string("item \(seq)"))]
            case 1:
                count += 1
                return [.set(path: [.field("count")], value: .int(Int64(count)))]
            case 2:
                guard !items.isEmpty else { return [] }
                items[0] = "renamed \(seq)"
                return [.set(path: [.field("items"), .index(0)], value: .string("renamed \(seq)"))]
            default:
                return []
            }
        }
    }
}

