/// What the `dropped` records of a session's readable chunks say: the actions the recorder
/// reported lost, for a status line or a count of recorded actions.
public struct DroppedActions: Sendable, Equatable {
    /// How many actions they dropped.
    public var count: UInt64 = 0
    /// The highest seq they dropped (0: none).
    public var lastSeq: UInt64 = 0

    /// No drops.
    public init() {}

    init(count: UInt64, lastSeq: UInt64) {
        self.count = count
        self.lastSeq = lastSeq
    }

    mutating func add(_ other: DroppedActions) {
        count = count.addingSaturated(other.count)
        lastSeq = max(lastSeq, other.lastSeq)
    }
}

extension TraceSession {
    /// The drops in all of the session's readable chunks. Each chunk flagged as holding a
    /// `dropped` record is decoded once (``dropChunksDecoded``), so a growing trace costs only
    /// its new chunks.
    public func droppedActions() -> DroppedActions {
        var total = DroppedActions()
        for chunk in reader.chunks where chunk.header.flags.contains(.dropped) {
            if let known = dropsByChunk[chunk.offset] {
                total.add(known)
                continue
            }
            dropChunksDecoded += 1
            var drops = DroppedActions()
            for case let .dropped(dropped) in (try? reader.records(in: chunk)) ?? [] {
                drops.add(DroppedActions(count: dropped.count, lastSeq: dropped.lastSeq))
            }
            dropsByChunk[chunk.offset] = drops
            total.add(drops)
        }
        return total
    }
}
