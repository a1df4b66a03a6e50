import Testing
import TraceFormat
@testable import StoreScope

// Which top-level fields a patch changed collections under: what the worker gives storage of
// its own at UI pace. Found for every patch, as a small array compared by contents.

@Test("The fields a patch changed collections under are each named once, in the order met")
func changedCollectionsNameEachFieldOnce() {
    let changed = ChangedCollections([
        .set(path: [.field("title")], value: .string("x")),
        .remove(path: [.field("members"), .index(3)]),
        .set(path: [.field("tags")], value: .array([])),
        .insert(path: [.field("members"), .index(0)], value: .int(1)),
    ])
    #expect(changed.touchesCollections)
    #expect(changed.topLevelFields == ["members", "tags"])
    #expect(ChangedCollections.sameFields(["members", "tags"], ["tags", "members"]))
    #expect(!ChangedCollections.sameFields(["members", "tags"], ["members"]))
    #expect(!ChangedCollections.sameFields(["members"], ["members", "tags"]))
    #expect(!ChangedCollections.sameFields(["members"], nil) && ChangedCollections.sameFields(nil, nil))

    let whole = ChangedCollections([.insert(path: [.index(0)], value: .int(1)), .remove(path: [.field("members"), .index(0)])])
    #expect(whole.touchesCollections && whole.topLevelFields == nil)
    let scalar = ChangedCollections([.set(path: [.field("title")], value: .string("x"))])
    #expect(!scalar.touchesCollections && scalar.topLevelFields == [])
}
