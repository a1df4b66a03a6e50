
/// The session engine: answers questions about a recorded trace without reading the whole
/// file, for the `storescope` commands and the interactive viewer.
///
/// It opens a trace (closed cleanly, crashed, or still being written: see ``refresh()``) and
/// answers from the chunk index (the footer's, or one rebuilt by scanning frames):
///
/// * the records of a seq or time range: ``records(seqs:)``, ``records(times:)``;
/// * the state of a store after any action: ``state(of:after:)``, from the nearest keyframe
///   before it plus patches, "unknown until the next keyframe" after a gap or a drop;
/// * the actions matching a ``Filter``: ``forEachAction(in:matching:_:)``,
///   ``action(after:matching:)``, ``action(before:matching:)``.
///
/// Memory is bounded: decoded chunks and reconstructed states live in a cache with a fixed
/// ``Budget``. Damaged parts are never guessed over: every answer carries the ``Damage`` it
/// met, and ``damage`` lists everything known to be missing.
///
/// A session is used by one thread at a time.
public final class TraceSession {
    /// How much decoded data the engine keeps.
    public struct Budget: Sendable, Hashable {
        /// Decoded chunks are kept while their raw payloads add up to at most this many bytes.
        public var chunkBytes: Int
        /// Reconstructed states kept to answer nearby questions faster.
        public var states: Int
        /// A replay keeps the state it passed through every this many patches of the store, so
        /// a later question near it resumes there (0: no checkpoints).
        public var checkpointInterval: Int
        /// The checkpoints' size, estimated as if they shared no subtree, stays within this
        /// many bytes.
        public var checkpointBytes: Int

        /// Creates a budget.
        public init(chunkBytes: Int, states: Int, checkpointInterval: Int = 1_000, checkpointBytes: Int = 32 << 20) {
            self.chunkBytes = chunkBytes
            self.states = states
            self.checkpointInterval = checkpointInterval
            self.checkpointBytes = checkpointBytes
        }

        /// 4 MiB of chunk payloads (about 64 chunks), 4 states, and a checkpoint every 1,000
        /// patches within 32 MiB.
        public static let standard = Budget(chunkBytes: 4 << 20, states: 4)
    }

    /// The reader underneath (header, chunk index, gaps, torn tail).
    public let reader: TraceReader
    var cache: SessionCache
    /// Chunks whose large keyframes were left out (``keyframesLeftOutOfActions``), within the
    /// same budget as ``cache``, and what was left out of each.
    var actionsCache: SessionCache
    var leftOutKeyframes: [Int: [LeftOutKeyframe]] = [:]
    /// The action scans (``forEachAction(in:matching:_:)``, ``action(after:matching:)`` and
    /// the others) leave the keyframes whose state has more value nodes than this out of the
    /// entries they return, without building them: such an entry says ``ActionEntry/keyframeLeftOut``,
    /// and the session reads its keyframe when asked about it (``changes(of:)``,
    /// ``state(of:after:)``). For a reader that shows many actions of a large state, such as
    /// the viewer's timeline; `nil` (the default): entries hold their keyframes.
    public let keyframesLeftOutOfActions: Int?
    var checkpoints: StateCheckpoints
    /// Chunks holding actions: (chunk index, first seq, last seq), in file order.
    private var actionChunks: [(chunk: Int, first: UInt64, last: UInt64)] = []
    private var indexedChunks = 0
    /// How many of the reader's header corrections ``actionChunks`` reflects.
    private var correctionsSeen = 0
    /// The chunks decoded whole at least once: their headers were compared with their records.
    private var verifiedChunks = Set<Int>()
    var effectTable: EffectTable?
    /// The drops each flagged chunk holds, by offset (see ``droppedActions()``).
    var dropsByChunk: [Int64: DroppedActions] = [:]
    /// How many chunks ``droppedActions()`` decoded: what tests count instead of timing.
    package internal(set) var dropChunksDecoded = 0
    var scanMemo = FilterScanMemo()
    /// The raw length of the largest chunk in the file (so far, for a growing file).
    public private(set) var largestChunk: UInt32 = 0
    /// The stores read from the first keyframe chunks so far, and, in a trace damaged at its
    /// start, the stores of the actions read so far (see ``stores(readingActions:)``).
    var registeredStores = RegisteredStores()
    var storesWithActions = (nextChunk: 0, names: [String]())
    /// Names the enum cases in the paths of actions' changes, learning as it is asked (`log`
    /// and the viewer's changes column share what it learned).
    public private(set) lazy var caseNamedPaths = CaseNamedPaths(session: self)
    /// The changes of keyframes, by store and seq (see ``changes(of:)``).
    var keyframeChanges: [KeyframeKey: [PatchOperation]] = [:]
    /// The last keyframe action ``changes(of:)`` compared (see `keyframeJustBefore`).
    var lastKeyframeEntry: ActionEntry?
    struct KeyframeKey: Hashable {
        var store: String
        var seq: UInt64
    }
    /// How many times a chunk was read and inflated (a cache miss, or a selective read of a
    /// store's state records): what tests count instead of timing.
    package private(set) var chunkDecodes = 0
    /// How many records chunk reads built (value trees and all); a selective read builds only
    /// the records it keeps: what tests count instead of timing.
    private(set) var recordsDecoded = 0
    /// How many patches state reconstruction applied: what tests count instead of timing.
    var patchesApplied = 0

    /// Which of the sessions this process opened this is (1, 2, …): tells a trace opened again
    /// from the session read before it, whose object may have had the same address.
    public let opening = TraceSession.openings.add(1, ordering: .relaxed).newValue
    private static let openings = AtomicValue<UInt64>(0)

    /// Opens the trace at `path`.
    ///
    /// - Parameters:
    ///   - path: the trace file.
    ///   - budget: how much decoded data to keep.
    ///   - keyframesLeftOutOfActions: see the property of that name; the chunks that bound
    ///     the session, read when it opens, are read that way too.
    /// - Throws: ``TraceError`` when the file cannot be opened or is not a trace.
    public init(path: String, budget: Budget = .standard, keyframesLeftOutOfActions: Int? = nil) throws(TraceError) {
        self.keyframesLeftOutOfActions = keyframesLeftOutOfActions
        reader = try TraceReader(path: path)
        cache = SessionCache(chunkBudget: budget.chunkBytes, stateBudget: budget.states)
        actionsCache = SessionCache(chunkBudget: budget.chunkBytes, stateBudget: 0)
        checkpoints = StateCheckpoints(interval: budget.checkpointInterval, byteBudget: budget.checkpointBytes)
        indexActionChunks()
        verifyEnds()
    }

    /// The session header.
    public var header: SessionHeader { reader.header }

    /// The chunk index.
    public var chunks: [ChunkInfo] { reader.chunks }

    /// Reads what another process appended to a trace that is still being written.
    ///
    /// - Returns: whether new chunks arrived, or the footer (the writer closed the trace).
    /// - Throws: ``TraceError`` when the file can no longer be read.
    @discardableResult
    public func refresh() throws(TraceError) -> Bool {
        let wasComplete = reader.isComplete
        guard try reader.refresh() > 0 else { return reader.isComplete != wasComplete }
        indexActionChunks()
        verifyEnds()
        effectTable = nil
        scanMemo = FilterScanMemo()
        return true
    }

    /// The first and last action sequence numbers in the readable chunks, from the index alone.
    public var seqRange: ClosedRange<UInt64>? {
        noteCorrections()
        guard let first = actionChunks.first, let last = actionChunks.last else { return nil }
        return first.first...max(first.first, last.last)
    }

    /// Everything known to be missing: damaged byte ranges (found when opening, or since, when
    /// reading chunks) and an incomplete last chunk.
    public var damage: [Damage] {
        var all = reader.gaps.map { Damage(gap: $0, kind: .damaged, session: self) }
        if let torn = reader.tornTail { all.append(Damage(gap: torn, kind: .tornTail, session: self)) }
        all += reader.headerMismatches.map { Damage($0, session: self) }
        return all
    }

    // MARK: - Chunks

    private func indexActionChunks() {
        let chunks = reader.chunks
        for index in indexedChunks..<chunks.count {
            if let range = chunks[index].seqRange { actionChunks.append((index, range.lowerBound, range.upperBound)) }
            largestChunk = max(largestChunk, chunks[index].header.rawLength)
        }
        indexedChunks = chunks.count
    }

    // The engine plans reads from chunk headers (the index) and cannot verify a chunk it does
    // not decode. The rule (docs/FORMAT.md §4, "Verifying a header"): every chunk decoded,
    // whole or selectively, is compared with its header, and when they disagree the records
    // win: the reader corrects its entry and reports the mismatch, and the session re-plans
    // from the corrected index.
    // Opening decodes the chunks that bound the session (the first and last holding actions,
    // and the last chunk), so the session's extent is what its records say; a query for the
    // actions from some seq on also decodes the action chunk before the one the index names
    // (see ``verifiedFirstChunk(withActionAtOrAfter:)``). A lie in a chunk no query reads
    // stays unseen until `storescope check`, which decodes every chunk.

    /// Decodes the chunks that bound the session, so that a header lying about them (the
    /// session's first or last action, a keyframe there) is corrected before anyone asks.
    private func verifyEnds() {
        var bounds: [Int] = []
        if let first = actionChunks.first?.chunk { bounds.append(first) }
        if let last = actionChunks.last?.chunk { bounds.append(last) }
        if !reader.chunks.isEmpty { bounds.append(reader.chunks.count - 1) }
        for index in Set(bounds).sorted() {
            _ = actionRecords(ofChunk: index)
        }
        noteCorrections()
    }

    /// Rebuilds the action chunk list when the reader corrected a header since it was built.
    func noteCorrections() {
        guard reader.headerMismatches.count != correctionsSeen else { return }
        correctionsSeen = reader.headerMismatches.count
        actionChunks = []
        indexedChunks = 0
        indexActionChunks()
        scanMemo = FilterScanMemo()
    }

    /// ``firstChunk(withActionAtOrAfter:)``, having decoded (and so verified) the action chunk
    /// before it, as the action scans read it (large keyframes left out when they are): a
    /// header there claiming fewer seqs than its chunk holds would hide the actions from `seq`
    /// on that it holds. Repeats while decoding corrects a header.
    func verifiedFirstChunk(withActionAtOrAfter seq: UInt64) -> Int? {
        while true {
            let found = firstChunk(withActionAtOrAfter: seq)
            var position = actionChunks.count
            if let found {
                var low = 0, high = actionChunks.count
                while low < high {
                    let mid = (low + high) / 2
                    if actionChunks[mid].chunk < found { low = mid + 1 } else { high = mid }
                }
                position = low
            }
            guard position > 0 else { return found }
            let before = actionChunks[position - 1].chunk
            guard !verifiedChunks.contains(before) else { return found }
            let corrections = reader.headerMismatches.count
            _ = actionRecords(ofChunk: before)
            guard reader.headerMismatches.count != corrections else { return found }
            noteCorrections()
        }
    }

    /// The decoded records of chunk `index`, or `nil` when its bytes are damaged (the reader
    /// then lists it in its gaps).
    func records(ofChunk index: Int) -> [Record]? {
        if let cached = cache.records(ofChunk: index) { return cached }
        let chunk = reader.chunks[index]
        chunkDecodes += 1
        guard let records = try? reader.records(in: chunk) else { return nil }
        recordsDecoded += records.count
        cache.store(records, ofChunk: index, cost: Int(chunk.header.rawLength))
        verifiedChunks.insert(index)
        noteCorrections()
        return records
    }

    /// The records of chunk `index` but its patches and keyframes, for a pass over the whole
    /// session that needs no state (effects, actions, logs): taken from the cache when the
    /// engine decoded the chunk, else read without building the states and not cached, so the
    /// pass does not push out what the engine keeps. `nil` when the chunk's bytes are damaged.
    func recordsWithoutStates(ofChunk index: Int) -> [Record]? {
        cache.records(ofChunk: index) ?? (try? reader.records(in: reader.chunks[index], keeping: .allButStates).map(\.record))
    }

    /// Hands `body` the records but states (``recordsWithoutStates(ofChunk:)``) of the chunks
    /// from `start` on, at most `limit` of them, for a reader that takes in a growing session
    /// a part at a time; a damaged chunk is passed over. A header the reads corrected is
    /// noted (``noteCorrections()``), as after every read of the session.
    ///
    /// - Returns: the index to pass as `start` next time (`start` when no chunk was new).
    func forEachRecordWithoutStates(inChunksFrom start: Int, limit: Int, _ body: (Record) -> Void) -> Int {
        let end = min(reader.chunks.count, start + limit)
        guard start < end else { return start }
        for index in start..<end {
            for record in recordsWithoutStates(ofChunk: index) ?? [] { body(record) }
        }
        noteCorrections()
        return end
    }

    /// The records of chunk `index` as the action scans read them: all of them, or, when the
    /// session leaves large keyframes out of actions (``keyframesLeftOutOfActions``) and the
    /// chunk is not decoded whole already, all but those keyframes, with what each was. `nil`
    /// when the chunk's bytes are damaged.
    func actionRecords(ofChunk index: Int) -> (records: [Record], leftOut: LeftOutKeyframes)? {
        guard let limit = keyframesLeftOutOfActions else { return records(ofChunk: index).map { ($0, LeftOutKeyframes([])) } }
        if let whole = cache.records(ofChunk: index) { return (whole, LeftOutKeyframes([])) }
        if let records = actionsCache.records(ofChunk: index) { return (records, LeftOutKeyframes(leftOutKeyframes[index] ?? [])) }
        guard let read = decodeActionRecords(ofChunk: index, leavingOutKeyframesOver: limit) else { return nil }
        return (read.records, LeftOutKeyframes(read.leftOut))
    }

    /// Reads chunk `index` from the file as the action scans read it, leaving out the
    /// keyframes over `limit` nodes, and keeps what it read; `nil` when its bytes are damaged.
    func decodeActionRecords(ofChunk index: Int, leavingOutKeyframesOver limit: Int) -> (records: [Record], leftOut: [LeftOutKeyframe], summary: ChunkSummary)? {
        chunkDecodes += 1
        guard let read = try? reader.recordsForActions(in: reader.chunks[index], leavingOutKeyframesOver: limit) else { return nil }
        recordsDecoded += read.records.count
        keepActionRecords(read.records, leftOut: read.leftOut, ofChunk: index)
        return read
    }

    /// Keeps the records of chunk `index` as ``actionRecords(ofChunk:)`` read them, its header
    /// verified.
    func keepActionRecords(_ records: [Record], leftOut: [LeftOutKeyframe], ofChunk index: Int) {
        let chunk = reader.chunks[index]
        verifiedChunks.insert(index)
        noteCorrections()
        if leftOut.isEmpty {
            // Nothing was large: these are the chunk's records, as a whole read gives them.
            cache.store(records, ofChunk: index, cost: Int(chunk.header.rawLength))
        } else {
            let leftOutBytes = leftOut.reduce(0) { $0 + $1.bytes }
            actionsCache.store(records, ofChunk: index, cost: max(1, Int(chunk.header.rawLength) - leftOutBytes))
            leftOutKeyframes[index] = leftOut
        }
    }

    /// Whether the action scans would take chunk `index`'s records from memory, reading nothing.
    public func holdsActionRecords(ofChunk index: Int) -> Bool {
        cache.contains(chunk: index) || keyframesLeftOutOfActions != nil && actionsCache.contains(chunk: index)
    }

    /// The records of chunk `index` that reconstructing the state of `store` reads (its
    /// patches and keyframes, every drop), each with its index in the chunk; `nil` when the
    /// chunk's bytes are damaged.
    ///
    /// Taken from the decoded chunk when it is cached. Otherwise a chunk `near` the point
    /// asked about is decoded whole into the cache, as the screen and the next step back will
    /// want it again; a chunk farther back is read selectively, building none of the other
    /// records, and not cached: the chunks a long replay passes are mostly other stores'
    /// records nobody asks for.
    func stateRecords(ofChunk index: Int, store: String, near: Bool) -> [(index: Int, record: Record)]? {
        let selection = RecordSelection.state(of: store)
        if let cached = near ? records(ofChunk: index) : cache.records(ofChunk: index) {
            return cached.indices.compactMap { selection.keeps(cached[$0]) ? ($0, cached[$0]) : nil }
        }
        if near { return nil }
        chunkDecodes += 1
        guard let records = try? reader.records(in: reader.chunks[index], keeping: selection) else { return nil }
        recordsDecoded += records.count
        verifiedChunks.insert(index)
        noteCorrections()
        return records
    }

    /// Whether bytes were lost between chunk `index - 1` and chunk `index` (a gap the scan
    /// found, which the chunk list skips).
    func hasGap(before index: Int) -> Bool {
        index > 0 && reader.chunks[index - 1].endOffset != reader.chunks[index].offset
    }

    /// The index of the first chunk holding an action with a seq ≥ `seq`, or `nil` past the end.
    func firstChunk(withActionAtOrAfter seq: UInt64) -> Int? {
        var low = 0, high = actionChunks.count
        while low < high {
            let mid = (low + high) / 2
            if actionChunks[mid].last < seq { low = mid + 1 } else { high = mid }
        }
        return low < actionChunks.count ? actionChunks[low].chunk : nil
    }

    /// The index of the first chunk whose actions all come after `seq`, or `nil` when none does.
    func firstChunk(withActionsAfter seq: UInt64) -> Int? {
        var low = 0, high = actionChunks.count
        while low < high {
            let mid = (low + high) / 2
            if actionChunks[mid].first <= seq { low = mid + 1 } else { high = mid }
        }
        return low < actionChunks.count ? actionChunks[low].chunk : nil
    }

    /// The last chunk that can hold records of actions up to `seq`, when the index tells:
    /// the chunk of the last action ≤ `seq` if a later action follows it in the same chunk
    /// (an action's patch comes before the next action). `nil` when `seq` is the last action of
    /// its chunk: its patch may then open a following chunk.
    func lastChunk(holdingRecordsUpTo seq: UInt64) -> Int? {
        var low = 0, high = actionChunks.count
        while low < high {
            let mid = (low + high) / 2
            if actionChunks[mid].first <= seq { low = mid + 1 } else { high = mid }
        }
        guard low > 0, seq < actionChunks[low - 1].last else { return nil }
        return actionChunks[low - 1].chunk
    }
}
