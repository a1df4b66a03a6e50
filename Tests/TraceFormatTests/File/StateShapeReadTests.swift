import Testing
@testable import TraceFormat

/// A read with states as shapes (``TraceReader/recordsWithStateShapes(in:actionsAsCases:)``,
/// what `stats` reads) decodes each patch value and keyframe state straight into its shape:
/// the shape, node count and references must be those of the value a full read builds, the
/// records otherwise those of a full read, and the payloads it refuses exactly those a full
/// read refuses.
@Suite("Reads with states as shapes")
struct StateShapeReadTests {
    static func read(
        _ payload: [UInt8], count: Int = SelectiveReadTests.records.count, actionsAsCases: Bool = false
    ) -> Result<(records: [Record], shapes: [ShapedValue]), TraceError> {
        Result { () throws(TraceError) in
            let read = try payload.withRawBytes { (raw) throws(TraceError) in
                try ChunkCodec.decodeRecordsWithStateShapes(raw, count: count, actionsAsCases: actionsAsCases)
            }
            return (read.records, read.shapes)
        }
    }

    /// The states a full read's `records` hold, in record order: keyframe states and the
    /// values of `set` and `insert` operations.
    static func states(in records: [Record]) -> [TraceValue] {
        records.flatMap { record -> [TraceValue] in
            switch record {
            case let .keyframe(keyframe): [keyframe.state]
            case let .patch(patch):
                patch.operations.compactMap { operation in
                    switch operation {
                    case let .set(_, value), let .insert(_, value): value
                    case .remove, .move: nil
                    }
                }
            default: []
            }
        }
    }

    /// A shape written out, to compare two: kinds, field names, keys and children.
    static func describe(_ shape: ValueShape) -> String {
        switch shape {
        case .leaf: return "leaf"
        case .none: return "none"
        case let .node(node):
            return "\(node.kind)\(node.names)\(node.keys.map { "\($0)" })(\(node.children.map(describe).joined(separator: ",")))"
        }
    }

    /// Every value kind, nested: dictionaries of arrays, sets of structs holding references,
    /// optionals of enums with payloads, objects.
    static let nested = TraceValue.structure(type: "Root", fields: [
        .init("byKey", .dictionary([
            .init(key: .structure(type: "Key", fields: [.init("owner", .reference(type: "Owner", id: 1))]),
                  value: .array([.some(.enumeration(type: "E", caseName: "a", payload: [.init("", .reference(type: "Owner", id: 2))]))])),
            .init(key: .string("z"), value: .set([.reference(type: "Tag", id: 3), .int(1)])),
        ])),
        .init("box", .object(type: "Box", id: 4, fields: [.init("inner", .array([.array([]), .none(type: "Int")]))])),
    ])

    @Test("Each state's shape, node count and references are those of the value a full read builds; the rest is a full read's")
    func shapesMatchTheValues() throws {
        let records = SelectiveReadTests.records + [
            .patch(StatePatch(seq: 7, store: "b", operations: [
                .set(path: [], value: Self.nested), .remove(path: [.field("box")]), .insert(path: [.index(0)], value: Self.nested),
            ])),
            .keyframe(Keyframe(seq: 8, store: "c", state: Self.nested)),
        ]
        let payload = try SelectiveReadTests.payload(of: records)
        let full = try ActionCaseReadTests.fullRead(payload, count: records.count).get()
        for actionsAsCases in [false, true] {
            let read = try Self.read(payload, count: records.count, actionsAsCases: actionsAsCases).get()
            let values = Self.states(in: full)
            try #require(read.shapes.count == values.count)
            for (shaped, value) in zip(read.shapes, values) {
                let expected = ShapedValue(value)
                #expect(shaped.nodes == value.nodeCountForTests)
                #expect(shaped.nodes == expected.nodes)
                #expect(shaped.references == expected.references)
                #expect(Self.describe(shaped.shape) == Self.describe(expected.shape))
            }
            #expect(read.shapes.last.map { $0.references } == ["Owner": 2, "Tag": 1])
            // The records are a full read's (actions as cases, when asked), their states placeholders.
            #expect(read.records.count == full.count)
            for (record, fullRecord) in zip(read.records, full) {
                switch (record, fullRecord) {
                case let (.keyframe(keyframe), .keyframe(fullKeyframe)):
                    #expect(keyframe.seq == fullKeyframe.seq && keyframe.store == fullKeyframe.store)
                case let (.patch(patch), .patch(fullPatch)):
                    #expect(patch.seq == fullPatch.seq && patch.store == fullPatch.store)
                    #expect(patch.operations.map(\.path) == fullPatch.operations.map(\.path))
                case let (.action(action), .action(fullAction)):
                    #expect(action.action == (actionsAsCases ? ActionCaseReadTests.asCase(fullAction.action) : fullAction.action))
                default:
                    #expect(record == fullRecord)
                }
            }
        }
    }

    @Test("Nodes of a chunk whose children are all leaves share one array of them; others have their own")
    func leafChildrenShared() throws {
        func user(_ id: Int64, tags: [TraceValue]) -> TraceValue {
            .structure(type: "User", fields: [.init("id", .int(id)), .init("tags", .array(tags)), .init("on", .bool(true))])
        }
        let records: [Record] = [
            .patch(StatePatch(seq: 1, store: "s", operations: [
                .insert(path: [.index(0)], value: user(1, tags: [.string("a"), .string("b")])),
                .insert(path: [.index(0)], value: user(2, tags: [.string("c"), .int(3)])),
                .insert(path: [.index(0)], value: user(3, tags: [.string("d"), .none(type: "String")])),
            ])),
        ]
        let payload = try SelectiveReadTests.payload(of: records)
        let read = try Self.read(payload, count: records.count).get()
        func children(_ shaped: ShapedValue) throws -> (user: [ValueShape], tags: [ValueShape]) {
            guard case let .node(user) = shaped.shape, case let .node(tags) = user.children[1] else { throw TraceError.malformed("no tags") }
            return (user.children, tags.children)
        }
        let (first, second, third) = (try children(read.shapes[0]), try children(read.shapes[1]), try children(read.shapes[2]))
        func storage(_ shapes: [ValueShape]) -> UnsafeRawPointer? { shapes.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) } }
        #expect(first.tags.count == 2 && third.tags.count == 2)
        #expect(storage(first.tags) == storage(second.tags), "two leaves each: one array")
        #expect(storage(third.tags) != storage(first.tags), "a `nil` is no leaf")
        #expect(storage(first.user) != storage(third.user), "a user holds its tags' node")
        #expect(read.shapes.map(\.nodes) == Self.states(in: try ActionCaseReadTests.fullRead(payload, count: records.count).get()).map(\.nodeCountForTests))
    }

    @Test("Nodes of a chunk alike (kind, field names, children) are one node; a set, a dictionary or a reference is never shared, nor what holds it")
    func alikeNodesShared() throws {
        func user(_ id: Int64, tags: [TraceValue], on: TraceValue = .bool(true), type: String = "User", tagsName: String = "tags") -> TraceValue {
            .structure(type: type, fields: [.init("id", .int(id)), .init(tagsName, .array(tags)), .init("on", on)])
        }
        let values: [TraceValue] = [
            user(1, tags: [.string("a"), .string("b")]),
            user(2, tags: [.string("c"), .int(3)]),
            user(3, tags: [.string("d"), .none(type: "String")]),
            user(4, tags: [.string("e"), .string("f")], on: .set([.int(1)])),
            user(5, tags: [.string("g"), .string("h")], type: "Admin"),
            user(6, tags: [.string("i"), .string("j")], tagsName: "labels"),
            .array([user(7, tags: [.string("k"), .string("l")]), user(8, tags: [.int(1), .int(2)])]),
        ]
        let records: [Record] = [
            .patch(StatePatch(seq: 1, store: "s", operations: values.map { .insert(path: [.index(0)], value: $0) })),
            .keyframe(Keyframe(seq: 2, store: "s", state: .array([user(9, tags: [.int(1), .int(2)]), user(10, tags: [.int(3), .int(4)])]))),
        ]
        let payload = try SelectiveReadTests.payload(of: records)
        let read = try Self.read(payload, count: records.count).get()
        func node(_ shape: ValueShape) throws -> ValueShapeNode {
            guard case let .node(node) = shape else { throw TraceError.malformed("no node") }
            return node
        }
        let users = try read.shapes.map { try node($0.shape) }
        #expect(users[0] === users[1] && users[0].isShared, "the same fields, two leaves of tags each: one node")
        #expect(users[0] !== users[2], "a `nil` is no leaf")
        #expect(users[0] !== users[3] && !users[3].isShared, "a set is never shared, nor what holds it")
        #expect(users[0] !== users[4] && users[0].names == users[4].names, "another type, though its field names are the same")
        #expect(users[0] !== users[5], "other field names")
        for list in users[6...] {
            let pair = try list.children.map(node)
            #expect(pair[0] === pair[1] && pair[0].isShared, "alike in an array, and in a keyframe's state")
        }
        let full = try ActionCaseReadTests.fullRead(payload, count: records.count).get()
        #expect(read.shapes.map(\.nodes) == Self.states(in: full).map(\.nodeCountForTests))
        #expect(read.shapes.map { Self.describe($0.shape) } == Self.states(in: full).map { Self.describe(ShapedValue($0).shape) })
    }

    @Test("A read with states as shapes refuses exactly the damaged or cut payloads a full read refuses")
    func refusesWhatAFullReadRefuses() throws {
        let payload = try SelectiveReadTests.payload()
        var refused = 0
        for (offset, damaged) in SelectiveReadTests.damagedCopies(of: payload).enumerated() {
            switch (ActionCaseReadTests.fullRead(damaged), Self.read(damaged)) {
            case let (.success(full), .success(read)):
                #expect(read.records.count == full.count, "damage \(offset)")
                #expect(read.shapes.map(\.nodes) == Self.states(in: full).map(\.nodeCountForTests), "damage \(offset)")
            case let (.failure(fullError), .failure(error)):
                #expect(fullError == error, "damage \(offset)")
                refused += 1
            case let (full, read):
                Issue.record("damage \(offset): full read \(full), read with states as shapes \(read.map(\.records))")
            }
        }
        #expect(refused > payload.count, "most damage is refused")
    }
}

extension TraceValue {
    /// Nodes in the tree, counted here by a walk of its own (`nodeCount` is TraceAnalysis').
    var nodeCountForTests: Int {
        var count = 1
        forEachChild { child in
            count += child.nodeCountForTests
            return true
        }
        return count
    }
}
