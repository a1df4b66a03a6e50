import TraceFormat

/// The one word app threads and the recorder's worker meet on: which of the queue's two lanes
/// app threads append to, and whether an app thread is inside its append. It also guards what
/// app threads share with each other (`Value`, the queue's ``RecordingQueue/AppSide``).
///
/// The word is the current lane (0 or 1) plus ``held`` while an app thread is inside:
///
/// - An app thread enters with one compare-and-exchange from `lane` to `lane | held`, which
///   also tells it the lane; it leaves with a plain release store of `lane`. While it is
///   inside, no other thread writes the word: other app threads' exchanges fail, and so does
///   the worker's.
/// - The worker flips the lane with one compare-and-exchange from `lane` to `1 - lane`, which
///   succeeds only while no app thread is inside. After it, every app thread enters the other
///   lane, and the one the worker left is its own until it flips back.
///
/// The exchanges are sequentially consistent (so acquiring and releasing): an app thread's
/// leave publishes its appends to the worker's flip, and the worker's flip publishes its swap
/// of the lane it gave back (the previous take) to the next app thread that enters it. So
/// the hand-off costs the store thread one locked instruction per send, and it never waits
/// for the worker, which never holds the word: the worker only waits, at its flip, for an app
/// thread to leave. App
/// threads wait for each other as they would for a lock (``SpinWait``), for the few hundred
/// nanoseconds of an append, longer only when the thread inside was preempted.
@usableFromInline
final class LaneGate<Value>: @unchecked Sendable {
    // @unchecked: `value` is read and written only between `enter()` and `leave(_:)`, which
    // exclude each other through `word`.
    /// Set in the word while an app thread is inside.
    @usableFromInline static var held: Int { 2 }
    @usableFromInline let word = AtomicValue<Int>(0, ownCacheLine: true)
    /// What app threads share, in memory of its own that never moves, reached only while
    /// inside (through a pointer: no runtime exclusivity check, as in `LockedValue`).
    @usableFromInline let value: UnsafeMutablePointer<Value>

    init(_ initialValue: Value) {
        value = .allocate(capacity: 1)
        value.initialize(to: initialValue)
    }

    deinit {
        value.deinitialize(count: 1)
        value.deallocate()
    }

    /// Enters the gate (an app thread): returns the lane to append to, after waiting for
    /// another app thread to leave if one is inside. Every call is followed, in the same
    /// function and with nothing in between that can throw or return early, by ``leave(_:)``.
    @inlinable
    func enter() -> Int {
        exchangeIfNoneInside { $0 | Self.held } ?? enterAfterWaiting()
    }

    /// ``enter()`` while another app thread is inside (out of line: a send alone never comes here).
    @usableFromInline
    func enterAfterWaiting() -> Int {
        exchangeOnceNoneInside { $0 | Self.held }
    }

    /// Leaves the gate ``enter()`` returned `lane` for, publishing what was appended to it.
    @inlinable
    func leave(_ lane: Int) {
        word.store(lane, ordering: .releasing)
    }

    /// Runs `body` inside the gate with the lane and the shared value.
    @inlinable
    func withEntered<Result>(_ body: (_ lane: Int, inout Value) -> Result) -> Result {
        let lane = enter()
        defer { leave(lane) }
        return body(lane, &value.pointee)
    }

    /// Makes the other lane current (the worker), once no app thread is inside; returns the
    /// lane it left, which no app thread touches until the next flip.
    func flip() -> Int {
        exchangeOnceNoneInside { 1 - $0 }
    }

    /// Replaces the word, the current lane, with `replacement(lane)` in one exchange if no app
    /// thread is inside, and returns the lane; `nil` if one is, or another thread changed the
    /// word first.
    @inlinable
    func exchangeIfNoneInside(_ replacement: (Int) -> Int) -> Int? {
        let lane = word.load(ordering: .relaxed)
        return lane < Self.held && word.compareExchange(expected: lane, desired: replacement(lane)) ? lane : nil
    }

    /// ``exchangeIfNoneInside(_:)``, waiting (``SpinWait``) until it succeeds.
    private func exchangeOnceNoneInside(_ replacement: (Int) -> Int) -> Int {
        var wait = SpinWait()
        while true {
            if let lane = exchangeIfNoneInside(replacement) { return lane }
            wait.pause()
        }
    }
}
