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
        .dictionary((0..<count).map { .init(key: .string("k\($0 * 2)"), value: $0 % 5 == 0 ? .dictionary([.init(key: .int(1), value: .int(Int64($0)))]) : .int(Int64($0))) }
            .sorted { TraceValue.compare($0.key, $1.key) < 0 })
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
            let keyed = DiffRendering.render(from: old, to: new, changedPaths: operations.map(\.path))
            #expect(keyed == full, "\(operations)\nfull:\n\(full)\nkeyed:\n\(keyed)")
        }
    }

    @Test("One change in a 200,000-entry dictionary renders the same lines with and without the patch's paths")
    func bigDictionary() throws {
        let old = TraceValue.dictionary((0..<200_000).map { .init(key: .string("k\($0)"), value: .int(Int64($0))) }.sorted { TraceValue.compare($0.key, $1.key) < 0 })
        var new = old
        let operations: [PatchOperation] = [.set(path: [.key(.string("k5"))], value: .int(-5))]
        try new.apply(operations)
        let keyed = DiffRendering.render(from: old, to: new, changedPaths: operations.map(\.path))
        #expect(keyed == DiffRendering.render(from: old, to: new))
        #expect(keyed.contains("-   \"k5\": 5\n+   \"k5\": -5"), "\(keyed)")
    }
}
