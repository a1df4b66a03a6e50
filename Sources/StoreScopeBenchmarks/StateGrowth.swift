import Foundation
import StoreScope

/// Issue 40: what one rename costs the store thread as the users grow (100 to 100,000), at UI
/// pace (an action per 60 Hz frame) and in a burst (back to back), plain and recorded side by
/// side, with the worker's CPU per action and how many sends copied the users on the store
/// thread. `recorder-growth` times it; `recorder-growth-profile USERS PACE` (`ui` or `burst`)
/// sends the same renames through ``sendPlain(_:action:)`` and ``sendRecorded(_:state:action:)``,
/// which are never inlined, for callgrind's instruction counts:
///
/// ```sh
/// valgrind --tool=callgrind --separate-threads=yes --toggle-collect='*StateGrowth*send*' \
///   .build/release/StoreScopeBenchmarks recorder-growth-profile 10000 ui
/// ```
enum StateGrowth {
    typealias State = UsersFixture.State
    typealias Action = UsersFixture.Action

    static let sizes = [100, 1_000, 10_000, 100_000]
    static let frame = 0.016_667
    static let uiActions = 60
    static let burstActions = 1_000
    static let rounds = 3

    /// One run's figures.
    struct Run {
        var samples: Samples
        /// Sends whose reducer found the users shared and copied them.
        var copies: Int
        /// CPU time of every thread but the store's, per action: the worker's.
        var workerNanos: Double
        var dropped: UInt64
    }

    static func run() {
        print("### Store thread as the state grows: one user renamed (median of \(rounds) alternating runs; UI pace: \(uiActions) actions a 60 Hz frame apart; burst: \(burstActions) back to back)\n")
        var rows: [[String]] = []
        for users in sizes {
            for paced in [true, false] {
                var plain: [Run] = [], recorded: [Run] = []
                for _ in 0..<rounds {
                    plain.append(time(users: users, paced: paced, recording: false))
                    recorded.append(time(users: users, paced: paced, recording: true))
                }
                let plainRun = median(plain), recordedRun = median(recorded)
                let dropped = recorded.map(\.dropped).max() ?? 0
                rows.append([
                    "\(users)", paced ? "UI pace" : "burst", Report.nanos(plainRun.samples.median),
                    Report.unlessDropped(Report.nanos(recordedRun.samples.median), dropped: dropped),
                    Report.unlessDropped(Report.nanos(recordedRun.samples.p99), dropped: dropped),
                    "\(plainRun.copies) / \(recordedRun.copies)",
                    Report.unlessDropped(Report.nanos(recordedRun.workerNanos), dropped: dropped), "\(dropped)",
                ])
            }
        }
        Report.table([
            "users", "pace", "plain median", "recorded median", "recorded p99", "store-thread copies (plain / recorded)",
            "worker CPU per action", "dropped",
        ], rows)
    }

    /// The run whose median is the median of `runs`.
    static func median(_ runs: [Run]) -> Run {
        runs.sorted { $0.samples.median < $1.samples.median }[runs.count / 2]
    }

    static func time(users: Int, paced: Bool, recording: Bool, frame: Double = frame, uiActions: Int = uiActions) -> Run {
        var state = UsersFixture.state(users: users)
        let path = RecorderBenchmarks.temporaryPath("growth")
        let recorder = recording ? try! Recorder(sink: .file(path)) : nil
        let store = recorder?.store("users", initialState: state, actions: Action.self)
        recorder?.flush()
        // As in an app, whose first action comes a while after its store registered (the
        // worker's first keyframe of 100,000 users takes some 100 ms).
        Thread.sleep(forTimeInterval: 0.25)
        let count = paced ? uiActions : burstActions
        let actions = (0..<count).map { UsersFixture.Change.rename.action(step: $0 * 7919, count: users) }
        var samples: [Double] = []
        samples.reserveCapacity(count)
        var copies = 0
        let storeCPU = Stopwatch.threadCPUNanos(), processCPU = Stopwatch.processCPUNanos()
        for (index, action) in actions.enumerated() {
            if !paced, index % 100 == 0, let recorder { RecorderBenchmarks.drain(recorder) }
            let buffer = state.users.withUnsafeBufferPointer { $0.baseAddress }
            let start = Stopwatch.now()
            if let store { sendRecorded(store, state: &state, action: action) } else { sendPlain(&state, action: action) }
            samples.append(Double(Stopwatch.now() - start))
            if state.users.withUnsafeBufferPointer({ $0.baseAddress }) != buffer { copies += 1 }
            if paced { Thread.sleep(forTimeInterval: frame) }
        }
        recorder?.close(timeout: .seconds(600))
        // The two clocks are read at slightly different times: never below zero.
        let workerNanos = max(0, Int64(Stopwatch.processCPUNanos() - processCPU) - Int64(Stopwatch.threadCPUNanos() - storeCPU))
        unlink(path)
        return Run(
            samples: Samples(samples), copies: copies, workerNanos: Double(workerNanos) / Double(count),
            dropped: recorder?.status.actionsDropped ?? 0)
    }

    /// `recorder-growth-profile USERS ui|burst [FRAME_MS]`: the renames of one plain and one
    /// recorded run, for callgrind. Under callgrind the worker runs some 50 times slower than
    /// the store's frame assumes: give UI pace a longer frame (500 ms for 100,000 users) so
    /// that it measures the worker keeping up, 20 actions.
    static func profile(users: Int, paced: Bool, frameMilliseconds: Double?) {
        for recording in [false, true] {
            let run = time(
                users: users, paced: paced, recording: recording, frame: frameMilliseconds.map { $0 / 1_000 } ?? frame,
                uiActions: frameMilliseconds == nil ? uiActions : 20)
            print("\(recording ? "recorded" : "plain"): \(paced ? (frameMilliseconds == nil ? uiActions : 20) : burstActions) renames among \(users) users, \(run.copies) copied the users, \(run.dropped) dropped")
        }
    }

    @inline(never)
    static func sendPlain(_ state: inout State, action: Action) {
        UsersFixture.reduce(&state, action)
    }

    @inline(never)
    static func sendRecorded(_ store: StoreRecorder<State, Action>, state: inout State, action: Action) {
        let pending = store.willSend(action)
        UsersFixture.reduce(&state, action)
        store.didReduce(pending, state: state)
    }
}
