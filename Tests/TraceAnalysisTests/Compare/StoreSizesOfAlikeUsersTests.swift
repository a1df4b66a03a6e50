import StoreScopeTestSupport
import Testing
import TraceAnalysis
import TraceFormat

/// Users alike are one shared node when `stats` reads a chunk's states as shapes: a patch that
/// changes one user must leave the others as they were, and the sizes followed must be those
/// followed from the values and those of the replayed states (``StoreSizesFromShapesTests``).
@Suite("Store sizes of users alike")
struct StoreSizesOfAlikeUsersTests {
    static func user(_ id: Int) -> TraceValue {
        .structure(type: "User", fields: [
            .init("id", .int(Int64(id))), .init("name", .string("u\(id)")),
            .init("tags", .array([.string("a"), .string("b"), .string("c")])), .init("nick", .none(type: "String")),
        ])
    }

    static func state(users: Int) -> TraceValue {
        .structure(type: "App", fields: [.init("users", .array((0..<users).map(user))), .init("loading", .bool(false))])
    }

    static func at(_ index: Int, _ path: PathComponent...) -> [PathComponent] {
        [.field("users"), .index(index)] + path
    }

    /// Each change touches one user of several alike, or puts in a user alike to them.
    static let patches: [[PatchOperation]] = [
        [.set(path: at(0, .field("tags")), value: .array((0..<5).map { .int($0) }))],
        [.set(path: at(1, .field("name")), value: .string("renamed"))],
        [.insert(path: at(2, .field("tags"), .index(0)), value: .string("x"))],
        [.set(path: at(3, .field("nick")), value: .some(.string("n")))],
        [.set(path: at(4, .field("nick"), .some), value: .string("m"))],
        [.insert(path: [.field("users"), .index(0)], value: user(20)), .remove(path: [.field("users"), .index(6)])],
        [.move(path: [.field("users"), .index(0)], to: 3)],
        [.set(path: at(5, .field("tags"), .index(1)), value: .array([.int(1), .int(2)]))],
        [.set(path: at(6, .field("tags")), value: .int(0))],
        [.remove(path: at(1, .field("tags"), .index(2)))],
        [.set(path: [.field("loading")], value: .bool(true))],
        [.set(path: at(2), value: user(21)), .set(path: at(2, .field("id")), value: .int(1))],
    ]

    /// A keyframe of 8 users, every change, a removal of each user in turn; again after a
    /// keyframe mid-trace.
    static func records() -> [Record] {
        var records: [Record] = [], seq: UInt64 = 0
        func act(_ then: Record) {
            seq += 1
            records.append(.action(ActionRecord(
                seq: seq, store: "app", monotonicNanos: seq * 1_000, wallNanos: 0, reducerNanos: seq,
                action: .enumeration(type: "A", caseName: "c", payload: []))))
            records.append(then)
        }
        for round in 0..<2 {
            act(.keyframe(Keyframe(seq: seq + 1, store: "app", state: state(users: 8 + round))))
            for operations in patches { act(.patch(StatePatch(seq: seq + 1, store: "app", operations: operations))) }
            for _ in 0..<(8 + round) { act(.patch(StatePatch(seq: seq + 1, store: "app", operations: [.remove(path: [.field("users"), .index(0)])]))) }
        }
        return records
    }

    @Test("After every record the sizes followed from shapes read straight from the chunks are those followed from the values and those of the replayed states",
          arguments: [256, 64 * 1024])
    func sizesMatchValuesAndReplay(chunkSize: Int) throws {
        let compared = try StoreSizesFromShapesTests.compare(Self.records(), chunkSize: chunkSize)
        #expect(compared.replayed == Self.records().count / 2, "every change compared with the replayed state")
    }
}
