import StoreScopeTestSupport
import Testing
import TraceFormat

/// `storescope diff` on 2,000 todos with UUID ids (issue 39, item 2): moving one to the top,
/// sorting them and clearing the done ones printed 10,844, 14,490 and 13,542 lines, every
/// element compared with the one that used to be at its index.
@Suite("storescope diff of elements matched by id")
struct IdentifiedDiffCommandTests {
    static func diff(_ path: String, from: Int, to: Int) throws -> String {
        let run = try InProcess.storescope(["diff", path, "--from", String(from), "--to", String(to)])
        #expect(run.status == 0, "stderr: \(run.stderr)")
        return run.stdout
    }

    @Test("a move to the top is one line, a sort one line, a move with a change its move and its fields")
    func movesAndSort() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("todos.sstrace")
        try ReorderedTodosFixture.write(to: path)
        #expect(try Self.diff(path, from: 0, to: 1) == """
            todos from #0 to #1:
              Todos(
                filter: .all
                todos: [
            ~     [0] moved from [1500]: Todo(id: UUID("00000000-0000-4000-8000-000000001500"), …)
                  … (1999 unchanged)
                ]
              )

            """)
        #expect(try Self.diff(path, from: 1, to: 2) == """
            todos from #1 to #2:
              Todos(
                filter: .all
                todos: [
            ~     … (2000 unchanged, 1916 of them moved)
                ]
              )

            """)
        #expect(try Self.diff(path, from: 3, to: 4) == """
            todos from #3 to #4:
              Todos(
                filter: .all
                todos: [
            ~     [0] moved from [10]: Todo(
                    … (2 unchanged)
            -       isDone: false
            +       isDone: true
                  )
                  … (1721 unchanged)
                ]
              )

            """)
    }

    @Test("clearing the done todos lists each removed todo once, at its old index, and nothing else")
    func clearCompleted() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("todos.sstrace")
        let removed = try ReorderedTodosFixture.write(to: path)
        let lines = try Self.diff(path, from: 2, to: 3).split(separator: "\n")
        let openers = lines.filter { $0.hasPrefix("-     [") && $0.hasSuffix("] Todo(") }
        #expect(openers.count == removed)
        #expect(lines.filter { $0.hasPrefix("-") }.count == removed * 5, "each removed todo whole, and no other line")
        #expect(!lines.contains { $0.hasPrefix("+") || $0.hasPrefix("~") })
        #expect(lines.filter { $0.contains("unchanged)") }.count <= removed + 1)
        // The first removed todo is at its old index, after the todos kept before it.
        let first = lines.firstIndex { $0.hasPrefix("-     [") }.map { lines[$0 - 1] + "\n" + lines[$0] }
        #expect(first == "      … (14 unchanged)\n-     [14] Todo(", "\(first ?? "")")
    }

    @Test("compare shows two runs that moved different todos to the top as two moved lines, not 1,500 changed todos")
    func compareMoves() throws {
        let directory = try TemporaryDirectory()
        let a = directory.path("a.sstrace"), b = directory.path("b.sstrace")
        try ReorderedTodosFixture.write(to: a)
        try ReorderedTodosFixture.write(to: b, moving: 1_400)
        let compare = try InProcess.storescope(["compare", a, b])
        #expect(compare.status == 1, "stderr: \(compare.stderr)")
        #expect(compare.stdout.hasSuffix("""
                todos: [
            ~     [0] moved from [1401]: Todo(id: UUID("00000000-0000-4000-8000-000000001400"), …)
                  … (1499 unchanged)
            ~     [1500] moved from [0]: Todo(id: UUID("00000000-0000-4000-8000-000000001500"), …)
                  … (499 unchanged)
                ]
              )

            """), "\(compare.stdout)")
    }
}
