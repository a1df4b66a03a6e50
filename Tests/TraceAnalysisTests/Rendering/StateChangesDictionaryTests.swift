import Testing
import TraceAnalysis
import TraceFormat

/// `StateChanges` matches dictionary entries by key in one pass: a merge for the canonical
/// order every recorder writes, a table for a hostile writer's unsorted or duplicate keys.
@Suite struct StateChangesDictionaryTests {
    func entry(_ key: String, _ value: Int64) -> TraceValue.DictionaryEntry {
        .init(key: .string(key), value: .int(value))
    }

    func applied(_ operations: [PatchOperation], to value: TraceValue) throws -> TraceValue {
        var value = value
        try value.apply(operations)
        return value
    }

    @Test func sortedDictionariesGiveOneOperationPerChangedInsertedOrRemovedKey() throws {
        let old = TraceValue.dictionary([entry("a", 1), entry("b", 2), entry("c", 3), entry("e", 5)])
        let new = TraceValue.dictionary([entry("a", 1), entry("c", 30), entry("d", 4), entry("e", 5), entry("f", 6)])
        let operations = StateChanges.operations(from: old, to: new)
        #expect(operations == [
            .remove(path: [.key(.string("b"))]),
            .set(path: [.key(.string("c"))], value: .int(30)),
            .set(path: [.key(.string("d"))], value: .int(4)),
            .set(path: [.key(.string("f"))], value: .int(6)),
        ])
        #expect(try applied(operations, to: old) == new)
    }

    @Test func aChangeDeepInsideOneEntryOfALargeDictionaryIsOnePathIntoIt() throws {
        let entries = (0..<10_000).map { TraceValue.DictionaryEntry(key: .int($0), value: .structure(type: "User", fields: [.init("age", .int(Int64($0)))])) }
        var changed = entries
        changed[7_777].value = .structure(type: "User", fields: [.init("age", .int(-1))])
        let old = TraceValue.dictionary(entries), new = TraceValue.dictionary(changed)
        let operations = StateChanges.operations(from: old, to: new)
        #expect(operations == [.set(path: [.key(.int(7_777)), .field("age")], value: .int(-1))])
        #expect(try applied(operations, to: old) == new)
    }

    @Test func unsortedKeysAreMatchedByKeyNotByPosition() {
        let old = TraceValue.dictionary([entry("c", 3), entry("a", 1), entry("b", 2)])
        let new = TraceValue.dictionary([entry("b", 2), entry("x", 9), entry("c", 30)])
        #expect(StateChanges.operations(from: old, to: new) == [
            .set(path: [.key(.string("c"))], value: .int(30)),
            .remove(path: [.key(.string("a"))]),
            .set(path: [.key(.string("x"))], value: .int(9)),
        ])
    }

    @Test func duplicateKeysAreMatchedInOrderOfAppearance() {
        // The first "k" of the old state meets the first "k" of the new one, the second the
        // second; a third old "k" has no partner and is removed.
        let old = TraceValue.dictionary([entry("k", 1), entry("k", 2), entry("k", 3)])
        let new = TraceValue.dictionary([entry("k", 1), entry("k", 20)])
        #expect(StateChanges.operations(from: old, to: new) == [
            .set(path: [.key(.string("k"))], value: .int(20)),
            .remove(path: [.key(.string("k"))]),
        ])
    }

    @Test func theSameKeysInTheSameOrderArePairedByPositionSortedOrNot() {
        // Unsorted, with a duplicate: the second "k" of the old state meets the second "k" of
        // the new one, as matching by key in order of appearance pairs them.
        let old = TraceValue.dictionary([entry("k", 1), entry("a", 2), entry("k", 3)])
        let new = TraceValue.dictionary([entry("k", 1), entry("a", 20), entry("k", 30)])
        #expect(StateChanges.operations(from: old, to: new) == [
            .set(path: [.key(.string("a"))], value: .int(20)),
            .set(path: [.key(.string("k"))], value: .int(30)),
        ])
    }

    @Test func equalStatesGiveNoOperations() {
        let value = TraceValue.dictionary((0..<1_000).map { entry(String($0), Int64($0)) })
        #expect(StateChanges.operations(from: value, to: value).isEmpty)
    }
}
