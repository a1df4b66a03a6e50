/// A range of consecutive dropped actions.
@usableFromInline
struct DroppedRun: Sendable, Hashable {
    var count: UInt64
    var firstSeq: UInt64
    var lastSeq: UInt64
}

extension DroppedRun {
    /// `run` with action `seq` added as its latest, or a run of `seq` alone.
    static func adding(_ seq: UInt64, to run: DroppedRun?) -> DroppedRun {
        guard var run else { return DroppedRun(count: 1, firstSeq: seq, lastSeq: seq) }
        run.count += 1
        run.lastSeq = seq
        return run
    }
}
