import TraceFormat

/// A preallocated ring that one thread fills and another drains: the least any hand-off from
/// the store thread to a worker needs. The filling thread writes the next slot and publishes it
/// with one release store; the draining thread takes what was published (an acquiring load) and
/// gives the slots back with a release store of its own. No lock, no allocation, no Swift array.
///
/// One thread pushes and one drains, never more: a stand-in for the benchmarks
/// (``BareHandOff``, ``StoreThreadFloor``), not a queue the recorder could use (several app
/// threads may send at once).
final class HandOffRing<Element>: @unchecked Sendable {
    // @unchecked: a slot is written by the pushing thread only while it is not published and
    // not yet given back, and read by the draining thread only between the two; `next` and
    // `givenBackSeen` belong to the pushing thread alone.
    let capacity: Int
    private let mask: Int
    private let slots: UnsafeMutablePointer<Element>
    /// Slots written so far (pushing thread), and the count it last read of those given back.
    private var next = 0
    private var givenBackSeen = 0
    /// Slots published by the pushing thread, and given back by the draining one.
    private let published = AtomicValue<Int>(0, ownCacheLine: true)
    private let givenBack = AtomicValue<Int>(0, ownCacheLine: true)

    /// - Parameter capacity: rounded up to a power of two.
    init(capacity: Int) {
        var size = 1
        while size < capacity { size *= 2 }
        self.capacity = size
        mask = size - 1
        slots = .allocate(capacity: size)
    }

    deinit {
        drain { _ in }
        slots.deallocate()
    }

    /// Writes `element` to the next slot and publishes it (pushing thread); `false`, keeping
    /// nothing, when every slot is still held by the draining thread.
    @inline(__always)
    func push(_ element: consuming Element) -> Bool {
        if next &- givenBackSeen == capacity {
            givenBackSeen = givenBack.load(ordering: .acquiring)
            if next &- givenBackSeen == capacity { return false }
        }
        (slots + (next & mask)).initialize(to: element)
        next &+= 1
        published.store(next, ordering: .releasing)
        return true
    }

    /// Takes every published element, oldest first, and gives their slots back (draining
    /// thread); returns how many.
    @discardableResult
    func drain(_ body: (consuming Element) -> Void) -> Int {
        let upTo = published.load(ordering: .acquiring)
        var index = givenBack.load(ordering: .relaxed)
        let count = upTo &- index
        while index != upTo {
            body((slots + (index & mask)).move())
            index &+= 1
        }
        givenBack.store(upTo, ordering: .releasing)
        return count
    }

    /// Whether the draining thread has given back every slot published (any thread).
    var isDrained: Bool { givenBack.load(ordering: .acquiring) == published.load(ordering: .relaxed) }
}
