/// A paused store (FORMAT.md §17, "pause"): a listener paused this store's recording, not the
/// recorder's. Its actions are still reduced and their states kept by the worker, but not
/// written; the other stores go on being recorded.
///
/// What the trace says, in 1.0 records only: before the trace's next action record, the
/// paused actions since the previous one become one `dropped` record, followed by a keyframe
/// of every store that is recorded, each at its own latest action
/// (``RecorderWorker/endPausedRun()``). A `dropped` record makes every store's state unknown
/// to a reader (§10); those keyframes make the recorded stores known again at once, at every
/// seq, and they are true: none of the dropped actions was theirs (§10 allows such a keyframe
/// for this case only). The paused store stays unknown until resume writes its keyframe.
extension StoreTrack {
    /// Whether the worker's state of the store is ahead of the trace: it is paused and sent
    /// actions since. No keyframe of it is written then (it would record what the pause hides).
    var isAheadOfTrace: Bool { isPaused && unrecorded != nil }

    /// Stops writing the store's actions.
    func pause() {
        isPaused = true
    }

    /// Writes the store's actions again: what it sent while paused is, or becomes, part of a
    /// `dropped` record, and a keyframe of its state follows (unless a loss left its state
    /// unknown to the worker too: then its next action writes one). Returns its actions not
    /// recorded while paused.
    func resume(in worker: RecorderWorker) -> DroppedRun? {
        worker.endPausedRun()
        isPaused = false
        defer { unrecorded = nil }
        writePausedKeyframe(in: worker)
        return unrecorded
    }

    /// Notes an action not recorded because the store is paused.
    func notePaused(_ seq: UInt64, in worker: RecorderWorker) {
        worker.notePaused(seq)
        unrecorded = DroppedRun.adding(seq, to: unrecorded)
    }

    /// Writes a keyframe of the store's state after its latest action, after a `dropped`
    /// record of paused actions none of which was its own, when the worker knows its state
    /// (``RecorderWorker/endPausedRun()``).
    func writePausedKeyframe(in worker: RecorderWorker) {
        // A paused store that sent nothing since its pause is known as the trace last had it.
        guard !isAheadOfTrace, !needsKeyframe, worker.canWrite else { return }
        writeLatestKeyframe(in: worker)
    }
}
