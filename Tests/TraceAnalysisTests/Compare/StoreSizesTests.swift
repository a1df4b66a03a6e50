import Testing
import TraceAnalysis
import TraceFormat

/// ``StoreSizes`` follows each store's size through its patches, exact after every one, and
/// keeps of the state only what sizes and later paths need.
@Suite("Store sizes through patches")
struct StoreSizesTests {
    static func user(_ name: String) -> TraceValue {
        .structure(type: "User", fields: [.init("name", .string(name)), .init("tags", .array([.string("a")]))])
    }
    static let initial = TraceValue.structure(type: "State", fields: [
        .init("users", .array([user("Ada"), user("Grace")])),
        .init("scores", .dictionary([.init(key: .string("ada"), value: .int(1))])),
        .init("labels", .set([.string("x")])),
        .init("flag", .bool(false)),
    ])

    @Test("after every patch the size followed is the node count of the state the patches build")
    func sizesMatchTheRebuiltState() throws {
        let patches: [[PatchOperation]] = [
            [.set(path: [.field("users"), .index(0), .field("name")], value: .string("Ada L."))],
            [.set(path: [.field("scores"), .key(.string("grace"))], value: .int(2))],
            [.set(path: [.field("scores"), .key(.string("ada"))], value: .int(3))],
            [.remove(path: [.field("scores"), .key(.string("ada"))])],
            [.insert(path: [.field("labels"), .key(.string("x"))], value: .string("x"))],
            [.insert(path: [.field("labels"), .key(.string("y"))], value: .string("y"))],
            [.insert(path: [.field("users"), .index(0)], value: Self.user("Linus"))],
            [.set(path: [.field("users"), .index(1), .field("name")], value: .string("Ada"))],
            [.remove(path: [.field("users"), .index(1)])],
            [.set(path: [.field("users"), .index(0), .field("tags")], value: .array([]))],
            [.move(path: [.field("users"), .index(0)], to: 1)],
            [.set(path: [.field("flag")], value: .string("now a string"))],
            [.set(path: [], value: .array([.int(1)]))],
        ]
        var sizes = StoreSizes()
        var state = Self.initial
        sizes.add(.keyframe(Keyframe(seq: 0, store: "s", state: state)))
        for (index, patch) in patches.enumerated() {
            let seq = UInt64(index + 1)
            try state.apply(patch)
            sizes.add(.patch(StatePatch(seq: seq, store: "s", operations: patch)))
            #expect(sizes.stores[0].last?.nodes == state.nodeCount, "after #\(seq)")
            #expect(sizes.stores[0].last?.seq == seq)
        }
        #expect(!sizes.stores[0].unknownAtEnd)
    }

    @Test("a scalar set at a path the patch cannot write through makes the size unknown, as applying it does")
    func unwritablePathIsNotSkipped() {
        // `.index(0)` names a struct's first field for reading (TraceValue.child), but a patch
        // writes struct fields by name only: applying this set fails.
        var sizes = StoreSizes()
        sizes.add(.keyframe(Keyframe(seq: 0, store: "s", state: Self.initial)))
        sizes.add(.patch(StatePatch(seq: 1, store: "s", operations: [.set(path: [.field("users"), .index(0), .index(0)], value: .string("x"))])))
        #expect(sizes.stores[0].unknownAtEnd)
        #expect(sizes.stores[0].last?.seq == 0)
    }
}
