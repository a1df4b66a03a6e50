extension RecordingQueue.AppSide {
    /// After the close, counts an action that will not be kept.
    @usableFromInline
    mutating func countIfClosed() -> RecordingQueue.Admission? {
        guard closed else { return nil }
        actionsAfterClose += 1
        return .afterClose(first: actionsAfterClose == 1)
    }

    /// Counts a dropped action into the current run of drops.
    @usableFromInline
    mutating func countDropped(seq: UInt64) {
        dropping = DroppedRun.adding(seq, to: dropping)
        actionsDropped += 1
    }
}
