// A child process for StoreScopeTests: an app whose `@main static func main()` keeps its
// recorder in a local and returns without calling `close()` (issue 20).
//
// Usage: recorder-main-fixture PATH COUNT [main|setup]
//   main   records COUNT actions through a recorder and a store recorder that are locals of
//          main(), and returns.
//   setup  a setup function makes the recorder and returns only the store recorder (the
//          Recorder's own reference is gone); main records COUNT actions through it and returns.
//   threads a function records COUNT actions through locals and returns; main prints how many
//          threads the process had before and has after ("threads before: N, after: M", Linux).
import Foundation
import StoreScope

struct CounterState: Sendable {
    var count = 0
    var history: [Int] = []
}

@main
struct RecorderMainFixture {
    static func main() throws {
        let arguments = CommandLine.arguments
        guard (3...4).contains(arguments.count), let count = Int(arguments[2]) else {
            FileHandle.standardError.write(Data("usage: recorder-main-fixture PATH COUNT [main|setup]\n".utf8))
            exit(64)
        }
        if arguments.count == 4, arguments[3] == "threads" {
            let before = threadCount()
            try recordInLocals(path: arguments[1], count: count)
            // The worker has answered the close; its thread may take a moment to end.
            for _ in 0..<200 where threadCount() > before { Thread.sleep(forTimeInterval: 0.005) }
            FileHandle.standardOutput.write(Data("threads before: \(before), after: \(threadCount())\n".utf8))
            return
        }
        let recording: StoreRecorder<CounterState, Int>
        if arguments.count == 4, arguments[3] == "setup" {
            recording = try setUp(path: arguments[1])
        } else {
            let recorder = try Recorder(sink: .file(arguments[1]), configuration: .init(appName: "main"))
            recording = recorder.store("counter", initialState: CounterState(), actions: Int.self)
        }
        var state = CounterState()
        for step in 1...count {
            recording.record(step, reducing: &state) { state, amount in
                state.count += amount
                state.history.append(amount)
            }
        }
        FileHandle.standardOutput.write(Data("sent \(count)\n".utf8))
    }

    /// Records `count` actions through a recorder and store recorder that are locals.
    static func recordInLocals(path: String, count: Int) throws {
        let recorder = try Recorder(sink: .file(path), configuration: .init(appName: "threads"))
        let recording = recorder.store("counter", initialState: CounterState(), actions: Int.self)
        var state = CounterState()
        for step in 1...count { recording.record(step, reducing: &state) { $0.count += $1 } }
    }

    /// How many threads the process has (Linux: /proc/self/task; elsewhere 0).
    static func threadCount() -> Int {
        #if os(Linux)
        ((try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []).count
        #else
        0
        #endif
    }

    /// Makes the session and hands back only the store's recorder.
    static func setUp(path: String) throws -> StoreRecorder<CounterState, Int> {
        let recorder = try Recorder(sink: .file(path), configuration: .init(appName: "setup"))
        return recorder.store("counter", initialState: CounterState(), actions: Int.self)
    }
}
