// Store-thread cost of recording a TCA app the size of issue 39's item 10: 2,000 todos in
// `@ObservableState`, a session of 70 actions (30 toggles and 15 edits through `forEach`, 10
// debounced searches, each a `.run` that a newer one cancels and that sends its result back,
// 10 timer ticks, 5 actions of a `Scope`d child), plain or recorded with `.recorded(by:)`, the
// same workload in either. Each send goes through `measuredSend`, whose instructions callgrind
// counts alone (stable on a loaded machine); each effect's task is awaited outside it, on the
// main run loop.
// Release build, then one run per variant:
//   swift build -c release --product tca-todos-bench
//   strip --strip-debug -o /tmp/tca-todos-bench .build/release/tca-todos-bench  # valgrind 3.19 cannot read its DWARF
//   valgrind --tool=callgrind --separate-threads=yes --toggle-collect='*measuredSend*' \
//       --callgrind-out-file=plain.%p /tmp/tca-todos-bench plain
//   (the same with `recorded`), then
//   callgrind_annotate --inclusive=yes plain.<pid>-01   (the main thread: the store's)
// Without --toggle-collect the files count the whole process, one per thread (the recorder's
// worker among them). Out of valgrind it also prints each kind's median wall-clock send:
//   .build/release/tca-todos-bench plain|recorded [SESSIONS]
import ComposableArchitecture
import Foundation
import StoreScopeTCA

let arguments = CommandLine.arguments
guard arguments.count > 1, ["plain", "recorded"].contains(arguments[1]) else {
    FileHandle.standardError.write("usage: tca-todos-bench plain|recorded [SESSIONS]\n".data(using: .utf8)!)
    exit(2)
}
let recorded = arguments[1] == "recorded"
let sessions = arguments.count > 2 ? Int(arguments[2]) ?? 1 : 1
let todoCount = 2_000

func initialState() -> TodosFeature.State {
    var state = TodosFeature.State()
    state.todos = IdentifiedArray(uniqueElements: (1...todoCount).map { Todo.State(id: $0, title: "Todo \($0)") })
    return state
}

/// The session: 70 actions, the kinds mixed as a user sends them.
let session: [(kind: String, action: TodosFeature.Action)] = (0..<70).map { index in
    let id = index * 37 % todoCount + 1
    switch index % 7 {
    case 0, 1, 5: return ("toggle", .todos(.element(id: id, action: .toggled)))
    case 2: return ("edit", .todos(.element(id: id, action: .edited("Todo \(id), edited"))))
    case 3: return ("search", .searchChanged("\(index % 10)"))
    case 4: return ("tick", .timerTicked)
    default:
        return index % 14 == 6 ? ("child", .settings(.hidesCompletedToggled)) : ("edit", .todos(.element(id: id, action: .edited("Todo \(id)"))))
    }
}

/// One send, the unit callgrind counts (`--toggle-collect='*measuredSend*'`).
@MainActor @inline(never)
func measuredSend(_ store: StoreOf<TodosFeature>, _ action: TodosFeature.Action) -> StoreTask {
    store.send(action)
}

let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tca-todos-bench-\(getpid())")
try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: directory) }
let recorder = recorded ? try Recorder(sink: .file(directory.appendingPathComponent("todos.sstrace").path)) : nil

@MainActor
func makeStore() -> StoreOf<TodosFeature> {
    guard let recorder else {
        return Store(initialState: initialState()) { TodosFeature() } withDependencies: {
            $0.continuousClock = ImmediateClock()
        }
    }
    let recording = recorder.store("todos", initialState: initialState(), actions: TodosFeature.Action.self)
    return Store(initialState: initialState()) { TodosFeature().recorded(by: recording) } withDependencies: {
        $0.continuousClock = ImmediateClock()
    }
}

/// Runs the main run loop until `task` (the effect's) finished: no `await` at the top level,
/// whose `dispatch_main` valgrind 3.19 does not survive.
@MainActor
func finish(_ task: StoreTask) {
    var finished = false
    Task { @MainActor in
        await task.finish()
        finished = true
    }
    while !finished { _ = RunLoop.main.run(mode: .default, before: .distantFuture) }
}

let store = makeStore()
var nanos: [String: [Int64]] = [:]
let clock = ContinuousClock()
for _ in 0..<sessions {
    for (kind, action) in session {
        let start = clock.now
        let task = measuredSend(store, action)
        let elapsed = start.duration(to: clock.now)
        nanos[kind, default: []].append(elapsed.components.seconds * 1_000_000_000 + elapsed.components.attoseconds / 1_000_000_000)
        finish(task)
    }
}
recorder?.close()
let all = nanos.values.flatMap { $0 }.sorted()
print("TCA 1.25.5, \(todoCount) todos, \(recorded ? "recorded" : "plain"): \(all.count) sends, median \(all[all.count / 2]) ns")
for kind in ["toggle", "edit", "search", "tick", "child"] {
    let values = nanos[kind]!.sorted()
    print("  \(kind.padding(toLength: 7, withPad: " ", startingAt: 0)) \(values.count) sends, median \(values[values.count / 2]) ns")
}
