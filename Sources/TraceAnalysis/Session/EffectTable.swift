/// Every effect of a trace by id, and the effects each action started: what filters on
/// effect names and outcomes need. Built by one pass over the readable chunks, only when a
/// filter asks; it holds one small summary per effect.
struct EffectTable {
    private(set) var effects: [UInt64: EffectSummary] = [:]
    private var startedBy: [UInt64: [UInt64]] = [:]

    init(session: TraceSession) {
        for index in session.reader.chunks.indices {
            for record in session.records(ofChunk: index) ?? [] { add(record) }
        }
    }

    private mutating func add(_ record: Record) {
        switch record {
        case let .effectStarted(started):
            effects[started.effectID] = EffectSummary(
                id: started.effectID, name: started.name, store: started.store, parentSeq: started.parentSeq,
                state: .running, startNanos: started.monotonicNanos, endNanos: nil)
            if let parent = started.parentSeq { startedBy[parent, default: []].append(started.effectID) }
        case let .effectEnded(ended):
            guard effects[ended.effectID] != nil else { return }
            effects[ended.effectID]?.endNanos = ended.monotonicNanos
            switch ended.outcome {
            case .finished: effects[ended.effectID]?.state = .finished
            case .cancelled: effects[ended.effectID]?.state = .cancelled
            case let .failed(message): effects[ended.effectID]?.state = .failed(message)
            }
        default:
            break
        }
    }

    func started(by seq: UInt64) -> [EffectSummary] {
        (startedBy[seq] ?? []).compactMap { effects[$0] }
    }
}
