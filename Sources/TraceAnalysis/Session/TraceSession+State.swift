/// State reconstruction: the nearest usable keyframe (or a cached state) before the point,
/// then the patches after it, never across a gap or a drop (docs/FORMAT.md §10).
extension TraceSession {
    /// The state of `store` after action `seq` (after every action with a sequence number
    /// up to `seq`; 0 asks for the initial state).
    ///
    /// Reads only the chunks from the nearest keyframe before `seq` (found through the index's
    /// keyframe flags), or the nearest checkpoint a replay kept after it, to the chunk holding
    /// the action's patch, and of those builds only the store's own patches and keyframes and
    /// the drops (see ``stateRecords(ofChunk:store:near:)``). When records were dropped or
    /// damaged after that keyframe, the state is unknown until the store's next keyframe and
    /// the answer says why instead of guessing.
    ///
    /// - Parameters:
    ///   - store: the store's name.
    ///   - seq: the action after which to reconstruct the state.
    /// - Returns: the state, or why it is unknown and where it is known again.
    public func state(of store: String, after seq: UInt64) -> StateAnswer {
        let chunks = reader.chunks
        var answer = StateAnswer(store: store, seq: seq, result: .failure(UnknownState(reason: .noKeyframe)))
        guard !chunks.isEmpty else { return answer }
        // Asked again (the viewer's state before an action is the state after the one it
        // showed last): the kept answer, without reading the chunk it was replayed to, which for
        // a keyframe of a million entries is a decode of 130 ms.
        if let kept = cache.state(of: store, atOrBefore: seq), kept.seq == seq {
            answer.result = .success(kept.value)
            answer.keyframeSeq = kept.keyframeSeq
            return answer
        }
        let endChunk = firstChunk(withActionsAfter: seq)
        let last = lastChunk(holdingRecordsUpTo: seq) ?? endChunk ?? chunks.count - 1

        let found = findAnchor(of: store, upTo: seq, lastChunk: last)
        guard case let .success(anchor) = found else {
            if case let .failure(failure) = found { answer.result = .failure(failure) }
            answer.nextKeyframeSeq = nextKeyframe(of: store, after: seq)
            return answer
        }
        answer.keyframeSeq = anchor.keyframeSeq

        var replayed = ReplayedState(anchor.state.value, seq: anchor.state.seq)
        var position = anchor.state.position
        // Checkpoints are kept only before the last action (a later one cannot change) and
        // while the state is known.
        let lastSeq = seqRange?.upperBound ?? 0
        var sinceCheckpoint = 0, chunksSinceCheckpoint = 0
        func keepCheckpoint() {
            checkpoints.keep(SessionCache.StoredState(store: store, seq: replayed.seq, position: position, value: replayed.last))
            sinceCheckpoint = 0
            chunksSinceCheckpoint = 0
        }
        for index in anchor.state.position.chunk...last {
            if index > anchor.state.position.chunk, hasGap(before: index) {
                replayed.damage(Damage(gap: gapBetween(index - 1, index), kind: .damaged, session: self))
            }
            // A store with a few patches per chunk is checkpointed by chunks passed too, so a
            // later question about it does not read them all again.
            if chunksSinceCheckpoint >= checkpoints.chunkInterval, sinceCheckpoint > 0, replayed.unknown == nil,
                replayed.seq < lastSeq, replayed.seq < seq {
                keepCheckpoint()
            }
            chunksSinceCheckpoint += 1
            let records = index == anchor.state.position.chunk
                ? anchor.records : stateRecords(ofChunk: index, store: store, near: last - index < Self.nearChunks)
            guard let records else {
                replayed.damage(damage(ofChunk: index))
                continue
            }
            let first = index == anchor.state.position.chunk ? anchor.state.position.record + 1 : 0
            for (offset, record) in records where offset >= first {
                switch record {
                case let .patch(patch) where patch.store == store && patch.seq > replayed.seq && patch.seq <= seq:
                    guard replayed.apply(patch) != .passedOver else { continue }
                    position = RecordPosition(chunk: index, record: offset)
                    patchesApplied += 1
                    sinceCheckpoint += 1
                    if sinceCheckpoint == checkpoints.interval, replayed.unknown == nil, patch.seq < lastSeq, patch.seq < seq {
                        keepCheckpoint()
                    }
                case let .keyframe(keyframe) where keyframe.store == store && keyframe.seq <= seq && keyframe.seq >= replayed.seq:
                    replayed.replace(with: keyframe.state, seq: keyframe.seq)
                    answer.keyframeSeq = keyframe.seq
                    position = RecordPosition(chunk: index, record: offset)
                    sinceCheckpoint = 0
                    chunksSinceCheckpoint = 0
                case let .dropped(dropped) where dropped.firstSeq <= seq && dropped.lastSeq > replayed.seq:
                    replayed.drop(first: dropped.firstSeq, last: dropped.lastSeq)
                case let .stateNotRecorded(notRecorded)
                where notRecorded.store == store && notRecorded.seq > replayed.seq && notRecorded.seq <= seq:
                    replayed.notRecorded(notRecorded.seq)
                default:
                    break
                }
            }
        }
        guard let current = replayed.known else {
            answer.result = .failure(UnknownState(reason: replayed.unknown ?? .noKeyframe))
            answer.nextKeyframeSeq = nextKeyframe(of: store, after: seq)
            return answer
        }
        answer.result = .success(current)
        // A point past the end may still change as a growing trace gets more records; one
        // before a later action cannot: the writer puts every record of an action before the
        // next action.
        if let lastSeq = seqRange?.upperBound, seq < lastSeq {
            cache.store(SessionCache.StoredState(store: store, seq: seq, position: position, value: current, keyframeSeq: answer.keyframeSeq))
        }
        return answer
    }

    /// A replay decodes this many chunks before the point whole into the cache (see
    /// ``stateRecords(ofChunk:store:near:)``); it reads the others selectively.
    static let nearChunks = 4

    // MARK: - Anchors

    private struct Anchor {
        var state: SessionCache.StoredState
        var keyframeSeq: UInt64?
        /// The store's records in the anchor's chunk, read to find it: the replay starts there.
        var records: [(index: Int, record: Record)]
    }

    /// The latest keyframe of `store` at or before `seq` (or a kept state or checkpoint after
    /// it), walking back from `lastChunk` through the chunks flagged as holding keyframes or
    /// drops.
    private func findAnchor(of store: String, upTo seq: UInt64, lastChunk: Int) -> Result<Anchor, UnknownState> {
        // The nearest of the kept states and the checkpoints; a keyframe found nearer wins.
        let kept = cache.state(of: store, atOrBefore: seq), checkpoint = checkpoints.state(of: store, atOrBefore: seq)
        let cached = (checkpoint?.seq ?? 0) > (kept?.seq ?? 0) ? checkpoint : kept ?? checkpoint
        for index in stride(from: lastChunk, through: 0, by: -1) {
            if index < lastChunk, hasGap(before: index + 1) {
                return .failure(UnknownState(reason: .damaged(Damage(gap: gapBetween(index, index + 1), kind: .damaged, session: self))))
            }
            let flags = reader.chunks[index].header.flags
            let cachedHere = cached?.position.chunk == index
            guard flags.contains(.keyframe) || flags.contains(.dropped) || cachedHere else { continue }
            guard let records = stateRecords(ofChunk: index, store: store, near: lastChunk - index < Self.nearChunks) else {
                return .failure(UnknownState(reason: .damaged(damage(ofChunk: index))))
            }
            for (offset, record) in records.reversed() {
                // The kept state's last record is one of the store's, so it is among these.
                if cachedHere, let cached, offset <= cached.position.record {
                    return .success(Anchor(state: cached, keyframeSeq: nil, records: records))
                }
                switch record {
                case let .keyframe(keyframe) where keyframe.store == store && keyframe.seq <= seq:
                    let state = SessionCache.StoredState(
                        store: store, seq: keyframe.seq, position: RecordPosition(chunk: index, record: offset), value: keyframe.state)
                    return .success(Anchor(state: state, keyframeSeq: keyframe.seq, records: records))
                case let .dropped(dropped) where dropped.firstSeq <= seq:
                    return .failure(UnknownState(reason: .dropped(first: dropped.firstSeq, last: dropped.lastSeq)))
                default:
                    continue
                }
            }
        }
        return .failure(UnknownState(reason: .noKeyframe))
    }

    /// The seq of the first keyframe of `store` after `seq`: it follows the last action up to
    /// `seq` (a paused store's keyframe at resume has the seq of its last unrecorded action, and
    /// may come before the next recorded action's chunk).
    private func nextKeyframe(of store: String, after seq: UInt64) -> UInt64? {
        guard seq < .max, let start = firstChunk(withActionAtOrAfter: seq) else { return nil }
        for index in start..<reader.chunks.count where reader.chunks[index].hasKeyframe {
            for case let .keyframe(keyframe) in stateRecords(ofChunk: index, store: store, near: false)?.map(\.record) ?? [] where keyframe.store == store && keyframe.seq > seq {
                return keyframe.seq
            }
        }
        return nil
    }

    /// The damaged bytes between two chunks that do not touch.
    func gapBetween(_ previous: Int, _ next: Int) -> TraceGap {
        let start = reader.chunks[previous].endOffset, end = reader.chunks[next].offset
        return reader.gaps.first { $0.start >= start && $0.end <= end } ?? TraceGap(start: start, end: end, reason: "unreadable bytes")
    }

    /// The damage of a chunk that failed to decode.
    func damage(ofChunk index: Int) -> Damage {
        let chunk = reader.chunks[index]
        let gap = reader.gaps.first { $0.start == chunk.offset } ?? TraceGap(start: chunk.offset, end: chunk.endOffset, reason: "damaged chunk")
        return Damage(gap: gap, kind: .damaged, session: self)
    }
}
