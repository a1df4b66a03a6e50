import StoreScopeTestSupport
import Testing
import TraceFormat
@testable import TraceAnalysis

/// Collapse all (``TreeOutline/everythingFolded``) and the nodes opened since: the outline
/// folds every container but the root, and counting it costs the opened nodes, not the state.
@Suite("Tree outline with everything folded")
struct TreeOutlineFoldAllTests {
    @Test("Everything folded shows the root's children on one line each; a node opened shows its own children folded")
    func collapsedOutline() {
        var folded = TreeOutline.everythingFolded
        let text = { (folded: Set<String>) in
            TreeOutline.rows(of: TreeOutlineWindowTests.value, folded: folded).map { String(repeating: "  ", count: $0.depth) + $0.text }.joined(separator: "\n")
        }
        #expect(text(folded) == """
            S(
              n: 1
              users: [… 6]
              empty: []
              byName: [… 2]
              loading: .loaded(… 1)
            )
            """)
        TreeOutline.unfold("0.1", in: &folded)
        TreeOutline.unfold("0.1.2.1", in: &folded)
        #expect(text(folded).hasPrefix("""
            S(
              n: 1
              users: [
                [0] U(… 2)
                [1] U(… 2)
                [2] U(… 2)
                [3] U(… 2)
            """), "a node opened inside a folded one stays hidden")
        TreeOutline.unfold("0.1.2", in: &folded)
        #expect(text(folded).contains("""
                [2] U(
                  id: 2
                  tags: Set([
                    "a"
                    "b"
                  ])
                )
                [3] U(… 2)
            """))
        TreeOutline.fold("0.1", in: &folded)
        #expect(text(folded).contains("  users: [… 6]\n"))
        TreeOutline.fold("0", in: &folded)
        #expect(text(folded) == "S(… 5)")
    }

    @Test("With everything folded and random nodes opened, windows, counts and indices agree with the full outline")
    func windowsMatch() {
        var random = SplitMix64(seed: 99)
        let ids = TreeOutline.rows(of: TreeOutlineWindowTests.value, folded: []).filter(\.isFoldable).map(\.id)
        for _ in 0..<60 {
            var folded = TreeOutline.everythingFolded
            for id in ids where random.next() % 2 == 0 { TreeOutline.unfold(id, in: &folded) }
            let rows = TreeOutline.rows(of: TreeOutlineWindowTests.value, folded: folded)
            #expect(TreeOutline.rowCount(of: TreeOutlineWindowTests.value, folded: folded) == rows.count)
            for start in 0...rows.count {
                let window = TreeOutline.rows(of: TreeOutlineWindowTests.value, folded: folded, in: start..<start + 4)
                #expect(window == Array(rows.dropFirst(start).prefix(4)), "\(folded) \(start)")
            }
            for (index, row) in rows.enumerated() where !row.isCloser {
                #expect(TreeOutline.rowIndex(ofNode: row.id, in: TreeOutlineWindowTests.value, folded: folded) == index, "\(row.id) with \(folded)")
            }
        }
    }

    @Test("A 1,000,000-entry dictionary collapsed is one row per entry, counted without visiting the entries")
    func hugeCollapsed() {
        let value = TraceValue.dictionary((0..<1_000_000).map { .init(key: .int(Int64($0)), value: .array([.int(Int64($0))])) })
        let counts = TreeOutline.Counts()
        var folded = TreeOutline.everythingFolded
        #expect(TreeOutline.rowCount(of: value, folded: folded, counts: counts) == 1_000_002)
        let end = TreeOutline.rows(of: value, folded: folded, in: 1_000_000..<1_000_002, counts: counts).map(\.text)
        #expect(end == ["999999: [… 1]", "]"])
        TreeOutline.unfold("0.999998", in: &folded)
        #expect(TreeOutline.rows(of: value, folded: folded, in: 999_999..<1_000_004, counts: counts).map(\.text) == ["999998: [", "[0] 999998", "]", "999999: [… 1]", "]"])
        #expect(TreeOutline.rowIndex(ofNode: "0.999999", in: value, folded: folded, counts: counts) == 1_000_002)
        #expect(counts.containersCounted == 0, "nothing was counted entry by entry")
    }
}
