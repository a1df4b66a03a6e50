extension Array {
    /// Empties an array that is handed back and forth between the app's threads and the worker,
    /// keeping its allocation, so that the app thread appends without growing it: growing a
    /// large array on the store thread copies it whole (milliseconds for a backlog of 100,000
    /// actions), and under overload the backlog comes back again and again. An array a batch
    /// filled more than half way is grown here, on the worker, while empty. Only once
    /// `mayShrink` (the worker has seen no large batch for a while) is the memory of a burst
    /// that left the array far larger than this batch needed given back.
    ///
    /// - Parameters:
    ///   - mayShrink: whether a burst's memory may be given back now.
    ///   - fullCapacity: the most elements the budget lets the array hold; a batch of an
    ///     eighth of that is overload, and the array is grown to it at once (untouched capacity
    ///     is address space, not memory) rather than doubling on the store thread again and
    ///     again while the backlog ramps up.
    @usableFromInline
    mutating func recycle(mayShrink: Bool, fullCapacity: Int) {
        let retainedCapacity = 4_096
        let used = count
        if mayShrink && capacity > retainedCapacity && used < capacity / 4 {
            self = []
            reserveCapacity(Swift.max(used, retainedCapacity / 4))
        } else {
            removeAll(keepingCapacity: true)
            // A batch that filled more than half the array may grow next time: grow it here,
            // on the worker, while it is empty (nothing to copy), rather than on the store
            // thread while full.
            if used > capacity / 2 { reserveCapacity(used >= fullCapacity / 8 ? fullCapacity : used * 2) }
        }
    }
}
