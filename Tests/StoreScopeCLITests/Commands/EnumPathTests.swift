import Foundation
import StoreScopeTestSupport
import Testing
import TraceFormat

/// Paths through enums name their cases (`.path[0]/detail[0].todo.title`), `action:` sees the
/// actions a case wraps, and `stats --by case-path` counts them: the shapes of a TCA app with a
/// navigation stack of enum screens and a parent action wrapping its children's.
@Suite("Enum cases in paths, filters and stats")
struct EnumPathTests {
    let directory: TemporaryDirectory
    /// The trace ``writeStackTrace(to:)`` wrote for this test.
    let path: String

    init() throws {
        directory = try TemporaryDirectory()
        path = directory.path("stack.sstrace")
        try Self.writeStackTrace(to: path)
    }

    /// The sequence numbers `log` lists for `filter`, in order.
    func loggedSeqs(_ filter: String) throws -> [String] {
        let result = try InProcess.storescope(["log", path, filter])
        return result.stdout.split(separator: "\n").filter { !$0.hasPrefix(" ") }.compactMap { $0.split(separator: " ").first { $0.hasPrefix("#") }.map(String.init) }
    }

    /// A TCA-shaped session: `state.path` is a stack of `Path.State` screens, `.detail(Detail.State)`
    /// with a `todo`; `.todos(.queryChanged)` twice, a push, an edit through the pushed screen,
    /// a pop (the element removed).
    static func writeStackTrace(to path: String) throws {
        func todo(_ title: String) -> TraceValue { .structure(type: "Todo", fields: [.init("title", .string(title))]) }
        func detail(_ title: String) -> TraceValue {
            .enumeration(type: "Path.State", caseName: "detail", payload: [.init("", .structure(type: "Detail.State", fields: [.init("todo", todo(title))]))])
        }
        func action(_ seq: UInt64, _ value: TraceValue) -> Record {
            .action(ActionRecord(seq: seq, store: "main", monotonicNanos: seq, wallNanos: 0, reducerNanos: 1, action: value))
        }
        func wrap(_ outer: String, _ inner: String, _ innerCase: String, _ payload: [TraceValue.Field] = []) -> TraceValue {
            .enumeration(type: "AppAction", caseName: outer, payload: [.init("", .enumeration(type: inner, caseName: innerCase, payload: payload))])
        }
        let state = TraceValue.structure(type: "AppState", fields: [.init("query", .string("")), .init("path", .array([]))])
        let titlePath: [PathComponent] = [.field("path"), .index(0), .index(0), .field("todo"), .field("title")]
        let element = TraceValue.enumeration(type: "StackAction", caseName: "element", payload: [
            .init("id", .int(0)),
            .init("action", .enumeration(type: "Path.Action", caseName: "detail", payload: [
                .init("", .enumeration(type: "Detail.Action", caseName: "titleChanged", payload: [.init("", .string("Milk"))])),
            ])),
        ])
        try TraceFixture.write([
            .keyframe(Keyframe(seq: 0, store: "main", state: state)),
            action(1, wrap("todos", "TodosAction", "queryChanged", [.init("", .string("a"))])),
            .patch(StatePatch(seq: 1, store: "main", operations: [.set(path: [.field("query")], value: .string("a"))])),
            action(2, wrap("todos", "TodosAction", "queryChanged", [.init("", .string("ab"))])),
            .patch(StatePatch(seq: 2, store: "main", operations: [.set(path: [.field("query")], value: .string("ab"))])),
            action(3, wrap("todos", "TodosAction", "clearCompleted")),
            .patch(StatePatch(seq: 3, store: "main", operations: [])),
            action(4, .enumeration(type: "AppAction", caseName: "path", payload: [.init("", .enumeration(type: "StackAction", caseName: "push", payload: [.init("id", .int(0)), .init("state", detail("Buy"))]))])),
            .patch(StatePatch(seq: 4, store: "main", operations: [.insert(path: [.field("path"), .index(0)], value: detail("Buy"))])),
            action(5, .enumeration(type: "AppAction", caseName: "path", payload: [.init("", element)])),
            .patch(StatePatch(seq: 5, store: "main", operations: [.set(path: titlePath, value: .string("Milk"))])),
            action(6, .enumeration(type: "AppAction", caseName: "path", payload: [.init("", .enumeration(type: "StackAction", caseName: "popFrom", payload: [.init("id", .int(0))]))])),
            .patch(StatePatch(seq: 6, store: "main", operations: [.remove(path: [.field("path"), .index(0)])])),
        ], to: path)
    }

    @Test("action:queryChanged matches the case a parent case wraps; a dotted glob matches the case path")
    func actionFilterSeesNestedCases() throws {
        #expect(try loggedSeqs("action:queryChanged") == ["#1", "#2"])
        #expect(try loggedSeqs("action:todos.queryChanged") == ["#1", "#2"])
        #expect(try loggedSeqs("action:todos.*") == ["#1", "#2", "#3"])
        #expect(try loggedSeqs("action:TodosAction.clearCompleted") == ["#3"])
        // Through TCA's StackAction.element(id:action:): the one enum among its values.
        #expect(try loggedSeqs("action:titleChanged") == ["#5"])
        #expect(try loggedSeqs("action:path.element.detail.*") == ["#5"])
        // The top-level case still answers as before.
        #expect(try loggedSeqs("action:todos") == ["#1", "#2", "#3"])
        #expect(try loggedSeqs("action:AppAction.path") == ["#4", "#5", "#6"])
    }

    @Test("stats --by case-path gives each wrapped case its row; the default still counts the top-level case")
    func statsGroupsByCasePath() throws {
        let byPath = try InProcess.storescope(["stats", path, "--by", "case-path"])
        #expect(byPath.status == 0, "\(byPath.stderr)")
        let rows = byPath.stdout.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(rows.contains { $0.hasPrefix("AppAction.todos.queryChanged") && $0.contains(" 2 ") }, "\(byPath.stdout)")
        #expect(rows.contains { $0.hasPrefix("AppAction.todos.clearCompleted") }, "\(byPath.stdout)")
        #expect(rows.contains { $0.hasPrefix("AppAction.path.element.detail.titleChanged") }, "\(byPath.stdout)")
        #expect(rows.contains { $0.hasPrefix("AppAction.path.popFrom") }, "\(byPath.stdout)")

        let byCase = try InProcess.storescope(["stats", path])
        #expect(byCase.stdout.split(separator: "\n").contains { $0.trimmingCharacters(in: .whitespaces).hasPrefix("AppAction.todos ") }, "\(byCase.stdout)")
        #expect(!byCase.stdout.contains("queryChanged"), "\(byCase.stdout)")

        let wrong = try InProcess.storescope(["stats", path, "--by", "type"])
        #expect(wrong.status == 64 && wrong.stderr.contains("case-path"), "\(wrong.stderr)")
    }

    @Test("blame on a path into a screen that was pushed, then popped, lists its life instead of refusing it")
    func blameOnPoppedScreen() throws {
        for asked in [".path[0][0].todo.title", ".path[0]/detail[0].todo.title"] {
            let blame = try InProcess.storescope(["blame", path, asked])
            #expect(blame.status == 0, "\(asked): \(blame.stderr)")
            let changes: [String] = blame.stdout.split(separator: "\n").filter { $0.hasPrefix("    ") }.map { $0.trimmingCharacters(in: .whitespaces) }
            let values: [String] = changes.map { change in change.split(separator: ": ").last.map(String.init) ?? "" }
            #expect(values == ["(absent) → \"Buy\"", "\"Buy\" → \"Milk\"", "\"Milk\" → (absent)"], "\(blame.stdout)")
        }
        // A path no state ever had is still an error naming what is there.
        let wrong = try InProcess.storescope(["blame", path, ".path[0][0].todo.tilte"])
        #expect(wrong.status == 1 && wrong.stderr.contains("has no .path[0][0].todo.tilte"), "\(wrong.stderr)")
    }

    @Test("Printed paths name the enum cases they pass through, and --path and path: take them back")
    func pathsNameCases() throws {
        let log = try InProcess.storescope(["log", path, "seq:5"])
        #expect(log.stdout.contains(".path[0]/detail[0].todo.title = \"Milk\""), "\(log.stdout)")
        let blame = try InProcess.storescope(["blame", path, ".path[*][0].todo.title"])
        #expect(blame.stdout.contains(".path[0]/detail[0].todo.title: \"Buy\" → \"Milk\""), "\(blame.stdout)")
        #expect(blame.stdout.contains(".path[0]/detail[0].todo.title: \"Milk\" → (absent)"), "\(blame.stdout)")
        // Through [*], a case step keeps only the elements in that case.
        let otherScreen = try InProcess.storescope(["blame", path, ".path[*]/edit[0].todo.title"])
        #expect(!otherScreen.stdout.contains("Milk") && otherScreen.status == 1, "\(otherScreen.stdout)")

        // What log printed is what --path takes; the spelling without the case still works.
        for asked in [".path[0]/detail[0].todo.title", ".path[0][0].todo.title"] {
            let state = try InProcess.storescope(["state", path, "--at", "5", "--path", asked])
            #expect(state.status == 0 && state.stdout.contains("\"Milk\""), "\(asked): \(state.stdout) \(state.stderr)")
        }
        // A case step matches only that case, and only an enum: not a struct field of that name.
        let otherCase = try InProcess.storescope(["state", path, "--at", "5", "--path", ".path[0]/edit[0].todo"])
        #expect(otherCase.status == 1 && otherCase.stderr.contains("(.path[0] has /detail[0])"), "\(otherCase.stderr)")
        let field = try InProcess.storescope(["state", path, "--at", "5", "--path", ".path[0][0]/todo"])
        #expect(field.status == 1, "\(field.stdout)")
        let noName = try InProcess.storescope(["state", path, "--path", ".path[0]/"])
        #expect(noName.status == 64 && noName.stderr.contains("expected a case name after '/'"), "\(noName.stderr)")

        #expect(try loggedSeqs("path:.path[0]/detail[0].todo.title") == ["#4", "#5", "#6"])
    }
}
