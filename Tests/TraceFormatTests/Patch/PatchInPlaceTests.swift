import Testing
import TraceFormat

/// Patches change a uniquely held state in place: no collection on the way is copied, so
/// replaying thousands of patches on a large state costs O(depth) each.
@Suite struct PatchInPlaceTests {
    /// The address of the users array's storage inside `state`.
    static func usersStorage(_ state: TraceValue) -> Int? {
        guard case let .structure(_, fields) = state, case let .array(users) = fields[0].value else { return nil }
        return users.withUnsafeBufferPointer { buffer in buffer.baseAddress.map { Int(bitPattern: $0) } }
    }

    static func state() -> TraceValue {
        .structure(type: "State", fields: [
            .init("users", .array((0..<1_000).map { .structure(type: "User", fields: [.init("id", .int(Int64($0))), .init("name", .string("u\($0)"))]) })),
            .init("isLoading", .bool(false)),
        ])
    }

    @Test("set, insert and remove under a 1,000-element array keep its storage", arguments: [
        PatchOperation.set(path: [.field("users"), .index(3), .field("name")], value: .string("Ada")),
        .set(path: [.field("users"), .index(3)], value: .int(0)),
        .insert(path: [.field("users"), .index(0)], value: .int(0)),
        .remove(path: [.field("users"), .index(500)]),
    ])
    func patchesApplyInPlace(operation: PatchOperation) throws {
        var state = Self.state()
        // The first change may copy (capacity for an insert); later ones must not.
        try state.apply(operation)
        let before = try #require(Self.usersStorage(state))
        for _ in 0..<3 {
            if case .insert = operation { try state.apply(.remove(path: [.field("users"), .index(0)])) }
            try state.apply(operation)
            if case .remove = operation { try state.apply(.insert(path: [.field("users"), .index(500)], value: .int(1))) }
        }
        #expect(Self.usersStorage(state) == before, "the users array was copied")
    }
}
