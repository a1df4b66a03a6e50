import Foundation
import StoreScope
import TraceAnalysis

/// Issue 22: from the key press (the viewer's request to its listener) to the app's state
/// installed, through the real `storescope listen --record` (built next to this executable):
/// the listener rebuilds the state after #N from its recording, sends it, the app installs its
/// own kept copy of that state (``ControlSettings/keptStates``) or, keeping none, decodes the
/// one sent. An in-process app with a users state of 1k and 10k users.
///
/// Run: `swift build -c release && swift run -c release StoreScopeBenchmarks control`
enum ControlBenchmark {
    enum Action: Equatable, Sendable, Decodable {
        case rename(index: Int, name: String)
    }

    static func run() {
        guard let storescope = LiveBenchmarks.storescopeBinary() else {
            print("control: storescope not found next to the benchmark; run `swift build -c release` first\n")
            return
        }
        print("## Control: key press → state installed (storescope listen --record, release)\n")
        var rows: [[String]] = []
        // Back to back, as keys pressed in a row: the app's worker still polls at its active
        // rate (≤ 1 ms) after the last install. After a quiet 300 ms it polls at the control
        // rate (10 ms), the wait a first key press after a pause sees: the realistic worst case.
        // The app keeping its recent states (the default), and keeping none: the state the
        // listener sent decoded, as for a state older than the kept ones.
        for kept in [true, false] {
            for quiet in [false, true] {
                for users in [1_000, 10_000] {
                    let count = quiet ? 30 : users > 1_000 ? 40 : 100
                    let (installed, answered) = jumps(storescope: storescope, users: users, count: count, pause: quiet ? 0.3 : 0, keepsStates: kept)
                    rows.append([
                        "\(users) users", kept ? "kept by the app" : "decoded", quiet ? "after 300 ms quiet" : "back to back",
                        ms(installed, 0.5), ms(installed, 0.99), ms(answered, 0.5), ms(answered, 0.99), "50 ms",
                    ])
                }
            }
        }
        Report.table(["state", "state installed", "jumps", "p50 key → installed", "p99", "p50 key → outcome shown", "p99", "target p99 (10k)"], rows)
    }

    static func ms(_ samples: [UInt64], _ p: Double) -> String {
        let sorted = samples.sorted()
        guard !sorted.isEmpty else { return "-" }
        return Report.fixed(Double(sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))]) / 1e6, 1) + " ms"
    }

    /// Jumps `count` times, alternately to two recorded states, `pause` seconds apart; returns
    /// the nanoseconds from the request to the install, and to the reply.
    static func jumps(storescope: URL, users: Int, count: Int, pause: Double, keepsStates: Bool) -> (installed: [UInt64], answered: [UInt64]) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("storescope-bench-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let socket = directory.appendingPathComponent("run/live.sock").path
        let listener = listen(storescope, socket: socket, record: directory.appendingPathComponent("sessions").path)
        defer {
            listener.terminate()
            listener.waitUntilExit()
        }

        var configuration = RecorderConfiguration(appName: "control-bench")
        // Off by default in release builds: this benchmark is an app that means to be driven.
        configuration.control.isEnabled = true
        if !keepsStates { configuration.control.keptStates = 0 }
        let recorder = try! Recorder(sink: .socket(socket), mainStore: "users", configuration: configuration)
        let initial = UsersFixture.State(users: (0..<users).map(UsersFixture.makeUser))
        let recording = recorder.store("users", initialState: initial, actions: Action.self)
        let store = LockedValue(initial)
        let installedAt = AtomicValue<UInt64>(0)
        recording.allowControl(
            replaceState: { state in
                store.withLock { $0 = state }
                installedAt.store(monotonicNanos(), ordering: .releasing)
            },
            dispatch: nil)
        for step in 0..<20 {
            _ = store.withLock { state in
                recording.record(.rename(index: step, name: "Renamed \(step)"), reducing: &state) { state, action in
                    if case let .rename(index, name) = action { state.users[index].name = name }
                }
            }
        }
        recorder.flush()
        Thread.sleep(forTimeInterval: 0.3)
        var installed: [UInt64] = [], answered: [UInt64] = []
        for index in 0..<count {
            if pause > 0 { Thread.sleep(forTimeInterval: pause) }
            let start = monotonicNanos()
            let reply = try? ControlClient.send(ControlRequest(command: "jump", seq: index % 2 == 0 ? 5 : 15), to: socket)
            guard let reply, reply.result == "done" else {
                if installed.isEmpty, index == 0 { print("control: the first jump was not done: \(reply.map { "\($0.result): \($0.detail ?? "")" } ?? "no reply")") }
                continue
            }
            answered.append(monotonicNanos() - start)
            installed.append(installedAt.load(ordering: .acquiring) - start)
        }
        recorder.close()
        return (installed, answered)
    }

    /// Starts `storescope listen SOCKET --quiet` (recording into `record` if given) and waits
    /// until it listens.
    static func listen(_ storescope: URL, socket: String, record: String? = nil) -> Process {
        // The socket's own directory is the listener's to create (0700): one open to others is refused.
        let parent = ((socket as NSString).deletingLastPathComponent as NSString).deletingLastPathComponent
        try! FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
        let listener = Process()
        listener.executableURL = storescope
        listener.arguments = ["listen", socket] + (record.map { ["--record", $0] } ?? []) + ["--quiet"]
        listener.standardOutput = FileHandle.nullDevice
        listener.standardError = FileHandle.nullDevice
        try! listener.run()
        while !FileManager.default.fileExists(atPath: socket) {
            precondition(listener.isRunning, "storescope listen \(socket) exited with status \(listener.terminationStatus)")
            Thread.sleep(forTimeInterval: 0.01)
        }
        return listener
    }

    /// The monotonic clock.
    static func monotonicNanos() -> UInt64 { DispatchTime.now().uptimeNanoseconds }
}
