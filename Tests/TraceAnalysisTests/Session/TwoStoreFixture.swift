import Foundation
import StoreScopeTestSupport
import TraceAnalysis

/// A generated multi-chunk trace of two stores, as an app with a big store and a small one
/// records it: every `sideEvery`th action goes to the small `side` store, keyframed every
/// `sideKeyframeEvery` of its own actions (so its replays read many chunks of the other
/// store's records), the `main` store keyframed every `keyframeEvery` of its actions, effects,
/// and optionally a run of dropped actions after which both stores keyframe again.
struct TwoStoreFixture {
    let path: String
    let records: [Record]
    let lastSeq: UInt64
    static let main = "main", side = "side"

    static func write(
        to path: String, actions: UInt64 = 3_000, sideEvery: UInt64 = 9, keyframeEvery: UInt64 = 400, sideKeyframeEvery: UInt64 = 150,
        dropped: ClosedRange<UInt64>? = nil
    ) throws -> TwoStoreFixture {
        let writer = try TraceFixture.writer(at: path, header: TraceFixture.header(store: main, startMonotonicNanos: SessionFixture.start))
        var records: [Record] = []
        func append(_ record: Record) throws {
            try writer.append(record)
            records.append(record)
        }
        var models = [main: SessionFixture.Model(), side: SessionFixture.Model()]
        var counts = [main: UInt64(0), side: UInt64(0)]
        var needsKeyframe: Set<String> = []
        try append(.keyframe(Keyframe(seq: 0, store: main, state: models[main]!.value)))
        try append(.keyframe(Keyframe(seq: 0, store: side, state: models[side]!.value)))
        for seq in 1...actions {
            let store = seq % sideEvery == 0 ? side : main
            counts[store]! += 1
            let count = counts[store]!
            if let dropped, dropped.contains(seq) {
                if seq == dropped.upperBound {
                    try append(.dropped(DroppedRecords(count: UInt64(dropped.count), firstSeq: dropped.lowerBound, lastSeq: seq, monotonicNanos: SessionFixture.start + seq * 1_000)))
                    needsKeyframe = [main, side]
                }
                models[store]!.step(count)
                continue
            }
            try append(.action(ActionRecord(
                seq: seq, store: store, monotonicNanos: SessionFixture.start + seq * 1_000, wallNanos: Int64(seq), reducerNanos: 500,
                action: SessionFixture.Model.action(count))))
            let operations = models[store]!.step(count)
            if needsKeyframe.contains(store) || count % (store == side ? sideKeyframeEvery : keyframeEvery) == 0 {
                try append(.keyframe(Keyframe(seq: seq, store: store, state: models[store]!.value)))
                needsKeyframe.remove(store)
            } else if !operations.isEmpty {
                try append(.patch(StatePatch(seq: seq, store: store, operations: operations)))
            }
            if seq % 10 == 1 {
                try append(.effectStarted(EffectStarted(effectID: seq, name: "load", store: store, parentSeq: seq, monotonicNanos: SessionFixture.start + seq * 1_000 + 10)))
                try append(.effectEnded(EffectEnded(effectID: seq, outcome: .finished, monotonicNanos: SessionFixture.start + seq * 1_000 + 20)))
            }
        }
        try writer.close()
        return TwoStoreFixture(path: path, records: records, lastSeq: actions)
    }

    /// The state of `store` after every seq, by replaying every record (`nil` where unknown).
    func replayedStates(of store: String) -> [UInt64: TraceValue?] {
        var replay = StateReplay()
        var states: [UInt64: TraceValue?] = [:]
        var lastAction: UInt64 = 0
        for record in records {
            if case .dropped = record, states[lastAction] == nil { states[lastAction] = replay.state(of: store) }
            if case let .action(action) = record {
                if states[lastAction] == nil { states[lastAction] = replay.state(of: store) }
                for lost in (lastAction + 1)..<action.seq { states[lost] = .some(nil) }
                lastAction = action.seq
            }
            replay.apply(record)
        }
        states[lastAction] = replay.state(of: store)
        return states
    }

    /// How many records of the trace a replay of `store` must build: its patches and
    /// keyframes, and the drops.
    func stateRecordCount(of store: String) -> Int {
        records.filter { RecordSelection.state(of: store).keeps($0) }.count
    }
}
