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
