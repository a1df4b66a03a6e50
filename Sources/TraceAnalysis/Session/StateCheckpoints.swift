/// States a replay passed through, kept every ``interval`` patches of a store, so that a later
/// question near one resumes there instead of at the store's keyframe: a step back costs at
/// most one interval of patches, not a keyframe interval.
///
/// Keeping a state copies nothing: ``TraceValue``'s arrays are copy-on-write, so a checkpoint
/// shares every subtree with the live replay until a patch changes it, and the patch then
/// copies only the arrays on its path (for 1,000 users, the users array's slots and the one
/// user's fields). What a checkpoint really holds apart is therefore far less than its tree,
/// but sharing cannot be measured cheaply, so the memory bound counts each checkpoint as if it
/// shared nothing: its node count times ``bytesPerNode``. Least recently used go first.
struct StateCheckpoints {
    /// A checkpoint is taken after this many patches of a store since the last keyframe or
    /// checkpoint of the replay (0: none are taken).
    let interval: Int
    /// A checkpoint is also taken when a replay passed this many chunks since the last
    /// keyframe or checkpoint and applied a patch meanwhile: a small store has a few patches
    /// in each chunk of the others' records, so ``interval`` patches of it span a hundred
    /// chunks or more, each to be read again by every question behind them.
    let chunkInterval: Int
    /// The kept checkpoints' estimated size is at most this many bytes.
    let byteBudget: Int
    /// At most this many checkpoints are kept, whatever their size.
    static let maximumCount = 256
    /// A generous estimate of one unshared node: the enum's payload, its slot in the parent's
    /// array, a field name or a short string, and allocation headers.
    static let bytesPerNode = 96

    private var kept: [(state: SessionCache.StoredState, cost: Int, used: UInt64)] = []
    private(set) var bytes = 0
    private var clock: UInt64 = 0
    /// The node count of the last state kept per store: a state seldom changes size much in
    /// one interval, and counting costs a walk of the whole tree.
    private var nodes: [String: (seq: UInt64, count: Int)] = [:]

    init(interval: Int, byteBudget: Int, chunkInterval: Int = 16) {
        self.interval = interval
        self.chunkInterval = interval > 0 ? chunkInterval : .max
        self.byteBudget = byteBudget
    }

    /// How many checkpoints are kept.
    var count: Int { kept.count }

    /// The checkpoint of `store` with the largest seq at or before `seq`.
    mutating func state(of store: String, atOrBefore seq: UInt64) -> SessionCache.StoredState? {
        guard let best = SessionCache.nearest(of: store, atOrBefore: seq, in: kept.map(\.state)) else { return nil }
        clock += 1
        kept[best].used = clock
        return kept[best].state
    }

    /// Keeps `state`, evicting the least recently used checkpoints to stay within the bounds.
    mutating func keep(_ state: SessionCache.StoredState) {
        guard interval > 0, !kept.contains(where: { $0.state.store == state.store && $0.state.seq == state.seq }) else { return }
        let cost = estimatedBytes(of: state)
        guard cost <= byteBudget else { return }
        while !kept.isEmpty, bytes + cost > byteBudget || kept.count >= Self.maximumCount,
            let oldest = kept.indices.min(by: { kept[$0].used < kept[$1].used }) {
            bytes -= kept[oldest].cost
            kept.remove(at: oldest)
        }
        clock += 1
        kept.append((state, cost, clock))
        bytes += cost
    }

    /// The node count of the state, counted again when the store's last count is more than
    /// ten intervals old.
    private mutating func estimatedBytes(of state: SessionCache.StoredState) -> Int {
        if let known = nodes[state.store], state.seq >= known.seq, state.seq - known.seq < UInt64(interval * 10) {
            return known.count * Self.bytesPerNode
        }
        let count = state.value.nodeCount
        nodes[state.store] = (state.seq, count)
        return count * Self.bytesPerNode
    }
}
