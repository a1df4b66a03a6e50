/// An action as a count of actions by case (`stats`) takes it in, read from a chunk without
/// building its record: its numbers, and its store, type and case as indices into the chunk's
/// string table (``CountedActions/strings``), so the reader finds the action's row by two
/// integers, not by comparing names (issue 40: `stats` ran 1,124 M instructions per 100,000
/// actions building an `ActionRecord` per action on a decoding lane, freeing it there and
/// finding its row by its names, 993 M without).
///
/// Only an action whose value is an enum case or a struct is read so; any other action is
/// built as a record as before (``RecordDecoder/actionsAsCounts``).
package struct CountedAction: Sendable {
    /// Its index among all of its chunk's records: where it stands between the records built.
    package var position: Int
    package var seq: UInt64
    package var monotonicNanos: UInt64
    package var reducerNanos: UInt64
    /// The string table index of its store's name.
    package var store: Int
    /// The string table index of its type's name.
    package var type: Int
    /// The string table index of its case's name; `nil` for a struct.
    package var caseName: Int?
}

/// A chunk's actions read as ``CountedAction``s, with the chunk's string table they index.
package struct CountedActions: Sendable {
    /// In record order.
    package var actions: [CountedAction] = []
    /// The chunk's string table.
    package var strings: [String] = []

    package init(actions: [CountedAction] = [], strings: [String] = []) {
        self.actions = actions
        self.strings = strings
    }
}
