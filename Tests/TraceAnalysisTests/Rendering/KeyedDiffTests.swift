import StoreScopeTestSupport
import Testing
import TraceFormat
@testable import TraceAnalysis

/// A diff told the patch's paths compares a dictionary at those keys only, and renders exactly
/// what the full comparison renders.
@Suite("Diffs by the patch's paths")
struct KeyedDiffTests {
    static func dictionary(_ count: Int) -> TraceValue {
        // Entries in the format's canonical order of their keys, as a trace holds them.
        let entries = (0..<count).map { index -> TraceValue.DictionaryEntry in
            let value: TraceValue = index % 5 == 0 ? .dictionary([.init(key: .int(1), value: .int(Int64(index)))]) : .int(Int64(index))
            return TraceValue.DictionaryEntry(key: .string("k\(index * 2)"), value: value)
        }
        return .dictionary(entries.sorted { TraceValue.compare($0.key, $1.key) < 0 })
    }

    @Test("Random patches of sets, inserts and removals by key render the same with and without their paths")
    func sameAsFullComparison() throws {
        var random = SplitMix64(seed: 1717)
        for round in 0..<300 {
            let old = Self.dictionary(Int(random.next() % 12))
            var operations: [PatchOperation] = []
            for _ in 0..<(1 + random.next() % 3) {
                let key = TraceValue.string("k\(random.next() % 26)")
                switch random.next() % 5 {
                case 0: operations.append(.set(path: [.key(key)], value: .int(Int64(round))))
                case 1: operations.append(.insert(path: [.key(key)], value: .string("new")))
                case 2: operations.append(.remove(path: [.key(key)]))
                case 3: operations.append(.set(path: [.key(key), .key(.int(1))], value: .int(-1)))
                default: operations.append(.set(path: [.key(key)], value: old.node(at: [.key(key)]) ?? .int(0)))
                }
            }
            var new = old
            guard (try? new.apply(operations)) != nil else { continue }
            let full = DiffRendering.render(from: old, to: new)
            let keyed = DiffRendering.render(from: old, to: new, patch: operations)
            #expect(keyed == full, "\(operations)\nfull:\n\(full)\nkeyed:\n\(keyed)")
        }
    }

    @Test("One change in a 200,000-entry dictionary renders the same lines with and without the patch's paths")
    func bigDictionary() throws {
        let old = TraceValue.dictionary((0..<200_000).map { .init(key: .string("k\($0)"), value: .int(Int64($0))) }.sorted { TraceValue.compare($0.key, $1.key) < 0 })
        var new = old
        let operations: [PatchOperation] = [.set(path: [.key(.string("k5"))], value: .int(-5))]
        try new.apply(operations)
        let keyed = DiffRendering.render(from: old, to: new, patch: operations)
        #expect(keyed == DiffRendering.render(from: old, to: new))
        #expect(keyed.contains("-   \"k5\": 5\n+   \"k5\": -5"), "\(keyed)")
    }
}

/// A diff told the patch compares an array whose elements the patch only sets by index at
/// those indices only, and renders exactly what the full comparison renders.
@Suite("Diffs of arrays by the patch's indices")
struct IndexedDiffTests {
    static func array(_ count: Int) -> TraceValue {
        .array((0..<count).map { index -> TraceValue in
            guard index % 4 == 0 else { return .int(Int64(index % 3)) }
            return .structure(type: "Item", fields: [TraceValue.Field("n", .int(Int64(index)))])
        })
    }

    @Test("Random patches of sets, inserts, removals and moves by index render the same with and without the patch")
    func sameAsFullComparison() throws {
        var random = SplitMix64(seed: 1718)
        var compared = 0
        for round in 0..<800 {
            let old = TraceValue.structure(type: "S", fields: [.init("items", Self.array(Int(random.next() % 10)))])
            var operations: [PatchOperation] = []
            for _ in 0..<(1 + random.next() % 3) {
                let index = Int(random.next() % 11)
                switch random.next() % 7 {
                case 0: operations.append(.set(path: [.field("items"), .index(index)], value: .int(Int64(round))))
                case 1: operations.append(.insert(path: [.field("items"), .index(index)], value: .string("new")))
                case 2: operations.append(.remove(path: [.field("items"), .index(index)]))
                case 3: operations.append(.move(path: [.field("items"), .index(index)], to: Int(random.next() % 10)))
                case 4: operations.append(.set(path: [.field("items"), .index(index), .field("n")], value: .int(-1)))
                case 5: operations.append(.set(path: random.next() % 2 == 0 ? [.field("items")] : [], value: .structure(type: "S", fields: [.init("items", Self.array(Int(random.next() % 5)))])))
                default: operations.append(.set(path: [.field("items"), .index(index)], value: old.node(at: [.field("items"), .index(index)]) ?? .int(0)))
                }
            }
            var new = old
            guard (try? new.apply(operations)) != nil else { continue }
            compared += 1
            let full = DiffRendering.render(from: old, to: new)
            let indexed = DiffRendering.render(from: old, to: new, patch: operations)
            #expect(indexed == full, "\(operations)\nfull:\n\(full)\nindexed:\n\(indexed)")
        }
        #expect(compared > 100)
    }

    @Test("One set in a 2,000,000-element array compares that element only, and renders what the full comparison does")
    func bigArray() throws {
        let old = TraceValue.array(Array(repeating: .int(1_000), count: 2_000_000))
        var new = old
        let operations: [PatchOperation] = [.set(path: [.index(5)], value: .int(-5)), .set(path: [.index(1_999_999)], value: .int(7))]
        try new.apply(operations)
        var visitedByPatch = 0, visitedInFull = 0
        let indexed = DiffRendering.render(from: old, to: new, redactedChanges: RedactedChanges(), patch: operations, childrenVisited: &visitedByPatch)
        let full = DiffRendering.render(from: old, to: new, redactedChanges: RedactedChanges(), patch: nil, childrenVisited: &visitedInFull)
        #expect(indexed == full)
        #expect(indexed == """
              [
                … (5 unchanged)
            -   [5] 1000
            +   [5] -5
                … (1999993 unchanged)
            -   [1999999] 1000
            +   [1999999] 7
              ]
            """)
        #expect(visitedByPatch == 2)
        #expect(visitedInFull > 1_000_000)
    }
}

/// The patch's paths name fields by name and step through optionals, while the diff's walk
/// steps through fields by position: a change under a field, or inside an optional, must still
/// be found there.
@Suite("Diffs by the patch's paths under fields and optionals")
struct PatchPathsUnderFieldsTests {
    @Test("A changed entry of a dictionary in a field, and an element of an optional array, are shown")
    func nested() throws {
        let catalog = TraceValue.dictionary((0..<50).map { .init(key: .string("k\($0)"), value: .int(Int64($0))) }.sorted { TraceValue.compare($0.key, $1.key) < 0 })
        let old = TraceValue.structure(type: "AppState", fields: [
            .init("title", .string("shop")),
            .init("catalog", catalog),
            .init("cart", .some(.array((0..<20).map { .int(Int64($0)) }))),
        ])
        let operations: [PatchOperation] = [
            .set(path: [.field("catalog"), .key(.string("k7"))], value: .int(-7)),
            .set(path: [.field("cart"), .some, .index(3)], value: .int(-3)),
        ]
        var new = old
        try new.apply(operations)
        let full = DiffRendering.render(from: old, to: new)
        #expect(full.contains("-     \"k7\": 7\n+     \"k7\": -7"), "\(full)")
        #expect(full.contains("-     [3] 3\n+     [3] -3"), "\(full)")
        #expect(DiffRendering.render(from: old, to: new, patch: operations) == full)
    }
}
