import Testing
@testable import TraceAnalysis

/// Array elements with ids are paired by id in a diff (issue 39, item 2): a move is one `~`
/// line, not a change at every index the element passed; anything else pairs by position.
@Suite("Diffs of arrays matched by id")
struct IdentifiedDiffTests {
    static func item(_ id: Int, _ name: String = "", done: Bool = false) -> TraceValue {
        .structure(type: "Item", fields: [.init("id", .int(Int64(id))), .init("name", .string(name.isEmpty ? "n\(id)" : name)), .init("done", .bool(done))])
    }

    static func list(_ items: [TraceValue]) -> TraceValue {
        .structure(type: "List", fields: [.init("items", .array(items))])
    }

    @Test("a swap is two moved lines; the elements between stay collapsed")
    func swap() {
        let old = (0..<6).map { Self.item($0) }
        var new = old
        new.swapAt(1, 4)
        #expect(DiffRendering.render(from: Self.list(old), to: Self.list(new)) == """
              List(
                items: [
                  … (1 unchanged)
            ~     [1] moved from [4]: Item(id: 4, …)
                  … (2 unchanged)
            ~     [4] moved from [1]: Item(id: 1, …)
                  … (1 unchanged)
                ]
              )
            """)
    }

    @Test("removals come where they were, insertions where they are, and a moved element that changed opens under its move")
    func removeInsertMoveAndChange() {
        let old = (0..<5).map { Self.item($0) }
        let new = [Self.item(4, done: true), Self.item(0), Self.item(9), Self.item(2), Self.item(3)]
        #expect(DiffRendering.render(from: Self.list(old), to: Self.list(new)) == """
              List(
                items: [
            ~     [0] moved from [4]: Item(
                    … (2 unchanged)
            -       done: false
            +       done: true
                  )
                  … (1 unchanged)
            +     [2] Item(
            +       id: 9
            +       name: "n9"
            +       done: false
            +     )
            -     [1] Item(
            -       id: 1
            -       name: "n1"
            -       done: false
            -     )
                  … (2 unchanged)
                ]
              )
            """)
    }

    @Test("past ten moves a run is one line; a change still opens between two such runs")
    func sortIsSummarized() {
        let old = (0..<40).map { Self.item($0) }
        var new = Array(old.reversed())
        new[20] = Self.item(19, "renamed")
        let lines = DiffRendering.render(from: Self.list(old), to: Self.list(new)).split(separator: "\n")
        #expect(lines.first(where: { $0.contains("moved)") }) == "~     … (20 unchanged, 20 of them moved)", "\(lines.joined(separator: "\n"))")
        #expect(lines.contains("~     [20] moved from [19]: Item(") && lines.contains("~     … (19 unchanged, 18 of them moved)"), "\(lines.joined(separator: "\n"))")
        #expect(lines.count == 12, "\(lines.joined(separator: "\n"))")
    }

    @Test("the moved line stands for the element's new path")
    func movedLinePath() {
        let old = (0..<4).map { Self.item($0) }
        let new = [old[3], old[0], old[1], old[2]]
        let lines = DiffRendering.lines(from: Self.list(old), to: Self.list(new))
        let moved = lines.first { $0.text.hasPrefix("~") }
        #expect(moved?.text == "~     [0] moved from [3]: Item(id: 3, …)")
        #expect(moved?.path == [.field("items"), .index(0)])
    }

    @Test("duplicate ids or an element without an id pair by position")
    func positionalOtherwise() {
        let duplicated = [Self.item(1, "a"), Self.item(1, "b"), Self.item(2)]
        let withoutID = [Self.item(1), .structure(type: "Item", fields: [.init("name", .string("x"))]), Self.item(2)]
        for old in [duplicated, withoutID] {
            let new = [old[2], old[0], old[1]]
            let text = DiffRendering.render(from: Self.list(old), to: Self.list(new))
            #expect(!text.contains("moved"), "\(text)")
            #expect(text.contains("-       id: 1\n+       id: 2"), "\(text)")
        }
    }
}
