import ComposableArchitecture
import Foundation
import StoreScopeTCA
import Testing
import TraceAnalysis

/// 2,000 todos in an `IdentifiedArrayOf`, on the real store and the real IdentifiedCollections:
/// diffed by id as an `Array` of `Identifiable` elements is, so moving a todo is one `move`
/// (not hundreds of field sets), a sort is moves only and clearing the completed ones is one
/// `remove` each, and the states replayed from the trace are the app's.
@MainActor
@Suite struct IdentifiedArrayTests {
    struct Todo: Equatable, Identifiable, Sendable {
        var id: UUID
        var title: String
        var notes: String
        var isComplete: Bool
    }

    @ObservableState
    struct State: Equatable, Sendable {
        var todos: IdentifiedArrayOf<Todo>
        var edits = 0
    }

    enum Action: Equatable, Sendable {
        case moveToTop(Todo.ID)
        case rename(Todo.ID, String)
        case sortByTitle
        case clearCompleted
    }

    static let count = 2_000

    /// Titles in an order of their own (a sort moves most todos); every seventh is complete.
    static let initial = State(todos: IdentifiedArray(uniqueElements: (0..<count).map { index in
        Todo(
            id: UUID(uuidString: String(format: "00000000-0000-0000-0000-%012d", index))!,
            title: "Todo \((index * 7_919) % count)", notes: "notes \(index)", isComplete: index % 7 == 3)
    }))

    /// Sends `actions` to a recorded store; returns each action's case name with the patch it
    /// recorded, the states replayed from the trace, and the store's own states after each action.
    static func record(_ actions: [Action]) throws -> (patches: [[PatchOperation]], replayed: [TraceValue?], states: [State]) {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("tca-todos-\(UUID().uuidString).sstrace").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let recorder = try Recorder(sink: .file(path), configuration: .init(appName: "Todos"))
        let recording = recorder.store("todos", initialState: initial, actions: Action.self)
        let store = Store(initialState: initial) {
            Reduce<State, Action> { state, action in
                switch action {
                case let .moveToTop(id):
                    guard let todo = state.todos.remove(id: id) else { return .none }
                    state.todos.insert(todo, at: 0)
                case let .rename(id, title):
                    state.todos[id: id]?.title = title
                case .sortByTitle:
                    state.todos.sort { $0.title < $1.title }
                case .clearCompleted:
                    state.todos.removeAll(where: \.isComplete)
                }
                state.edits += 1
                return .none
            }
            .recorded(by: recording)
        }
        var states: [State] = []
        for action in actions {
            store.send(action)
            states.append(store.state)
        }
        recorder.close()
        let records = try TraceReader(path: path).allRecords()
        let patches = records.compactMap { if case let .patch(patch) = $0 { patch } else { nil } }
        let actionSeqs = records.compactMap { if case let .action(action) = $0 { action.seq } else { nil } }
        let byAction = actionSeqs.map { seq in patches.first { $0.seq == seq }?.operations ?? [] }
        return (byAction, ActionSteps(records: records).map(\.state), states)
    }

    /// The operations that are not a change of `edits`, the counter every action bumps.
    static func todoOperations(_ operations: [PatchOperation]) -> [PatchOperation] {
        operations.filter { $0.path.first != .field("edits") }
    }

    @Test("moving a todo to the top is one move, and a change to it then is one set at its new position")
    func moveToTopIsOneMove() throws {
        let moved = Self.initial.todos[1_000].id
        let (patches, _, _) = try Self.record([.moveToTop(moved), .rename(moved, "Ship it")])
        #expect(Self.todoOperations(patches[0]) == [.move(path: [.field("todos"), .index(1_000)], to: 0)])
        #expect(Self.todoOperations(patches[1]) == [.set(path: [.field("todos"), .index(0), .field("title")], value: .string("Ship it"))])
    }

    @Test("a sort is moves only, fewer than the todos; clearing the completed ones is one remove each")
    func sortAndClearAreMovesAndRemoves() throws {
        let (patches, _, states) = try Self.record([.sortByTitle, .clearCompleted])
        let sort = Self.todoOperations(patches[0])
        #expect(sort.allSatisfy { if case .move = $0 { true } else { false } }, "\(sort.prefix(5))")
        #expect(sort.count < Self.count, "\(sort.count) operations")
        let completed = Self.initial.todos.filter(\.isComplete).count
        let clear = Self.todoOperations(patches[1])
        #expect(clear.count == completed)
        // Back to front, at the completed todos' positions in the sorted order.
        let positions = states[0].todos.indices.filter { states[0].todos[$0].isComplete }
        #expect(clear == positions.reversed().map { .remove(path: [.field("todos"), .index($0)]) })
    }

    @Test("an identified array is recorded as the array of its elements, handed over without a copy and named by their type in a cut")
    func recordedAsItsElements() throws {
        let tree = captureValue(Self.initial.todos, options: CaptureOptions(maximumCollectionCount: 2))
        guard case let .array(elements) = tree else {
            Issue.record("not an array: \(tree)")
            return
        }
        #expect(elements.count == 3)
        #expect(elements.last == .truncated(.init(reason: .collection, type: "IdentifiedArrayTests.Todo", omitted: UInt64(Self.count - 2))))
        // Handed over without a copy: two reads share the identified array's own storage.
        let first = Self.initial.todos.recordedElements, second = Self.initial.todos.recordedElements
        #expect(first.withUnsafeBufferPointer(\.baseAddress) == second.withUnsafeBufferPointer(\.baseAddress))
    }

    @Test("every state replayed from the trace is the capture of the store's state")
    func replayedStatesAreTheStore() throws {
        let first = Self.initial.todos[1_000].id
        let (_, replayed, states) = try Self.record([.moveToTop(first), .sortByTitle, .rename(first, "Ship it"), .clearCompleted])
        #expect(replayed.count == states.count)
        for (index, (tree, state)) in zip(replayed, states).enumerated() {
            #expect(tree == captureValue(state), "state after action \(index)")
        }
    }
}
