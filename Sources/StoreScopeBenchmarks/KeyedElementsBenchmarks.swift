import StoreScope

/// Issue 39, item 2: reordering 2,000 todos (a todos app's `IdentifiedArrayOf<Todo>`), diffed
/// three ways that must give the same patch: as an `Array`; as a collection recorded as its
/// elements that hands over its stored array (`recordedElements`, as StoreScopeTCA's
/// `IdentifiedArray` does; this package cannot depend on IdentifiedCollections, so a stand-in
/// of the same shape: the elements in an array beside an index by id); and as a collection read
/// through its custom mirror (what an `IdentifiedArray` is without StoreScopeTCA). Medians of
/// thread CPU time (MedianTiming).
enum KeyedElementsBenchmarks {
    struct Todo: Identifiable, Equatable {
        var id: Int
        var title: String
        var notes: String
        var isComplete: Bool
    }

    /// The elements in an array beside their positions by id, as an identified array keeps them.
    struct IdentifiedTodos: RandomAccessCollection, Equatable, TraceCapturedAsElements {
        private(set) var recordedElements: [Todo]
        private var positions: [Int: Int]

        init(_ todos: [Todo]) {
            recordedElements = todos
            positions = Dictionary(uniqueKeysWithValues: todos.enumerated().map { ($1.id, $0) })
        }

        var startIndex: Int { 0 }
        var endIndex: Int { recordedElements.count }
        subscript(position: Int) -> Todo { recordedElements[position] }
    }

    /// A collection that shows itself as its todos through its custom mirror.
    struct MirroredTodos: Equatable, CustomReflectable {
        var todos: [Todo]
        var customMirror: Mirror { Mirror(self, unlabeledChildren: todos, displayStyle: .collection) }
    }

    static let count = 2_000

    /// The changes, each from the same 2,000 todos (titles in an order of their own; every
    /// seventh complete).
    static func changes(of todos: [Todo]) -> [(name: String, todos: [Todo])] {
        var top = todos, bottom = todos, renamed = todos
        top.insert(top.remove(at: count / 2), at: 0)
        bottom.append(bottom.remove(at: 10))
        renamed[count / 2].title = "Ship it"
        return [
            ("move to top", top), ("move to bottom", bottom), ("sort by title", todos.sorted { $0.title < $1.title }),
            ("clear completed", todos.filter { !$0.isComplete }), ("one renamed", renamed),
        ]
    }

    static func run() {
        print("### Reordered identified elements: \(count) todos as an Array, recorded as elements, through a custom mirror\n")
        let todos = (0..<count).map { index in
            Todo(id: index, title: "Todo \((index * 7_919) % count)", notes: "notes \(index)", isComplete: index % 7 == 3)
        }
        var rows: [[String]] = []
        for (name, new) in changes(of: todos) {
            let patch = capturePatch(from: todos, to: new)
            let identified = (IdentifiedTodos(todos), IdentifiedTodos(new)), mirrored = (MirroredTodos(todos: todos), MirroredTodos(todos: new))
            precondition(capturePatch(from: identified.0, to: identified.1) == patch && capturePatch(from: mirrored.0, to: mirrored.1) == patch)
            let array = MedianTiming.nanosPerCall { _ = capturePatch(from: todos, to: new) }
            let elements = MedianTiming.nanosPerCall { _ = capturePatch(from: identified.0, to: identified.1) }
            let mirror = MedianTiming.nanosPerCall { _ = capturePatch(from: mirrored.0, to: mirrored.1) }
            rows.append([
                name, "\(patch.count)", Report.nanos(array), Report.nanos(elements), Report.fixed(elements / array, 2) + "x", Report.nanos(mirror),
            ])
        }
        Report.table(["change", "ops", "Array", "recorded as elements", "elements / Array", "custom mirror"], rows)
        print()
    }
}
