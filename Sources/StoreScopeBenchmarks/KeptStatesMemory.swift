import Foundation
import StoreScope

/// What the states a store keeps for jumps (`ControlSettings.keptStates`) cost the app in
/// memory: the peak resident memory of an app process with a 10k-user state that allows control
/// and streams to the real `storescope listen` (states are kept only while a listener is
/// connected), 200 actions at UI pace, keeping 50 states against keeping none. Two kinds of action: a rename (one user
/// changed in place, what the recorder's estimate sees) and a refresh (the users array rebuilt
/// from new storage, as decoding a server response gives it, which the estimate undercounts).
///
/// Run: `swift build -c release && .build/release/StoreScopeBenchmarks control-memory`
enum KeptStatesMemory {
    static func run() {
        guard let storescope = LiveBenchmarks.storescopeBinary() else {
            print("control-memory: storescope not found next to the benchmark; run `swift build -c release` first\n")
            return
        }
        print("## Control: memory of the kept states (10,000 users, 200 actions, peak RSS of the app process)\n")
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("kept-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let socket = directory.appendingPathComponent("run/live.sock").path
        let listener = ControlBenchmark.listen(storescope, socket: socket)
        defer {
            listener.terminate()
            listener.waitUntilExit()
        }
        var rows: [[String]] = []
        for kind in ["rename", "refresh"] {
            var peaks: [Int] = []
            for kept in [0, 50] {
                let output = FileManager.default.temporaryDirectory.appendingPathComponent("kept-\(UUID().uuidString).txt").path
                defer { try? FileManager.default.removeItem(atPath: output) }
                let outcome = ChildRun.run([CommandLine.arguments[0], "control-memory-child", kind, String(kept), socket], stdout: output)
                precondition(outcome.status == 0, "control-memory-child failed")
                peaks.append(outcome.peakBytes)
            }
            rows.append([kind, mib(peaks[0]), mib(peaks[1]), mib(peaks[1] - peaks[0])])
        }
        Report.table(["actions", "keeping none", "keeping 50", "the kept states"], rows)
    }

    static func mib(_ bytes: Int) -> String { Report.fixed(Double(bytes) / 1_048_576, 1) + " MiB" }

    /// The app: `kept` states kept, 200 actions of `kind`, each 1 ms apart, streaming to `socket`.
    static func child(kind: String, kept: Int, socket: String) {
        var configuration = RecorderConfiguration(appName: "kept-memory", diagnostics: { _ in })
        configuration.control.isEnabled = true
        configuration.control.keptStates = kept
        let recorder = try! Recorder(sink: .socket(socket), mainStore: "users", configuration: configuration)
        var state = UsersFixture.State(users: (0..<10_000).map(UsersFixture.makeUser))
        let recording = recorder.store("users", initialState: state, actions: ControlBenchmark.Action.self)
        recording.allowControl(replaceState: { _ in }, dispatch: nil)
        for step in 0..<200 {
            recording.record(.rename(index: step, name: "Renamed \(step)"), reducing: &state) { state, action in
                if kind == "refresh" { state.users = UsersFixture.rebuilt(state.users) }
                if case let .rename(index, name) = action { state.users[index].name = name }
            }
            Thread.sleep(forTimeInterval: 0.001)
        }
        recorder.flush()
        recorder.close()
    }
}
