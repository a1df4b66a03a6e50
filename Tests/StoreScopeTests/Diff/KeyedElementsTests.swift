import StoreScopeTestSupport
import Testing
@testable import StoreScope
import TraceFormat

// Every collection recorded as its elements is diffed as an `Array` of them: `Identifiable`
// elements are matched by id. Two ways a collection is recorded as its elements: it conforms to
// `TraceCapturedAsElements`, or its custom mirror says `.collection` (as IdentifiedCollections'
// `IdentifiedArray` does in an app without StoreScopeTCA; Samples/TCAStandups tests the real one).

private struct Todo: Equatable, Identifiable {
    var id: Int
    var title: String
    var notes: String
    var isComplete: Bool
}

/// A to-do list that stores its todos by id, in an order of its own: recorded as its todos.
private struct TodoList: RandomAccessCollection, Equatable, TraceCapturedAsElements {
    private var order: [Int] = []
    private var byID: [Int: Todo] = [:]

    init(_ todos: [Todo]) {
        for todo in todos {
            order.append(todo.id)
            byID[todo.id] = todo
        }
    }

    var startIndex: Int { 0 }
    var endIndex: Int { order.count }
    subscript(position: Int) -> Todo { byID[order[position]]! }
}

/// A collection that shows itself as its todos through its custom mirror.
private struct Shelf: Equatable, CustomReflectable {
    var todos: [Todo]
    var customMirror: Mirror { Mirror(self, unlabeledChildren: todos, displayStyle: .collection) }
}

/// Counts how often a ``Playlist`` was iterated.
private final class Iterations: @unchecked Sendable {
    // @unchecked: each test owns its instance and reads it on its own thread.
    var count = 0
}

/// A collection that keeps its todos in an array and hands that array to the recorder.
private struct Playlist: Sequence, Equatable, TraceCapturedAsElements {
    var todos: [Todo]
    let iterations = Iterations()

    var recordedElements: [Todo] { todos }

    func makeIterator() -> IndexingIterator<[Todo]> {
        iterations.count += 1
        return todos.makeIterator()
    }

    static func == (lhs: Playlist, rhs: Playlist) -> Bool { lhs.todos == rhs.todos }
}

/// 2,000 todos whose titles sort in an order of their own; every seventh is complete.
private let todos = (0..<2_000).map { index in
    Todo(id: index, title: "Todo \((index * 7_919) % 2_000)", notes: "notes \(index)", isComplete: index % 7 == 3)
}

/// The patch between `old` and `new` held as an `Array`, a ``TodoList`` and a ``Shelf``: checked
/// to rebuild each new capture, and required to be the same for all three.
private func keyedPatch(_ old: [Todo], _ new: [Todo]) throws -> [PatchOperation] {
    let array = try checkedPatch(old, new)
    #expect(try checkedPatch(TodoList(old), TodoList(new)) == array, "TraceCapturedAsElements")
    #expect(try checkedPatch(Shelf(todos: old), Shelf(todos: new)) == array, "a custom mirror's .collection")
    return array
}

@Suite struct KeyedElementsTests {
    @Test("moving a todo to the top is one move; a change to it then is one set at its new position")
    func moveToTopIsOneMove() throws {
        var moved = todos
        moved.insert(moved.remove(at: 1_000), at: 0)
        #expect(try keyedPatch(todos, moved) == [.move(path: [.index(1_000)], to: 0)])
        var renamed = moved
        renamed[0].title = "Ship it"
        #expect(try keyedPatch(moved, renamed) == [.set(path: [.index(0), .field("title")], value: .string("Ship it"))])
        var both = todos
        both.insert(both.remove(at: 1_000), at: 0)
        both[0].isComplete.toggle()
        #expect(try keyedPatch(todos, both) == [
            .move(path: [.index(1_000)], to: 0), .set(path: [.index(0), .field("isComplete")], value: .bool(true)),
        ])
    }

    @Test("a sort is moves only, fewer than the todos")
    func sortIsMovesOnly() throws {
        let patch = try keyedPatch(todos, todos.sorted { $0.title < $1.title })
        #expect(patch.allSatisfy { if case .move = $0 { true } else { false } }, "\(patch.prefix(5))")
        #expect(patch.count < todos.count, "\(patch.count) operations")
    }

    @Test("clearing the completed todos is one remove each, back to front")
    func clearCompletedIsOneRemoveEach() throws {
        let patch = try keyedPatch(todos, todos.filter { !$0.isComplete })
        let completed = todos.indices.filter { todos[$0].isComplete }
        #expect(patch == completed.reversed().map { .remove(path: [.index($0)]) })
    }

    @Test("moving a todo to the bottom is one move, and a swap two")
    func moveDownAndSwap() throws {
        var down = todos
        down.append(down.remove(at: 10))
        #expect(try keyedPatch(todos, down) == [.move(path: [.index(10)], to: 1_999)])
        var swapped = Array(todos.prefix(100))
        swapped.swapAt(0, 50)
        #expect(try keyedPatch(Array(todos.prefix(100)), swapped) == [.move(path: [.index(50)], to: 0), .move(path: [.index(1)], to: 50)])
    }

    @Test("an edit that removes, moves, inserts and changes lists them in that order, inserts and changes at their new positions")
    func operationsInOrder() throws {
        let old = Array(todos.prefix(5))  // ids 0 1 2 3 4
        var new = [old[4], old[1], old[2], Todo(id: 9, title: "new", notes: "", isComplete: false), old[0]]
        new[4].notes = "edited"
        #expect(try keyedPatch(old, new) == [
            .remove(path: [.index(3)]),
            .move(path: [.index(3)], to: 0), .move(path: [.index(1)], to: 3),
            .insert(path: [.index(3)], value: captureValue(new[3])),
            .set(path: [.index(4), .field("notes")], value: .string("edited")),
        ])
    }

    @Test("random edits give the same patch as an Array, with the fewest moves, and it rebuilds the new state")
    func randomEditsMatchTheArray() throws {
        var generator = SplitMix64(seed: 39)
        for _ in 0..<300 {
            let old = Array(todos.prefix(Int.random(in: 0..<60, using: &generator)))
            var new = old.filter { _ in Int.random(in: 0..<5, using: &generator) != 0 }
            if Bool.random(using: &generator) {
                new.shuffle(using: &generator)
            } else if new.count > 1 {
                new.insert(new.remove(at: Int.random(in: 0..<new.count, using: &generator)), at: Int.random(in: 0..<new.count, using: &generator))
            }
            for id in 5_000..<(5_000 + Int.random(in: 0..<4, using: &generator)) {
                new.insert(Todo(id: id, title: "new", notes: "", isComplete: false), at: Int.random(in: 0...new.count, using: &generator))
            }
            if !new.isEmpty { new[Int.random(in: 0..<new.count, using: &generator)].notes = "edited" }
            let patch = try keyedPatch(old, new)
            // Every kept todo outside a longest run already in order moves once (quadratic, as
            // the textbook has it).
            let order = new.compactMap { todo in old.firstIndex { $0.id == todo.id } }
            var run = [Int](repeating: 1, count: order.count)
            for j in order.indices { for i in 0..<j where order[i] < order[j] { run[j] = max(run[j], run[i] + 1) } }
            let moves = patch.filter { if case .move = $0 { true } else { false } }.count
            #expect(moves == order.count - (run.max() ?? 0), "\(order)")
        }
    }

    @Test("elements whose ids repeat are matched by position, as in an Array")
    func repeatedIDsFallBackToPositions() throws {
        let twins = [Todo(id: 1, title: "a", notes: "", isComplete: false), Todo(id: 1, title: "b", notes: "", isComplete: false)]
        let byPosition: [PatchOperation] = [
            .set(path: [.index(0), .field("title")], value: .string("b")), .set(path: [.index(1), .field("title")], value: .string("a")),
        ]
        #expect(try checkedPatch(twins, twins.reversed()) == byPosition)
        #expect(try checkedPatch(Shelf(todos: twins), Shelf(todos: twins.reversed())) == byPosition)
    }

    @Test("a collection that hands over its own array is diffed without being iterated")
    func recordedElementsAreNotCopied() throws {
        let old = Playlist(todos: Array(todos.prefix(100)))
        var new = Playlist(todos: old.todos)
        new.todos.swapAt(0, 50)
        #expect(try checkedPatch(old, new) == [.move(path: [.index(50)], to: 0), .move(path: [.index(1)], to: 50)])
        _ = try checkedPatch(old, old)
        #expect(old.iterations.count == 0 && new.iterations.count == 0)
    }
}
