import Foundation
import StoreScope

/// Issue 4: what the recorder costs the store thread (at burst and at UI pace), and how many
/// actions per second its worker turns into a compressed file.
enum RecorderBenchmarks {
    typealias State = UsersFixture.State
    typealias Action = UsersFixture.Action

    static func run() {
        print("## Recorder\n")
        storeThread()
        uiPace()
        uiPaceParts()
        StateGrowth.run()
        workerThroughput()
        RecorderTailLatency.run()
        RecorderSenders.run()
    }

    // MARK: - Store thread

    /// Per-action store-thread cost when the worker keeps up: bursts of 100 back-to-back
    /// actions, each waiting for the worker to drain the queue, so it never holds more than one
    /// burst.
    static func storeThread() {
        print("### Store thread, worker keeping up (per action; bursts of 100 back-to-back actions, 20,000 in all; median of \(rounds) alternating runs)\n")
        var rows: [[String]] = []
        for users in [1_000, 10_000] {
            for change in [UsersFixture.Change.toggleLoading, .rename] {
                let result = compareRounds(users: users, change: change, burst: 100, configuration: .init(), withFloor: true)
                let floor = result.floor!
                rows.append([
                    "\(users) users, \(change.rawValue)", Report.nanos(result.plain.median),
                    Report.unlessDropped(Report.nanos(floor.median), dropped: result.floorDropped),
                    Report.unlessDropped(Report.nanos(result.recorded.median), dropped: result.dropped),
                    Report.unlessDropped(Report.nanos(result.recorded.median - result.plain.median), dropped: result.dropped),
                    Report.unlessDropped(Report.nanos(floor.median - result.plain.median), dropped: result.floorDropped),
                    Report.nanos(result.plain.p99), Report.unlessDropped(Report.nanos(floor.p99), dropped: result.floorDropped),
                    Report.unlessDropped(Report.nanos(result.recorded.p99), dropped: result.dropped),
                    "\(result.dropped)",
                ])
            }
        }
        // The floor is a stand-in (``StoreThreadFloor``): the least a recorder that timestamps
        // the action and times its reducer does on the store thread, with none of the queue's
        // guarantees; what the recorder pays above it is theirs.
        Report.table([
            "workload", "plain median", "floor median (stand-in)", "recorded median", "overhead", "floor overhead",
            "plain p99", "floor p99", "recorded p99", "dropped",
        ], rows)

        print("### Store thread under overload (20,000 actions back to back, worker behind, 16 MiB budget; median of \(rounds) alternating runs)\n")
        rows = []
        for users in [1_000, 10_000] {
            for change in [UsersFixture.Change.toggleLoading, .rename] {
                let result = compareRounds(users: users, change: change, burst: nil, configuration: .init(diagnostics: { _ in }))
                rows.append([
                    "\(users) users, \(change.rawValue)", Report.nanos(result.plain.median), Report.nanos(result.recorded.median),
                    Report.nanos(result.recorded.p99), "\(result.recordedActions)", "\(result.dropped)",
                ])
            }
        }
        // Under overload most sends are dropped by design: the figures are what a send costs the
        // store thread, recorded or dropped, never a recording cost.
        Report.table(["workload", "plain median", "median send (recorded or dropped)", "p99 send", "recorded", "dropped"], rows)
    }

    /// `recorder-store-rounds`: each round's recorded median of the scalar row, at 1k and 10k
    /// users, 15 rounds, each a fresh recorder (so a fresh heap layout): the spread between
    /// rounds that the seven-round medians above hide.
    static func scalarRounds() {
        for users in [1_000, 10_000] {
            var medians: [String] = []
            for _ in 0..<15 {
                let path = temporaryPath("rounds")
                let recorder = try! Recorder(sink: .file(path))
                let recorded = timeActions(users: users, change: .toggleLoading, count: 20_000, recorder: recorder, burst: 100)
                recorder.close()
                unlink(path)
                medians.append(Report.nanos(recorded.median))
            }
            print("\(users) users, isLoading flipped, recorded median per round: \(medians.joined(separator: ", "))")
        }
    }

    /// How many times each store-thread measurement runs. This machine is shared: one run can
    /// land on a noisy neighbour, so plain and recorded runs alternate and each figure is the
    /// median over the runs.
    static let rounds = 7

    /// Times 20,000 actions plain, recorded and, `withFloor`, through the floor
    /// (``StoreThreadFloor``), alternating, ``rounds`` times.
    static func compareRounds(
        users: Int, change: UsersFixture.Change, burst: Int?, configuration: RecorderConfiguration, withFloor: Bool = false
    ) -> (plain: Rounds, recorded: Rounds, floor: Rounds?, recordedActions: UInt64, dropped: UInt64, floorDropped: UInt64) {
        var plain = Rounds()
        var recorded = Rounds()
        var floor = Rounds()
        var recordedActions: [UInt64] = []
        var dropped: [UInt64] = []
        var floorDropped: [UInt64] = []
        for _ in 0..<rounds {
            plain.add(timeActions(users: users, change: change, count: 20_000, recorder: nil, burst: burst))
            if withFloor {
                let standIn = StoreThreadFloor<State, Action>()
                floor.add(timeActions(users: users, change: change, count: 20_000, recorder: nil, floor: standIn, burst: burst))
                standIn.stop()
                floorDropped.append(UInt64(standIn.dropped))
            }
            let path = temporaryPath("store")
            let recorder = try! Recorder(sink: .file(path), schema: [State.self, Action.self], configuration: configuration)
            recorded.add(timeActions(users: users, change: change, count: 20_000, recorder: recorder, burst: burst))
            recorder.close()
            recordedActions.append(recorder.status.actionsRecorded)
            dropped.append(recorder.status.actionsDropped)
            unlink(path)
        }
        return (
            plain, recorded, withFloor ? floor : nil, recordedActions.sorted()[rounds / 2], dropped.sorted()[rounds / 2],
            withFloor ? floorDropped.sorted()[rounds / 2] : 0
        )
    }

    /// Times each send (reducer plus, when recording, willSend/didReduce, or through `floor`)
    /// individually.
    static func timeActions(
        users: Int, change: UsersFixture.Change, count: Int, recorder: Recorder?, floor: StoreThreadFloor<State, Action>? = nil,
        pace: Duration? = nil, burst: Int? = nil
    ) -> Samples {
        var state = UsersFixture.state(users: users)
        let recording = recorder?.store("users", initialState: state, actions: Action.self)
        var samples = [Double]()
        samples.reserveCapacity(count)
        recorder?.flush()
        let actions = (0..<count).map { change.action(step: $0, count: users) }
        if pace != nil { Thread.sleep(forTimeInterval: 0.05) }
        for (index, action) in actions.enumerated() {
            if let burst, index % burst == 0 {
                if let recorder { drain(recorder) }
                floor?.drain()
            }
            let start = Stopwatch.now()
            if let recording {
                let pending = recording.willSend(action)
                UsersFixture.reduce(&state, action)
                recording.didReduce(pending, state: state)
            } else if let floor {
                floor.send(action, state: &state, UsersFixture.reduce)
            } else {
                UsersFixture.reduce(&state, action)
            }
            samples.append(Double(Stopwatch.now() - start))
            if let pace { Thread.sleep(forTimeInterval: Double(pace.components.attoseconds) / 1e18) }
        }
        return Samples(samples)
    }

    // MARK: - UI pace

    static func uiPace() {
        print("### Store thread at UI pace (about 1,000 actions/s; 2,000 actions; 1,000 users)\n")
        var rows: [[String]] = []
        for change in [UsersFixture.Change.toggleLoading, .rename] {
            let plain = timeActions(users: 1_000, change: change, count: 2_000, recorder: nil, pace: .milliseconds(1))
            var row = ["\(change.rawValue)", Report.nanos(plain.median)]
            for unshare in [true, false] {
                let path = temporaryPath("pace")
                let recorder = try! Recorder(sink: .file(path), configuration: .init(unsharesChangedCollections: unshare))
                let recorded = timeActions(users: 1_000, change: change, count: 2_000, recorder: recorder, pace: .milliseconds(1))
                recorder.close()
                unlink(path)
                let dropped = recorder.status.actionsDropped
                row += [Report.unlessDropped(Report.nanos(recorded.median), dropped: dropped), Report.unlessDropped(Report.nanos(recorded.p99), dropped: dropped)]
            }
            rows.append(row)
        }
        Report.table(["change", "plain median", "recorded median", "recorded p99", "no-unshare median", "no-unshare p99"], rows)
    }

    /// Where a recorded action's time goes at UI pace: each part timed on its own (so each
    /// figure includes one clock read of about 30 ns).
    static func uiPaceParts() {
        print("### Store thread at UI pace, by part (isLoading flipped, 2,000 actions about 1 ms apart, 1,000 users)\n")
        var state = UsersFixture.state(users: 1_000)
        let path = temporaryPath("pace-parts")
        let recorder = try! Recorder(sink: .file(path))
        let recording = recorder.store("users", initialState: state, actions: Action.self)
        recorder.flush()
        var willSend: [Double] = [], reduce: [Double] = [], didReduce: [Double] = []
        for step in 0..<2_000 {
            let action = UsersFixture.Change.toggleLoading.action(step: step, count: 1_000)
            let start = Stopwatch.now()
            let pending = recording.willSend(action)
            let sent = Stopwatch.now()
            UsersFixture.reduce(&state, action)
            let reduced = Stopwatch.now()
            recording.didReduce(pending, state: state)
            let handed = Stopwatch.now()
            willSend.append(Double(sent - start))
            reduce.append(Double(reduced - sent))
            didReduce.append(Double(handed - reduced))
            Thread.sleep(forTimeInterval: 0.001)
        }
        recorder.close()
        unlink(path)
        let bare = BareHandOff.timeAtUIPace(action: UsersFixture.Change.toggleLoading.action(step: 0, count: 1_000), state: state)
        Report.table(["part", "median", "p99"], [
            ["willSend (sequence number, ticks, effect lookup)", Report.nanos(Samples(willSend).median), Report.nanos(Samples(willSend).p99)],
            ["the reducer", Report.nanos(Samples(reduce).median), Report.nanos(Samples(reduce).p99)],
            ["didReduce (ticks, hand-off to the worker)", Report.nanos(Samples(didReduce).median), Report.nanos(Samples(didReduce).p99)],
            ["for comparison: a reading of the ticks, the action and its state written to a ring another thread reads", Report.nanos(bare.median), Report.nanos(bare.p99)],
        ])
    }

    // MARK: - Worker

    /// Actions per second from the store's send to bytes in a compressed file. Actions are fed
    /// in bursts of 100 whenever no more than `queued` wait, so the worker never runs out of
    /// work (it only learns of new actions at its next poll, and idles until then) while the
    /// queue stays bounded: 1,000 scalar changes, but only 100 collection changes, each of
    /// which pins its own copy of the users array.
    static func workerThroughput(
        _ cases: [(users: Int, change: UsersFixture.Change, count: Int, queued: Int)] = [
            (1_000, .toggleLoading, 200_000, 1_000), (1_000, .rename, 20_000, 100),
            (10_000, .toggleLoading, 100_000, 1_000), (10_000, .rename, 2_000, 100),
        ],
        configuration: RecorderConfiguration = .init(maximumPendingBytes: 1 << 40)
    ) {
        print("### Worker throughput end to end into a compressed file (up to 1,000 scalar or 100 collection changes queued, no drops)\n")
        var rows: [[String]] = []
        for (users, change, count, queued) in cases {
            let path = temporaryPath("worker")
            let recorder = try! Recorder(sink: .file(path), configuration: configuration)
            var state = UsersFixture.state(users: users)
            let recording = recorder.store("users", initialState: state, actions: Action.self)
            recorder.flush()
            let actions = (0..<count).map { change.action(step: $0, count: users) }
            let start = Stopwatch.now()
            let storeCPU = Stopwatch.threadCPUNanos(), processCPU = Stopwatch.processCPUNanos()
            for (index, action) in actions.enumerated() {
                let pending = recording.willSend(action)
                UsersFixture.reduce(&state, action)
                recording.didReduce(pending, state: state)
                if index % 100 == 99 { drain(recorder, downTo: queued) }
            }
            recorder.close(timeout: .seconds(600))
            let seconds = Double(Stopwatch.now() - start) / 1e9
            let storeNanos = Stopwatch.threadCPUNanos() - storeCPU
            let otherNanos = Stopwatch.processCPUNanos() - processCPU - storeNanos

            let status = recorder.status
            precondition(status.actionsDropped == 0 && status.actionsRecorded == UInt64(count))
            let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
            unlink(path)
            rows.append([
                "\(users) users, \(change.rawValue)", "\(count)", Report.rate(Double(count), per: seconds),
                Report.nanos(seconds * 1e9 / Double(count)), Report.nanos(Double(storeNanos) / Double(count)),
                Report.nanos(Double(otherNanos) / Double(count)), Report.fixed(Double(size) / Double(count), 1) + " B",
            ])
        }
        Report.table([
            "workload", "actions", "throughput", "time per action", "store thread CPU per action",
            "worker CPU per action", "file bytes per action",
        ], rows)
    }

    /// A burst as the recorder sees it at full speed, for a run slowed some 50 times by
    /// callgrind: every state recorded (under the default ``StateCoalescing/atUIPace`` a burst
    /// records every state, but slowed down its renames would seem a frame apart and some states
    /// be let go), no unsharing (its renames would seem 200 µs apart), and chunks cut every 2 s
    /// rather than every 100 ms (a dozen renames each, slowed down; hundreds at full speed, where
    /// 64 KiB cuts them). Not longer: an idle worker sleeps that long between polls.
    static var burstUnderCallgrind: RecorderConfiguration {
        RecorderConfiguration(
            chunking: ChunkingOptions(flushInterval: .seconds(2)), maximumPendingBytes: 1 << 40,
            unsharesChangedCollections: false, stateCoalescing: .never)
    }

    /// Waits until the worker has no more than `limit` queued actions left. Unlike `flush()`,
    /// it leaves chunking alone: chunks are cut at 64 KiB or 100 ms, as in an app.
    static func drain(_ recorder: Recorder, downTo limit: Int = 0) {
        while recorder.status.pendingActions > limit { usleep(20) }
    }

    static func temporaryPath(_ name: String) -> String {
        NSTemporaryDirectory() + "storescope-bench-\(name)-\(UUID().uuidString).sstrace"
    }
}

/// The medians and 99th percentiles of repeated runs, each summarised by its median.
struct Rounds {
    private var medians: [Double] = []
    private var p99s: [Double] = []
    mutating func add(_ samples: Samples) {
        medians.append(samples.median)
        p99s.append(samples.p99)
    }
    var median: Double { medians.sorted()[medians.count / 2] }
    var p99: Double { p99s.sorted()[p99s.count / 2] }
}

/// Sorted timing samples in nanoseconds.
struct Samples {
    let sorted: [Double]
    init(_ values: [Double]) { sorted = values.sorted() }
    var median: Double { sorted[sorted.count / 2] }
    var p99: Double { sorted[min(sorted.count - 1, sorted.count * 99 / 100)] }
}
