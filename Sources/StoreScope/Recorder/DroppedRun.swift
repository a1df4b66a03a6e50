/// A range of consecutive dropped actions.
@usableFromInline
struct DroppedRun: Sendable, Hashable {
    var count: UInt64
    var firstSeq: UInt64
    var lastSeq: UInt64
}
