import TraceFormat

/// The records of a range of actions or of times, in file order, with the damage met: the
/// session's answer for an app or a tool that wants the raw records of a stretch of a trace.
extension TraceSession {
    /// The records from action `seqs.lowerBound` up to (not including) the first action after
    /// `seqs.upperBound`, in file order: each action with the records written after it.
    /// Seq 0 stands for the records before the first action.
    public func records(seqs: ClosedRange<UInt64>) -> RecordsAnswer {
        let start = seqs.lowerBound == 0 ? 0 : verifiedFirstChunk(withActionAtOrAfter: seqs.lowerBound)
        var answer = RecordsAnswer()
        guard let start else { return answer }
        var started = seqs.lowerBound == 0
        walk(from: start, answer: &answer) { record in
            if case let .action(action) = record {
                if action.seq > seqs.upperBound { return false }
                if action.seq >= seqs.lowerBound { started = true }
            }
            return true
        } keep: { _ in started }
        return answer
    }

    /// The records whose time (nanoseconds since the session start) is in `times`, with the
    /// untimed records (patches, keyframes) that follow a kept one.
    public func records(times: ClosedRange<UInt64>) -> RecordsAnswer {
        let from = header.startMonotonicNanos &+ times.lowerBound, to = header.startMonotonicNanos &+ times.upperBound
        let chunks = reader.chunks
        var answer = RecordsAnswer()
        guard let start = chunks.firstIndex(where: { $0.header.lastMonotonicNanos >= from }) else { return answer }
        var keeping = false
        walk(from: start, answer: &answer) { record in
            if let time = record.monotonicNanos {
                if time > to { return false }
                keeping = time >= from
            }
            return true
        } keep: { _ in keeping }
        return answer
    }

    /// Reads records in file order from chunk `start`, noting damage on the way, while
    /// `proceed` says so; keeps those `keep` accepts.
    private func walk(from start: Int, answer: inout RecordsAnswer, proceed: (Record) -> Bool, keep: (Record) -> Bool) {
        for index in start..<reader.chunks.count {
            if hasGap(before: index), !answer.records.isEmpty { answer.noteGap(before: index, in: self) }
            guard let records = records(ofChunk: index) else {
                answer.noteDamaged(chunk: index, in: self)
                continue
            }
            for record in records {
                guard proceed(record) else { return }
                if keep(record) { answer.records.append(record) }
            }
        }
        if let torn = reader.tornTail { answer.damage.append(Damage(gap: torn, kind: .tornTail, session: self)) }
    }
}

/// Records answered for a range, and what is known to be missing from it.
public struct RecordsAnswer: Sendable {
    /// The readable records, in file order.
    public var records: [Record] = []
    /// Damage met inside or at the end of the range: records there are missing.
    public var damage: [Damage] = []

    mutating func noteGap(before index: Int, in session: TraceSession) {
        damage.append(Damage(gap: session.gapBetween(index - 1, index), kind: .damaged, session: session))
    }

    mutating func noteDamaged(chunk index: Int, in session: TraceSession) {
        damage.append(session.damage(ofChunk: index))
    }
}
