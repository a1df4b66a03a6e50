/// Actions as users think of them: each with its patch and the events after it, found by
/// filters, forward and backward.
extension TraceSession: FilterContext {
    /// What ``forEachAction(in:matching:_:)`` meets in file order.
    public enum ActionScanItem: Sendable {
        /// An action that matches the filter.
        case action(ActionEntry)
        /// Records lost here (the actions around the damage may be incomplete).
        case damage(Damage)
    }

    /// Calls `body` with every action whose seq is in `seqs` (all when `nil`) and matches
    /// `filter`, in file order, and with the damage met on the way.
    ///
    /// - Parameters:
    ///   - seqs: the actions to consider.
    ///   - filter: which of them to report.
    ///   - body: return `false` to stop.
    public func forEachAction(in seqs: ClosedRange<UInt64>? = nil, matching filter: Filter = .all, _ body: (ActionScanItem) throws -> Bool) rethrows {
        let low = seqs?.lowerBound ?? 0, high = seqs?.upperBound ?? .max
        guard let start = verifiedFirstChunk(withActionAtOrAfter: low) else {
            if let torn = reader.tornTail { _ = try body(.damage(Damage(gap: torn, kind: .tornTail, session: self))) }
            return
        }
        var assembler = ActionAssembler(startMonotonicNanos: header.startMonotonicNanos)
        // The chunk whose actions are being delivered, and whether all of them were tested
        // and none matched: then the memo notes it once the next chunk's actions come.
        var judged = (chunk: -1, noMatch: false), pendingChunk = start
        // A scan that stops at `high` in chunk `index` (or at the end) has tested every action
        // starting in the chunks before it: the last of them is noted too when none matched (a
        // search in parts ends each part there).
        func noteJudgedBefore(_ index: Int) {
            if judged.noMatch, judged.chunk >= 0, judged.chunk < index { scanMemo.noteNoMatch(inChunk: judged.chunk, for: filter) }
        }
        // Per store, the first action since its last recorded state whose state was not recorded.
        var notRecordedSince: [String: UInt64] = [:]
        func deliver(_ entry: ActionEntry?, from chunk: Int) throws -> Bool {
            guard var entry else { return true }
            if !entry.stateRecorded {
                if notRecordedSince[entry.action.store] == nil { notRecordedSince[entry.action.store] = entry.seq }
            } else if !notRecordedSince.isEmpty {
                entry.statesNotRecordedSince = notRecordedSince.removeValue(forKey: entry.action.store)
            }
            if chunk != judged.chunk {
                if judged.noMatch { scanMemo.noteNoMatch(inChunk: judged.chunk, for: filter) }
                judged = (chunk, true)
            }
            guard entry.seq >= low, entry.seq <= high else {
                // Out of the range, so not delivered; tested all the same, so that a chunk a
                // scan in parts cuts through can still be noted as holding no match.
                if filter.matches(entry, in: self) { judged.noMatch = false }
                return true
            }
            guard filter.matches(entry, in: self) else { return true }
            judged.noMatch = false
            return try body(.action(entry))
        }
        for index in start..<reader.chunks.count {
            let gap = index > start && hasGap(before: index)
            if !gap, scanMemo.hasNoMatch(inChunk: index, for: filter) {
                // Only the pending action's own records are read from a chunk known to hold no match.
                if assembler.pending != nil {
                    feedPendingAction(&assembler, fromChunk: index)
                    guard try deliver(assembler.finish(), from: pendingChunk) else { return }
                }
                if let first = reader.chunks[index].seqRange?.lowerBound, first > high {
                    noteJudgedBefore(index)
                    return
                }
                continue
            }
            let read = actionRecords(ofChunk: index)
            if gap || read == nil {
                guard try deliver(assembler.finish(), from: pendingChunk) else { return }
                if gap, try !body(.damage(Damage(gap: gapBetween(index - 1, index), kind: .damaged, session: self))) { return }
                if read == nil, try !body(.damage(damage(ofChunk: index))) { return }
            }
            assembler.startChunk(leavingOut: read?.leftOut ?? LeftOutKeyframes([]))
            for record in read?.records ?? [] {
                if case let .action(action) = record, action.seq > high {
                    guard try deliver(assembler.finish(), from: pendingChunk) else { return }
                    noteJudgedBefore(index)
                    return
                }
                let finished = assembler.add(record)
                let finishedChunk = pendingChunk
                if case .action = record { pendingChunk = index }
                guard try deliver(finished, from: finishedChunk) else { return }
            }
        }
        guard try deliver(assembler.finish(), from: pendingChunk) else { return }
        noteJudgedBefore(reader.chunks.count)
        if let torn = reader.tornTail { _ = try body(.damage(Damage(gap: torn, kind: .tornTail, session: self))) }
    }

    /// The first action after `seq` that matches `filter`, or `nil`.
    public func action(after seq: UInt64, matching filter: Filter = .all) -> ActionEntry? {
        guard let seqs = ClosedRange.seqs(after: seq) else { return nil }
        var found: ActionEntry?
        forEachAction(in: seqs, matching: filter) { item in
            if case let .action(entry) = item { found = entry; return false }
            return true
        }
        return found
    }

    /// The last action before `seq` that matches `filter`, or `nil`. Reads chunks backwards
    /// from `seq`, so a match close by is found without reading the trace from the start.
    public func action(before seq: UInt64, matching filter: Filter = .all) -> ActionEntry? {
        actions(before: seq, after: 0, matching: filter, limit: 1).first
    }

    /// Up to `limit` actions before `seq` and after `lowest` that match `filter`, nearest
    /// first: what a screen of rows above an action needs, assembling each chunk once.
    ///
    /// - Parameters:
    ///   - seq: actions before this one.
    ///   - lowest: actions after this one (0: from the first).
    ///   - filter: which actions count.
    ///   - limit: how many to find at most.
    public func actions(before seq: UInt64, after lowest: UInt64, matching filter: Filter = .all, limit: Int) -> [ActionEntry] {
        guard seq > 0 else { return [] }
        return actions(through: seq - 1, after: lowest, matching: filter, limit: limit)
    }

    /// The last action that matches `filter`, or `nil`: the one with seq `UInt64.max` too,
    /// which no "before" can name.
    public func lastAction(matching filter: Filter = .all) -> ActionEntry? {
        actions(through: .max, after: 0, matching: filter, limit: 1).first
    }

    /// Up to `limit` actions with seqs in `lowest + 1 ... highest` that match `filter`, nearest
    /// to `highest` first.
    func actions(through highest: UInt64, after lowest: UInt64, matching filter: Filter = .all, limit: Int) -> [ActionEntry] {
        guard limit > 0, highest > lowest else { return [] }
        var found: [ActionEntry] = []
        var index = firstChunk(withActionsAfter: highest).map { $0 - 1 } ?? reader.chunks.count - 1
        while index >= 0 {
            if let last = reader.chunks[index].seqRange?.upperBound, last <= lowest { break }
            if scanMemo.hasNoMatch(inChunk: index, for: filter) {
                index -= 1
                continue
            }
            // The last action's patch may open the next chunk.
            let pendingEnds = index + 1 < reader.chunks.count && !hasGap(before: index + 1)
            var assembler = ActionAssembler(startMonotonicNanos: header.startMonotonicNanos)
            var entries: [ActionEntry] = []
            if let read = actionRecords(ofChunk: index) {
                assembler.startChunk(leavingOut: read.leftOut)
                for record in read.records {
                    if let entry = assembler.add(record) { entries.append(entry) }
                }
            }
            if pendingEnds { feedPendingAction(&assembler, fromChunk: index + 1) }
            if let entry = assembler.finish() { entries.append(entry) }
            // Every action starting in the chunk is tested, those outside `lowest..<seq` too
            // (they are not returned), so that a chunk a search in parts cuts through can
            // still be noted as holding no match.
            var matchedAny = false, reachedLowest = false
            for entry in entries.reversed() {
                if entry.seq <= lowest { reachedLowest = true }
                guard filter.matches(entry, in: self) else { continue }
                matchedAny = true
                guard entry.seq <= highest, entry.seq > lowest else {
                    if reachedLowest { break }
                    continue
                }
                found.append(entry)
                if found.count == limit { return found }
            }
            if !matchedAny, !entries.isEmpty { scanMemo.noteNoMatch(inChunk: index, for: filter) }
            if reachedLowest { return found }
            index -= 1
        }
        return found
    }

    /// Feeds `assembler` the records chunk `index` holds before its first action: the end of
    /// the pending action, which may have run into the chunk.
    private func feedPendingAction(_ assembler: inout ActionAssembler, fromChunk index: Int) {
        guard let read = actionRecords(ofChunk: index) else { return }
        assembler.startChunk(leavingOut: read.leftOut)
        for record in read.records {
            if case .action = record { return }
            _ = assembler.add(record)
        }
    }

    /// The last action at or before `nanos` since the session start (0 when none is). Reads
    /// chunks as the action scans do (a session that leaves large keyframes out of its actions
    /// builds none of them here).
    public func seq(atTime nanos: UInt64) -> UInt64 {
        let target = header.startMonotonicNanos &+ nanos
        var index = reader.chunks.lastIndex { $0.seqRange != nil && $0.header.firstMonotonicNanos <= target } ?? -1
        while index >= 0 {
            let actions = (actionRecords(ofChunk: index)?.records ?? []).compactMap { record -> ActionRecord? in
                if case let .action(action) = record, action.monotonicNanos <= target { action } else { nil }
            }
            if let last = actions.last { return last.seq }
            index -= 1
        }
        return 0
    }

    // MARK: - FilterContext

    /// The effect with id `id` (reads every chunk once, the first time effects are asked about).
    public func effect(_ id: UInt64) -> EffectSummary? {
        effects.effects[id]
    }

    /// The effects action `seq` started.
    public func effects(startedBy seq: UInt64) -> [EffectSummary] {
        effects.started(by: seq)
    }

    /// The changes `action` made: its patch, or, when the recorder wrote a keyframe instead,
    /// the difference from the state before it (`nil` when that state is unknown).
    ///
    /// The changes of a keyframe are kept (for the last ``keyframeChangesKept`` keyframes asked
    /// about): a store with few actions has its keyframes far apart, and the state before one
    /// is a replay of every chunk since its previous keyframe, which a timeline showing the
    /// keyframe would otherwise repeat on every key.
    public func changes(of action: ActionEntry) -> [PatchOperation]? {
        guard action.hasKeyframe else { return action.operations }
        let key = KeyframeKey(store: action.action.store, seq: action.seq)
        if let kept = keyframeChanges[key] { return kept }
        guard action.seq > 0, let before = keyframeJustBefore(action) ?? state(of: action.action.store, after: action.seq - 1).value,
            let keyframe = action.keyframe ?? state(of: action.action.store, after: action.seq).value else { return nil }
        let operations = StateChanges.operations(from: before, to: keyframe)
        remember(operations, of: action)
        lastKeyframeEntry = action.keyframe == nil ? nil : action
        return operations
    }

    /// The state before `action` when the last keyframe ``changes(of:)`` compared is the
    /// action just before it, of its store: that keyframe, which is the state after it (no
    /// record of the same action after a keyframe changes the state). `log` over a trace of
    /// keyframes otherwise decoded each keyframe's chunk a second time, as the state before the
    /// next one. Not when records were lost or dropped there: the replay says what is unknown.
    private func keyframeJustBefore(_ action: ActionEntry) -> TraceValue? {
        guard let last = lastKeyframeEntry, last.seq == action.seq - 1, last.action.store == action.action.store,
            !last.events.contains(where: { if case .dropped = $0 { true } else { false } }),
            reader.gaps.isEmpty, reader.headerMismatches.isEmpty else { return nil }
        return last.keyframe
    }

    /// Whether ``changes(of:)`` answers `action` without reading the trace: a patch's
    /// operations, or a keyframe's changes already worked out. The viewer lists a keyframe of
    /// a large state with its changes only once they are.
    public func knowsChanges(of action: ActionEntry) -> Bool {
        !action.hasKeyframe || keyframeChanges[KeyframeKey(store: action.action.store, seq: action.seq)] != nil
    }

    /// Keeps `operations` as the changes of keyframe action `action`, worked out elsewhere
    /// (the viewer's detail reader compares the states on a session of its own): the next
    /// ``changes(of:)`` answers with them instead of comparing the states again.
    public func remember(_ operations: [PatchOperation], of action: ActionEntry) {
        guard action.hasKeyframe else { return }
        if keyframeChanges.count >= Self.keyframeChangesKept { keyframeChanges.removeAll(keepingCapacity: true) }
        keyframeChanges[KeyframeKey(store: action.action.store, seq: action.seq)] = operations
    }

    /// How many keyframes' changes ``changes(of:)`` keeps.
    static let keyframeChangesKept = 64

    private var effects: EffectTable {
        if let effectTable { return effectTable }
        let table = EffectTable(session: self)
        effectTable = table
        return table
    }
}

extension ClosedRange where Bound == UInt64 {
    /// The seqs after `seq` through `end`, or `nil` when there is none: `seq` is `UInt64.max`
    /// (a trace may use every u64) or not before `end`. What "the actions after this one"
    /// asks ``TraceSession/forEachAction(in:matching:_:)`` for, without `seq + 1` trapping.
    public static func seqs(after seq: UInt64, through end: UInt64 = .max) -> ClosedRange<UInt64>? {
        seq < end ? (seq + 1)...end : nil
    }
}
