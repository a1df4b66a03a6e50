import StoreScopeTestSupport
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

    @Test("a copy of the sizes goes on from where it was copied, whatever the original takes in after")
    func copiesAreIndependent() {
        var sizes = StoreSizes()
        sizes.add(.keyframe(Keyframe(seq: 0, store: "s", state: Self.initial)))
        var copy = sizes
        sizes.add(.patch(StatePatch(seq: 1, store: "s", operations: [.insert(path: [.field("users"), .index(0)], value: Self.user("Linus"))])))
        copy.add(.patch(StatePatch(seq: 1, store: "s", operations: [.remove(path: [.field("users"), .index(0)])])))
        copy.add(.patch(StatePatch(seq: 2, store: "s", operations: [.remove(path: [.field("users"), .index(0)])])))
        let initial = Self.initial.nodeCount, user = Self.user("Linus").nodeCount
        #expect(sizes.stores[0].last?.nodes == initial + user)
        #expect(copy.stores[0].last?.nodes == initial - 2 * user)
        sizes.add(.patch(StatePatch(seq: 2, store: "s", operations: [.remove(path: [.field("users"), .index(2)])])))
        #expect(sizes.stores[0].last?.nodes == initial)
        #expect(!sizes.stores[0].unknownAtEnd && !copy.stores[0].unknownAtEnd)
    }

    /// Random states and patches, valid and not, applied both to ``StoreSizes`` and to the
    /// state itself (`TraceValue.apply`): after every patch the size followed is the applied
    /// state's node count, the classes held by reference are the state's, and a patch that
    /// does not fit the state makes the size unknown exactly when applying it throws.
    @Test("random patches: sizes, reference types and failures agree with applying the patches to the state")
    func randomPatchesAgreeWithTheAppliedState() {
        var random = SplitMix64(seed: 40)
        var failures = 0, applied = 0
        for round in 0..<300 {
            var sizes = StoreSizes()
            var state = TraceValue.structure(type: "State", fields: RandomState.names.map { .init($0, RandomState.value(depth: 1, using: &random)) })
            var seq: UInt64 = 0
            sizes.add(.keyframe(Keyframe(seq: seq, store: "s", state: state)))
            for _ in 0..<40 {
                seq += 1
                let patch = (0..<(Int.random(in: 0..<4, using: &random) == 0 ? 2 : 1)).map { _ in RandomState.operation(on: state, using: &random) }
                var patched = state
                let fits = (try? patched.apply(patch)) != nil
                sizes.add(.patch(StatePatch(seq: seq, store: "s", operations: patch)))
                #expect(sizes.stores[0].unknownAtEnd == !fits, "round \(round), #\(seq): \(patch)")
                guard fits else {
                    // Unknown until the next keyframe, as after lost records.
                    failures += 1
                    seq += 1
                    sizes.add(.keyframe(Keyframe(seq: seq, store: "s", state: state)))
                    continue
                }
                applied += 1
                state = patched
                #expect(sizes.stores[0].last?.nodes == state.nodeCount, "round \(round), #\(seq): \(patch)")
                #expect(sizes.stores[0].last?.seq == seq)
                #expect(sizes.referenceTypes(in: "s") == RandomState.referenceTypes(in: state), "round \(round), #\(seq)")
            }
        }
        // Both kinds of patch were tried often.
        #expect(failures > 1_000 && applied > 3_000, "\(failures) failed, \(applied) applied")
    }
}

/// Random value trees of every kind, and random patch operations on them: mostly at paths
/// that exist, some not, some of a kind that does not fit the node they reach.
private enum RandomState {
    static let names = ["a", "b", "c"]

    static func value(depth: Int, using random: inout SplitMix64) -> TraceValue {
        let kinds = depth >= 4 ? 5 : 13
        switch Int.random(in: 0..<kinds, using: &random) {
        case 0: return .int(Int64.random(in: 0..<5, using: &random))
        case 1: return .string(["x", "y", "z"].randomElement(using: &random)!)
        case 2: return .none(type: "Int")
        case 3: return .reference(type: ["Model", "Cache"].randomElement(using: &random)!, id: 1)
        case 4: return .redacted(type: "Token")
        case 5: return .structure(type: "S", fields: fields(depth: depth, using: &random))
        case 6: return .object(type: "O", id: 2, fields: fields(depth: depth, using: &random))
        case 7: return .enumeration(type: "E", caseName: "c", payload: fields(depth: depth, using: &random))
        case 8: return .some(value(depth: depth + 1, using: &random))
        case 9, 10: return .array((0..<Int.random(in: 0...3, using: &random)).map { _ in value(depth: depth + 1, using: &random) })
        case 11:
            let keys = Set((0..<Int.random(in: 0...3, using: &random)).map { _ in Int64.random(in: 0..<4, using: &random) })
            return .dictionary(keys.sorted().map { .init(key: .int($0), value: value(depth: depth + 1, using: &random)) })
        default:
            let elements = Set((0..<Int.random(in: 0...3, using: &random)).map { _ in Int64.random(in: 0..<4, using: &random) })
            return .set(elements.sorted().map { .int($0) })
        }
    }

    static func fields(depth: Int, using random: inout SplitMix64) -> [TraceValue.Field] {
        names.prefix(Int.random(in: 0...3, using: &random)).map { .init($0, value(depth: depth + 1, using: &random)) }
    }

    /// A step into `node` (one that exists, mostly), or `nil` for a leaf.
    static func step(into node: TraceValue, using random: inout SplitMix64) -> PathComponent {
        if Int.random(in: 0..<8, using: &random) == 0 { return anyStep(using: &random) }
        switch node {
        case let .structure(_, fields), let .object(_, _, fields):
            return fields.isEmpty ? anyStep(using: &random) : .field(fields.randomElement(using: &random)!.name)
        case let .enumeration(_, _, fields):
            guard !fields.isEmpty else { return anyStep(using: &random) }
            return Bool.random(using: &random) ? .field(fields.randomElement(using: &random)!.name) : .index(Int.random(in: 0..<fields.count, using: &random))
        case let .array(elements):
            return .index(Int.random(in: 0...elements.count, using: &random))
        case .dictionary, .set:
            return .key(.int(Int64.random(in: 0..<5, using: &random)))
        case .some, .none:
            return .some
        default:
            return anyStep(using: &random)
        }
    }

    static func anyStep(using random: inout SplitMix64) -> PathComponent {
        [.field("a"), .field("d"), .index(0), .index(7), .key(.int(1)), .some].randomElement(using: &random)!
    }

    static func operation(on state: TraceValue, using random: inout SplitMix64) -> PatchOperation {
        var path: [PathComponent] = []
        var parent = state
        while Int.random(in: 0..<3, using: &random) != 0 {
            let component = step(into: parent, using: &random)
            guard let child = parent.child(component) else { break }
            path.append(component)
            parent = child
        }
        let value = value(depth: 2, using: &random)
        // Mostly an operation that fits the parent reached; one in six of any kind.
        let fitting = Int.random(in: 0..<6, using: &random) != 0
        let last = step(into: parent, using: &random)
        switch (fitting ? parent : .bool(false), Int.random(in: 0..<4, using: &random)) {
        case (.array, 0), (.dictionary, 0), (.structure, _), (.object, _), (.enumeration, _), (.some, _), (.none, _):
            return .set(path: path + [last], value: value)
        case (.array, 1):
            return .insert(path: path + [last], value: value)
        case let (.set, choice) where choice < 2:
            // An insert into a set names its element in the path; the value is the same element.
            guard case let .key(element) = last else { return .remove(path: path + [last]) }
            return .insert(path: path + [last], value: element)
        case (.array, 2), (.dictionary, _), (.set, _):
            return .remove(path: path + [last])
        case (.array, _):
            return .move(path: path + [last], to: Int.random(in: 0..<3, using: &random))
        default:
            let path = path + [last]
            return [.set(path: path, value: value), .insert(path: path, value: value), .remove(path: path), .move(path: path, to: 0)]
                .randomElement(using: &random)!
        }
    }

    /// The classes `value` holds by reference, sorted.
    static func referenceTypes(in value: TraceValue) -> [String] {
        var types: Set<String> = []
        func walk(_ node: TraceValue) {
            if case let .reference(type, _) = node { types.insert(type) }
            node.forEachChild { walk($0); return true }
        }
        walk(value)
        return types.sorted()
    }
}
