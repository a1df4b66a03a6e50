import TraceFormat

/// The dispatches of a store that are waiting to learn their action's sequence number, for
/// ``StoreRecorder/reduced(_:)``: a middleware that passes an action on (`next(action)`) learns
/// the number the reducer gave it, even when other actions are dispatched and reduced inside
/// that call.
///
/// One frame per dispatch in progress, innermost last. The first action reduced while a frame
/// is innermost is the frame's: an action dispatched from inside (by a later middleware, before
/// its own `next`) goes through the chain again and opens a frame of its own, so it never takes
/// the outer frame's number. Meant for stores that dispatch on one thread at a time (ReSwift).
@usableFromInline
final class DispatchFrames: Sendable {
    /// How many frames are open: read on every action, so a store without them pays one load.
    @usableFromInline let openCount = AtomicValue<Int>(0)
    /// Each open frame's number, 0 until its action is reduced.
    private let frames = LockedValue<[UInt64]>([])

    @usableFromInline init() {}

    /// Opens a frame for an action about to be passed on.
    func push() {
        frames.withLock { $0.append(0) }
        openCount.add(1, ordering: .relaxed)
    }

    /// Closes the innermost frame; returns its action's number, or `nil` if it was not reduced.
    func pop() -> UInt64? {
        openCount.subtract(1, ordering: .relaxed)
        let seq = frames.withLock { $0.popLast() ?? 0 }
        return seq == 0 ? nil : seq
    }

    /// Gives `seq` to the innermost frame if that frame has no number yet.
    @inlinable func noteReduced(_ seq: UInt64) {
        guard openCount.load(ordering: .relaxed) > 0 else { return }
        fill(seq)
    }

    @usableFromInline func fill(_ seq: UInt64) {
        frames.withLock { frames in
            if let last = frames.indices.last, frames[last] == 0 { frames[last] = seq }
        }
    }
}
