import TraceFormat

/// The ids class instances carry in captured trees: one per instance for the life of the
/// process, so an object keeps its id in every keyframe and patch of every session, and a new
/// object never renumbers the others.
///
/// Ids count up from 1 in the order instances are first captured; an id is never given to a
/// second instance, even after the first is freed and its address reused (each entry holds
/// the instance weakly and a dead entry no longer matches). Dead entries are dropped when the
/// table has doubled since the last sweep, so the table stays proportional to the instances
/// still alive that were ever captured.
///
/// Looking an instance up touches only its reference count (to form the weak reference),
/// which the runtime updates atomically: it never reads the instance's fields.
enum ObjectIdentities {
    private struct Entry: @unchecked Sendable {
        // @unchecked: the weak reference only tells whether the instance is still alive and
        // where; nothing reads the instance through it, and weak loads are atomic.
        weak var object: AnyObject?
        var id: UInt64
    }

    private struct Table {
        var entries: [ObjectIdentifier: Entry] = [:]
        var lastID: UInt64 = 0
        /// The size at which dead entries are swept next.
        var sweepAt = 1024
    }

    private static let table = LockedValue(Table())

    /// The id of `object`, assigned on first sight.
    static func id(of object: AnyObject) -> UInt64 {
        let key = ObjectIdentifier(object)
        // Only compared and weakly referenced under the lock, never read.
        nonisolated(unsafe) let instance = object
        return table.withLock { table in
            // A live instance at the same address is this one.
            if let entry = table.entries[key], let known = entry.object, ObjectIdentifier(known) == key { return entry.id }
            table.lastID += 1
            table.entries[key] = Entry(object: instance, id: table.lastID)
            if table.entries.count >= table.sweepAt {
                table.entries = table.entries.filter { $0.value.object != nil }
                table.sweepAt = max(1024, 2 * table.entries.count)
            }
            return table.lastID
        }
    }
}
