import Foundation
import StoreScope
import TraceFormat

/// Issue 40: what one rename costs the store thread as the users grow (100 to 100,000), at UI
/// pace (an action per 60 Hz frame), at UI pace with a worker slower than the frames, and in a
/// burst (back to back), plain and recorded under each ``StateCoalescing`` side by side, with
/// the worker's CPU per action, how many sends copied the users on the store thread, how many
/// states the trace marks not recorded, and the drops. `recorder-growth` times it;
/// `recorder-growth-profile USERS PACE [FRAME_MS] [COALESCING]` (`ui`, `slow` or `burst`;
/// `never`, `atUIPace` or `always`) sends the same renames through ``sendPlain(_:action:)`` and
/// ``sendRecorded(_:state:action:)``, which are never inlined, for callgrind's instruction counts:
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
    static let policies: [StateCoalescing] = [.never, .atUIPace, .always]

    /// How the renames come.
    enum Pace: String, CaseIterable {
        case ui = "UI pace"
        /// At UI pace, the worker sleeping 25 ms in each action's capture: slower than the frames.
        case slowWorker = "UI pace, slow worker"
        case burst = "burst"

        var isPaced: Bool { self != .burst }
        /// What the worker sleeps per action.
        var workerDelay: Double { self == .slowWorker ? 0.025 : 0 }
    }

    /// A rename whose capture, on the worker, takes `delay` more: a worker slower than the app.
    struct SlowRename: TraceValueConvertible, Sendable {
        let action: Action
        let delay: Double
        var traceValue: TraceValue {
            if delay > 0 { Thread.sleep(forTimeInterval: delay) }
            return .string("\(action)")
        }
    }

    /// One run's figures.
    struct Run {
        var samples: Samples
        /// Sends whose reducer found the users shared and copied them.
        var copies: Int
        /// CPU time of every thread but the store's, per action: the worker's.
        var workerNanos: Double
        var dropped: UInt64
        /// Actions whose state the trace marks not recorded.
        var notRecorded: Int
    }

    static func run() {
        print("### Store thread as the state grows: one user renamed (median of \(rounds) alternating runs; UI pace: \(uiActions) actions a 60 Hz frame apart; slow worker: 25 ms per action; burst: \(burstActions) back to back, in bursts of 100)\n")
        var rows: [[String]] = []
        for users in sizes {
            for pace in Pace.allCases {
                var plain: [Run] = [], recorded: [StateCoalescing: [Run]] = [:]
                for _ in 0..<rounds {
                    plain.append(time(users: users, pace: pace, coalescing: nil))
                    for policy in policies { recorded[policy, default: []].append(time(users: users, pace: pace, coalescing: policy)) }
                }
                let plainRun = median(plain)
                rows.append(["\(users)", pace.rawValue, "plain", Report.nanos(plainRun.samples.median), Report.nanos(plainRun.samples.p99), "\(plainRun.copies)", "", "", ""])
                for policy in policies {
                    let runs = recorded[policy]!, run = median(runs)
                    let dropped = runs.map(\.dropped).max() ?? 0
                    rows.append([
                        "", "", "\(policy)", Report.unlessDropped(Report.nanos(run.samples.median), dropped: dropped),
                        Report.unlessDropped(Report.nanos(run.samples.p99), dropped: dropped), "\(run.copies)",
                        Report.unlessDropped(Report.nanos(run.workerNanos), dropped: dropped), "\(run.notRecorded)", "\(dropped)",
                    ])
                }
            }
        }
        Report.table([
            "users", "pace", "reducer", "store median", "store p99", "store-thread copies", "worker CPU per action",
            "states not recorded", "dropped",
        ], rows)
    }

    /// The run whose median is the median of `runs`.
    static func median(_ runs: [Run]) -> Run {
        runs.sorted { $0.samples.median < $1.samples.median }[runs.count / 2]
    }

    static func time(
        users: Int, pace: Pace, coalescing: StateCoalescing?, frame: Double = frame, uiActions: Int = uiActions
    ) -> Run {
        var state = UsersFixture.state(users: users)
        let path = RecorderBenchmarks.temporaryPath("growth")
        let recorder = coalescing.map { try! Recorder(sink: .file(path), configuration: RecorderConfiguration(stateCoalescing: $0)) }
        let store = recorder?.store("users", initialState: state, actions: SlowRename.self)
        recorder?.flush()
        // As in an app, whose first action comes a while after its store registered (the
        // worker's first keyframe of 100,000 users takes some 100 ms).
        Thread.sleep(forTimeInterval: 0.25)
        let count = pace.isPaced ? uiActions : burstActions
        let actions = (0..<count).map { UsersFixture.Change.rename.action(step: $0 * 7919, count: users) }
        var samples: [Double] = []
        samples.reserveCapacity(count)
        var copies = 0
        let storeCPU = Stopwatch.threadCPUNanos(), processCPU = Stopwatch.processCPUNanos()
        for (index, action) in actions.enumerated() {
            if !pace.isPaced, index % 100 == 0, let recorder { RecorderBenchmarks.drain(recorder) }
            let buffer = state.users.withUnsafeBufferPointer { $0.baseAddress }
            let start = Stopwatch.now()
            if let store {
                sendRecorded(store, state: &state, action: SlowRename(action: action, delay: pace.workerDelay))
            } else {
                sendPlain(&state, action: action)
            }
            samples.append(Double(Stopwatch.now() - start))
            if state.users.withUnsafeBufferPointer({ $0.baseAddress }) != buffer { copies += 1 }
            if pace.isPaced { Thread.sleep(forTimeInterval: frame) }
        }
        recorder?.close(timeout: .seconds(600))
        // The two clocks are read at slightly different times: never below zero.
        let workerNanos = max(0, Int64(Stopwatch.processCPUNanos() - processCPU) - Int64(Stopwatch.threadCPUNanos() - storeCPU))
        var notRecorded = 0
        if recorder != nil {
            try! TraceReader(path: path).forEachRecord { record in
                if case .stateNotRecorded = record { notRecorded += 1 }
                return true
            }
        }
        unlink(path)
        return Run(
            samples: Samples(samples), copies: copies, workerNanos: Double(workerNanos) / Double(count),
            dropped: recorder?.status.actionsDropped ?? 0, notRecorded: notRecorded)
    }

    /// `recorder-growth-profile USERS ui|slow|burst [FRAME_MS] [never|atUIPace|always]`: the
    /// renames of one plain and one recorded run, for callgrind. Under callgrind the worker runs
    /// some 50 times slower than the store's frame assumes: give UI pace a longer frame (500 ms
    /// for 100,000 users) so that it measures the worker keeping up, 20 actions.
    static func profile(users: Int, arguments: [String]) {
        let pace: Pace = ["ui": .ui, "slow": .slowWorker][arguments[0]] ?? .burst
        let frameMilliseconds = arguments.count > 1 ? Double(arguments[1]) : nil
        let coalescing: StateCoalescing = arguments.count > 2 ? ["never": .never, "always": .always][arguments[2]] ?? .atUIPace : .atUIPace
        for recording in [false, true] {
            let actions = pace.isPaced ? (frameMilliseconds == nil ? uiActions : 20) : burstActions
            let run = time(
                users: users, pace: pace, coalescing: recording ? coalescing : nil, frame: frameMilliseconds.map { $0 / 1_000 } ?? frame,
                uiActions: actions)
            print("\(recording ? "recorded (\(coalescing))" : "plain"): \(actions) renames among \(users) users, \(run.copies) copied the users, \(run.notRecorded) states not recorded, \(run.dropped) dropped")
        }
    }

    @inline(never)
    static func sendPlain(_ state: inout State, action: Action) {
        UsersFixture.reduce(&state, action)
    }

    @inline(never)
    static func sendRecorded(_ store: StoreRecorder<State, SlowRename>, state: inout State, action: SlowRename) {
        let pending = store.willSend(action)
        UsersFixture.reduce(&state, action.action)
        store.didReduce(pending, state: state)
    }
}
