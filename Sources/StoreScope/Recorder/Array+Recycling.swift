extension Array {
    /// Empties an array that is handed back and forth between the app's threads and the worker,
    /// keeping its allocation (so the next batch appends without growing) unless a burst left
    /// it far larger than this batch needed: that memory is given back rather than held for
    /// the rest of the session.
    @usableFromInline
    mutating func recycle() {
        let retainedCapacity = 4_096
        let used = count
        if capacity > retainedCapacity && used < capacity / 4 {
            self = []
            reserveCapacity(Swift.max(used, retainedCapacity / 4))
        } else {
            removeAll(keepingCapacity: true)
        }
    }
}
