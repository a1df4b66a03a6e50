/// The session engine's memory: decoded chunks and reconstructed states, each kept within a
/// fixed budget and evicted least recently used first, so memory stays bounded whatever the
/// size of the trace.
struct SessionCache {
    /// A store's state reconstructed after action `seq`, with the position of the last record
    /// that went into it: replay resumes from there.
    struct StoredState {
        var store: String
        var seq: UInt64
        var position: RecordPosition
        var value: TraceValue
        /// The keyframe the replay that built it started from, if any (see
        /// ``StateAnswer/keyframeSeq``).
        var keyframeSeq: UInt64? = nil
    }

    private var chunks: [Int: (records: [Record], cost: Int, used: UInt64)] = [:]
    private var chunkCost = 0
    /// The last chunk larger than the whole budget (a keyframe of a huge state), kept aside
    /// and counted apart: kept among the others, it was evicted by the next small chunk, so
    /// every key that listed the actions beside it decoded it again (2M nodes, 130 ms).
    private var oversized: (index: Int, records: [Record])?
    /// Every use of a chunk, oldest first, as (chunk, clock at that use): the least recently
    /// used chunk is the first entry still matching its chunk's `used`. Evicting by scanning
    /// all cached chunks for the oldest cost O(cached chunks) per store, which made a read of
    /// a trace of many small chunks quadratic (300,000 one-action chunks: 40,000 cached).
    private var uses: [(chunk: Int, used: UInt64)] = []
    private var usesHead = 0
    /// How many cache entries eviction looked at: what tests count instead of timing.
    private(set) var entriesExamined = 0
    private var states: [(state: StoredState, used: UInt64)] = []
    private var clock: UInt64 = 0

    /// Decoded chunks are kept while their payloads add up to at most this many bytes.
    let chunkBudget: Int
    /// At most this many reconstructed states are kept.
    let stateBudget: Int

    init(chunkBudget: Int, stateBudget: Int) {
        self.chunkBudget = chunkBudget
        self.stateBudget = stateBudget
    }

    mutating func records(ofChunk index: Int) -> [Record]? {
        if let oversized, oversized.index == index { return oversized.records }
        guard let entry = chunks[index] else { return nil }
        clock += 1
        chunks[index]?.used = clock
        noteUse(of: index)
        return entry.records
    }

    /// Whether chunk `index`'s records are kept (without counting it as a use).
    func contains(chunk index: Int) -> Bool {
        oversized?.index == index || chunks[index] != nil
    }

    mutating func store(_ records: [Record], ofChunk index: Int, cost: Int) {
        guard chunkBudget > 0 else { return }
        // A chunk larger than the whole budget (a keyframe of a huge state) replaces the one
        // kept aside rather than not being kept at all: otherwise every key that reads it
        // decodes it again. Memory stays bounded: the budget, plus one chunk within the
        // format's limit on a chunk's size.
        if cost > chunkBudget {
            oversized = (index, records)
            return
        }
        if let old = chunks.removeValue(forKey: index) { chunkCost -= old.cost }
        while chunkCost > 0, chunkCost + cost > chunkBudget, usesHead < uses.count {
            let use = uses[usesHead]
            usesHead += 1
            entriesExamined += 1
            guard let oldest = chunks[use.chunk], oldest.used == use.used else { continue }
            chunkCost -= oldest.cost
            chunks[use.chunk] = nil
        }
        clock += 1
        chunks[index] = (records, cost, clock)
        chunkCost += cost
        noteUse(of: index)
    }

    /// Appends the use of chunk `index` at the current clock; drops the uses already passed,
    /// and the stale ones when they outnumber the cached chunks, so the list stays within a
    /// few times the cache's size.
    private mutating func noteUse(of index: Int) {
        uses.append((index, clock))
        if usesHead > 1_024, usesHead * 2 > uses.count {
            uses.removeFirst(usesHead)
            usesHead = 0
        }
        if uses.count - usesHead > 4 * chunks.count + 1_024 {
            uses = uses[usesHead...].filter { chunks[$0.chunk]?.used == $0.used }
            usesHead = 0
        }
    }

    /// The cached state of `store` with the largest seq at or before `seq`.
    mutating func state(of store: String, atOrBefore seq: UInt64) -> StoredState? {
        guard let best = Self.nearest(of: store, atOrBefore: seq, in: states.map(\.state)) else { return nil }
        clock += 1
        states[best].used = clock
        return states[best].state
    }

    /// The index of the state of `store` with the largest seq at or before `seq` in `states`.
    static func nearest(of store: String, atOrBefore seq: UInt64, in states: [StoredState]) -> Int? {
        var best: Int?
        for (i, state) in states.enumerated() where state.store == store && state.seq <= seq {
            if best.map({ states[$0].seq < state.seq }) ?? true { best = i }
        }
        return best
    }

    mutating func store(_ state: StoredState) {
        guard stateBudget > 0 else { return }
        states.removeAll { $0.state.store == state.store && $0.state.seq == state.seq }
        if states.count >= stateBudget, let oldest = states.indices.min(by: { states[$0].used < states[$1].used }) {
            states.remove(at: oldest)
        }
        clock += 1
        states.append((state, clock))
    }
}

/// Where a record is: its chunk's index in the session's chunk list and its place in the chunk.
struct RecordPosition: Hashable, Comparable {
    var chunk: Int
    var record: Int

    static func < (a: RecordPosition, b: RecordPosition) -> Bool {
        (a.chunk, a.record) < (b.chunk, b.record)
    }
}
