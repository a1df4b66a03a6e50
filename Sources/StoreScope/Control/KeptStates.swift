/// The states a store had after its recent recorded actions, kept by the worker for a store
/// that allows jumps, so that a jump to one of them installs the store's own value: nothing to
/// decode, and exact even where the trace redacted or cut a field (Redux DevTools' monitor
/// keeps its history of states in the app for the same reason).
///
/// A kept state shares its storage with the states around it (copy-on-write): what one keeps
/// alive is about the collections its action changed, which the worker measures anyway
/// (``StorageUnsharing/bufferBytes(of:at:)``). The oldest states go first once there are more
/// than ``limit`` or their estimated bytes pass ``byteLimit``.
///
/// Worker thread only.
struct KeptStates<State> {
    private struct Entry {
        let seq: UInt64
        let state: State
        let bytes: Int
    }

    let limit: Int
    let byteLimit: Int
    /// Oldest first; seqs strictly increase. Few (``limit``): removing the oldest is cheap.
    private var entries: [Entry] = []
    private(set) var bytes = 0

    init(limit: Int, byteLimit: Int) {
        self.limit = max(0, limit)
        self.byteLimit = max(0, byteLimit)
    }

    /// How many states are kept.
    var count: Int { entries.count }

    /// The oldest seq whose state is kept.
    var oldestSeq: UInt64? { entries.first?.seq }

    /// Keeps `state` as the store's state after action `seq`, in place of one kept for the same
    /// seq (a jump installs a new state at the store's latest action); `bytes` estimates what it
    /// keeps alive. A seq older than the newest kept is not kept (seqs only grow), nor a state
    /// larger than the whole budget.
    mutating func keep(_ state: State, after seq: UInt64, bytes: Int) {
        let bytes = max(0, bytes)
        if let newest = entries.last, newest.seq >= seq {
            guard newest.seq == seq else { return }
            self.bytes -= newest.bytes
            entries.removeLast()
        }
        guard limit > 0, bytes <= byteLimit else { return }
        entries.append(Entry(seq: seq, state: state, bytes: bytes))
        self.bytes += bytes
        while entries.count > limit || self.bytes > byteLimit {
            self.bytes -= entries.removeFirst().bytes
        }
    }

    /// Keeps nothing any more (the listener went away: no command can use them).
    mutating func removeAll() {
        entries.removeAll()
        bytes = 0
    }

    /// The state kept for exactly action `seq`, if any.
    func state(after seq: UInt64) -> State? {
        var low = 0, high = entries.count
        while low < high {
            let middle = (low + high) / 2
            if entries[middle].seq < seq { low = middle + 1 } else { high = middle }
        }
        return low < entries.count && entries[low].seq == seq ? entries[low].state : nil
    }
}
