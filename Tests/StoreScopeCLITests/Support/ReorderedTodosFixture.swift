import StoreScopeTestSupport
import TraceFormat

/// A todo list of `count` todos with UUID ids, reordered and pruned the way issue 39 (item 2)
/// saw it in a TCA app's `IdentifiedArrayOf<Todo>`, written with the format's writer:
///
/// - #1 `moveToTop`: the todo at ``movedIndex`` moves to the top (one `move`);
/// - #2 `sortByTitle`: the todos sorted by title (the array set whole);
/// - #3 `clearCompleted`: the done todos removed (one `remove` each, back to front);
/// - #4 `moveToTopAndToggle`: the todo at 10 moves to the top and is marked done.
enum ReorderedTodosFixture {
    static let movedIndex = 1_500

    static func id(_ number: Int) -> TraceValue {
        let digits = String(number)
        return .scalar(type: "UUID", text: "00000000-0000-4000-8000-" + String(repeating: "0", count: 12 - digits.count) + digits)
    }

    static func todo(_ number: Int, title: String, isDone: Bool) -> TraceValue {
        .structure(type: "Todo", fields: [.init("id", id(number)), .init("title", .string(title)), .init("isDone", .bool(isDone))])
    }

    static func state(_ todos: [TraceValue]) -> TraceValue {
        .structure(type: "Todos", fields: [.init("filter", .enumeration(type: "Filter", caseName: "all", payload: [])), .init("todos", .array(todos))])
    }

    /// The todos before #1, and how many of them are done.
    static func initialTodos(count: Int) -> (todos: [TraceValue], done: Int) {
        var random = SplitMix64(seed: 39)
        let words = ["milk", "tent", "taxes", "plants", "bike", "letters", "dentist", "garage", "invoice", "keys"]
        var done = 0
        let todos = (0..<count).map { number in
            let title = words[Int(random.next() % UInt64(words.count))] + " " + String(random.next() % 10_000)
            let isDone = random.next() % 7 == 0
            if isDone { done += 1 }
            return todo(number, title: title, isDone: isDone)
        }
        return (todos, done)
    }

    /// Writes the trace, #1 moving the todo at `moving` to the top; returns the number of todos
    /// #3 removed.
    @discardableResult
    static func write(to path: String, count: Int = 2_000, moving: Int = movedIndex) throws -> Int {
        let writer = try TraceWriter(path: path, header: TraceFixture.header(app: "Todos", store: "todos", schemaFingerprint: 1))
        var (todos, done) = initialTodos(count: count)
        try writer.append(.keyframe(Keyframe(seq: 0, store: "todos", state: state(todos))))
        let field = PathComponent.field("todos")
        func action(_ seq: UInt64, _ name: String, _ operations: [PatchOperation]) throws {
            try writer.append(.action(ActionRecord(
                seq: seq, store: "todos", monotonicNanos: seq * 1_000, wallNanos: 0, reducerNanos: 10,
                action: .enumeration(type: "TodosAction", caseName: name, payload: []))))
            try writer.append(.patch(StatePatch(seq: seq, store: "todos", operations: operations)))
        }
        try action(1, "moveToTop", [.move(path: [field, .index(moving)], to: 0)])
        todos.insert(todos.remove(at: moving), at: 0)
        func title(_ todo: TraceValue) -> String {
            guard case let .structure(_, fields) = todo, case let .string(title) = fields[1].value else { return "" }
            return title
        }
        todos = todos.enumerated().sorted { (title($0.element), $0.offset) < (title($1.element), $1.offset) }.map(\.element)
        try action(2, "sortByTitle", [.set(path: [field], value: .array(todos))])
        let completed = todos.indices.filter { todos[$0] != todos[$0].withDone(false) }
        try action(3, "clearCompleted", completed.reversed().map { .remove(path: [field, .index($0)]) })
        todos = todos.filter { $0 == $0.withDone(false) }
        try action(4, "moveToTopAndToggle", [
            .move(path: [field, .index(10)], to: 0), .set(path: [field, .index(0), .field("isDone")], value: .bool(true)),
        ])
        try writer.close()
        precondition(completed.count == done)
        return done
    }
}

extension TraceValue {
    /// A fixture todo with `isDone` set to `done`.
    fileprivate func withDone(_ done: Bool) -> TraceValue {
        guard case .structure(let type, var fields) = self else { return self }
        fields[2] = .init("isDone", .bool(done))
        return .structure(type: type, fields: fields)
    }
}
