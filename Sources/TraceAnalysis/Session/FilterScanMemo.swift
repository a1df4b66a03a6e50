/// The chunks known to hold no action a filter matches, learnt by earlier scans, so that
/// stepping through a filter that matches rarely or never reads the trace once rather than
/// once per key: later scans pass those chunks without decoding them.
///
/// A chunk is noted only after every action that starts in it was assembled (with its patch,
/// which may open the next chunk) and tested. The memo is forgotten when new records arrive:
/// a growing trace may give the last action more records, and effect outcomes change.
struct FilterScanMemo {
    private var empty: [Filter: Set<Int>] = [:]
    /// Filters by last use; the oldest is forgotten past ``filters``.
    private var recent: [Filter] = []
    /// How many filters are remembered (the viewer's filter and its search, with room to spare).
    static let filters = 4

    /// Whether chunk `index` is known to hold no action `filter` matches.
    func hasNoMatch(inChunk index: Int, for filter: Filter) -> Bool {
        empty[filter]?.contains(index) ?? false
    }

    /// Notes that no action starting in chunk `index` matches `filter`.
    mutating func noteNoMatch(inChunk index: Int, for filter: Filter) {
        guard filter.expression != .all else { return }
        if empty[filter] == nil {
            if recent.count == Self.filters { empty[recent.removeFirst()] = nil }
            recent.append(filter)
        }
        empty[filter, default: []].insert(index)
    }
}
