import StoreScopeTestSupport
import Testing
import TraceFormat
@testable import TraceAnalysis

/// The state tree a window at a time gives exactly the rows of the whole outline, sliced, for
/// any folds; and it builds only the rows it returns.
@Suite("Tree outline windows")
struct TreeOutlineWindowTests {
    static let value: TraceValue = .structure(type: "S", fields: [
        .init("n", .int(1)),
        .init("users", .array((0..<6).map { .structure(type: "U", fields: [.init("id", .int(Int64($0))), .init("tags", .set([.string("a"), .string("b")]))]) })),
        .init("empty", .array([])),
        .init("byName", .dictionary([.init(key: .string("ada"), value: .some(.array([.int(1), .int(2)]))), .init(key: .string("bo"), value: .none(type: "Int"))])),
        .init("loading", .enumeration(type: "L", caseName: "loaded", payload: [.init("", .int(3))])),
    ])

    @Test("Every window, row count and row index agrees with the full outline, with and without folds")
    func windowsMatchTheWholeOutline() {
        var random = SplitMix64(seed: 17)
        let all = TreeOutline.rows(of: Self.value, folded: [])
        let ids = Set(all.map(\.id))
        for round in 0..<60 {
            let folded = round == 0 ? [] : Set(ids.filter { _ in random.next() % 4 == 0 })
            let rows = TreeOutline.rows(of: Self.value, folded: folded)
            #expect(TreeOutline.rowCount(of: Self.value, folded: folded) == rows.count)
            for start in 0...rows.count {
                for length in [0, 1, 3, 50] {
                    let window = TreeOutline.rows(of: Self.value, folded: folded, in: start..<start + length)
                    #expect(window == Array(rows.dropFirst(start).prefix(length)), "\(folded) \(start)..<\(start + length)")
                }
            }
            for (index, row) in rows.enumerated() where !row.isCloser {
                #expect(TreeOutline.rowIndex(ofNode: row.id, in: Self.value, folded: folded) == index, "\(row.id) with \(folded)")
            }
        }
    }

    @Test("A node hidden by a fold or missing answers with its deepest shown ancestor's row")
    func hiddenNodes() {
        let rows = TreeOutline.rows(of: Self.value, folded: ["0.1"])
        let users = rows.firstIndex { $0.id == "0.1" }!
        #expect(TreeOutline.rowIndex(ofNode: "0.1.3.1", in: Self.value, folded: ["0.1"]) == users)
        #expect(TreeOutline.rowIndex(ofNode: "0.1.99", in: Self.value, folded: []) == TreeOutline.rows(of: Self.value, folded: []).firstIndex { $0.id == "0.1" })
    }
}

/// With a memo of the large containers' row counts, windows, row counts and row indices are
/// the same as without it, and each large container is counted once for every key and window.
@Suite("Tree outline with remembered counts")
struct TreeOutlineCountsTests {
    static let value: TraceValue = .structure(type: "S", fields: [
        .init("flat", .array((0..<5_000).map { .int(Int64($0)) })),
        .init("byKey", .dictionary((0..<5_000).map { .init(key: .string("k\($0)"), value: $0 % 1_000 == 7 ? .array([.int(1), .int(2)]) : .int(Int64($0))) }
            .sorted { TraceValue.compare($0.key, $1.key) < 0 })),
        .init("tail", .int(1)),
    ])

    @Test("Random windows, counts and indices agree with the full outline, with random folds")
    func sameAsWithout() {
        var random = SplitMix64(seed: 4_096)
        let all = TreeOutline.rows(of: Self.value, folded: [])
        let foldable = all.filter(\.isFoldable).map(\.id)
        for round in 0..<12 {
            let folded = round == 0 ? [] : Set(foldable.filter { _ in random.next() % 3 == 0 })
            let counts = TreeOutline.Counts()
            let rows = TreeOutline.rows(of: Self.value, folded: folded)
            #expect(TreeOutline.rowCount(of: Self.value, folded: folded, counts: counts) == rows.count)
            for _ in 0..<40 {
                let start = Int(random.next() % UInt64(rows.count + 1)), length = Int(random.next() % 30)
                #expect(TreeOutline.rows(of: Self.value, folded: folded, in: start..<start + length, counts: counts) == Array(rows.dropFirst(start).prefix(length)))
                let row = rows[Int(random.next() % UInt64(rows.count))]
                if !row.isCloser {
                    #expect(TreeOutline.rowIndex(ofNode: row.id, in: Self.value, folded: folded, counts: counts) == rows.firstIndex { $0.id == row.id })
                }
            }
        }
    }

    @Test("A 1,000,000-element array is counted once however many windows and keys ask")
    func countedOnce() {
        let value = TraceValue.array(Array(repeating: .int(1), count: 1_000_000))
        let counts = TreeOutline.Counts()
        #expect(TreeOutline.rowCount(of: value, folded: [], counts: counts) == 1_000_002)
        let end = TreeOutline.rows(of: value, folded: [], in: 999_990..<1_000_010, counts: counts)
        #expect(end.count == 12 && end.last?.isCloser == true)
        #expect(TreeOutline.rowIndex(ofNode: "0.999999", in: value, folded: [], counts: counts) == 1_000_000)
        #expect(counts.containersCounted == 1)
    }
}
