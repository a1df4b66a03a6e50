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
        workerThroughput()
    }

    // MARK: - Store thread

    /// Per-action store-thread cost when the worker keeps up: bursts of 100 back-to-back
    /// actions, each followed by a flush, so the queue never holds more than one burst.
    static func storeThread() {
        print("### Store thread, worker keeping up (per action; bursts of 100 back-to-back actions, 20,000 in all)\n")
        var rows: [[String]] = []
        for users in [1_000, 10_000] {
            for change in [UsersFixture.Change.toggleLoading, .rename] {
                let plain = timeActions(users: users, change: change, count: 20_000, recorder: nil, burst: 100)
                let path = temporaryPath("burst")
                let recorder = try! Recorder(sink: .file(path), schema: [State.self, Action.self])
                let recorded = timeActions(users: users, change: change, count: 20_000, recorder: recorder, burst: 100)
                recorder.close()
                let status = recorder.status
                unlink(path)
                rows.append([
                    "\(users) users, \(change.rawValue)", Report.nanos(plain.median), Report.nanos(recorded.median),
                    Report.nanos(recorded.median - plain.median), Report.nanos(plain.p99), Report.nanos(recorded.p99),
                    "\(status.actionsDropped)",
                ])
            }
        }
        Report.table(["workload", "plain median", "recorded median", "overhead", "plain p99", "recorded p99", "dropped"], rows)

        print("### Store thread under overload (20,000 actions back to back, worker behind, 16 MiB budget)\n")
        rows = []
        for users in [1_000, 10_000] {
            for change in [UsersFixture.Change.toggleLoading, .rename] {
                let plain = timeActions(users: users, change: change, count: 20_000, recorder: nil)
                let path = temporaryPath("overload")
                let recorder = try! Recorder(sink: .file(path), configuration: .init(diagnostics: { _ in }))
                let recorded = timeActions(users: users, change: change, count: 20_000, recorder: recorder)
                recorder.close()
                let status = recorder.status
                unlink(path)
                rows.append([
                    "\(users) users, \(change.rawValue)", Report.nanos(plain.median), Report.nanos(recorded.median),
                    Report.nanos(recorded.p99), "\(status.actionsRecorded)", "\(status.actionsDropped)",
                ])
            }
        }
        Report.table(["workload", "plain median", "recorded median", "recorded p99", "recorded", "dropped"], rows)
    }

    /// Times each send (reducer plus, when recording, willSend/didReduce) individually.
    static func timeActions(
        users: Int, change: UsersFixture.Change, count: Int, recorder: Recorder?, pace: Duration? = nil, burst: Int? = nil
    ) -> Samples {
        var state = UsersFixture.state(users: users)
        let recording = recorder?.store("users", initialState: state, actions: Action.self)
        var samples = [Double]()
        samples.reserveCapacity(count)
        recorder?.flush()
        let actions = (0..<count).map { change.action(step: $0, count: users) }
        if pace != nil { Thread.sleep(forTimeInterval: 0.05) }
        for (index, action) in actions.enumerated() {
            if let burst, index % burst == 0 { recorder?.flush() }
            let start = Stopwatch.now()
            if let recording {
                let pending = recording.willSend(action)
                UsersFixture.reduce(&state, action)
                recording.didReduce(pending, state: state)
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
                row += [Report.nanos(recorded.median), Report.nanos(recorded.p99)]
            }
            rows.append(row)
        }
        Report.table(["change", "plain median", "recorded median", "recorded p99", "no-unshare median", "no-unshare p99"], rows)
    }

    // MARK: - Worker

    /// Actions per second from the store's send to bytes in a compressed file, fed in bursts of
    /// 100 with a flush after each: sustained throughput with a short queue, as when the worker
    /// keeps up (a queue of thousands of collection changes would measure the copies the store
    /// thread makes and the worker frees, which the overload table shows instead).
    static func workerThroughput() {
        print("### Worker throughput end to end into a compressed file (bursts of 100, no drops)\n")
        var rows: [[String]] = []
        let cases: [(Int, UsersFixture.Change, Int)] = [
            (1_000, .toggleLoading, 200_000), (1_000, .rename, 20_000), (10_000, .toggleLoading, 100_000), (10_000, .rename, 2_000),
        ]
        for (users, change, count) in cases {
            let path = temporaryPath("worker")
            let recorder = try! Recorder(sink: .file(path), configuration: .init(maximumPendingBytes: 1 << 40))
            var state = UsersFixture.state(users: users)
            let recording = recorder.store("users", initialState: state, actions: Action.self)
            recorder.flush()
            let actions = (0..<count).map { change.action(step: $0, count: users) }
            let start = Stopwatch.now()
            for (index, action) in actions.enumerated() {
                let pending = recording.willSend(action)
                UsersFixture.reduce(&state, action)
                recording.didReduce(pending, state: state)
                if index % 100 == 99 { recorder.flush() }
            }
            recorder.close(timeout: .seconds(600))
            let seconds = Double(Stopwatch.now() - start) / 1e9
            let status = recorder.status
            precondition(status.actionsDropped == 0 && status.actionsRecorded == UInt64(count))
            let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
            unlink(path)
            rows.append([
                "\(users) users, \(change.rawValue)", "\(count)", Report.rate(Double(count), per: seconds),
                Report.nanos(seconds * 1e9 / Double(count)), Report.fixed(Double(size) / Double(count), 1) + " B",
            ])
        }
        Report.table(["workload", "actions", "throughput", "time per action", "file bytes per action"], rows)
    }

    static func temporaryPath(_ name: String) -> String {
        NSTemporaryDirectory() + "storescope-bench-\(name)-\(UUID().uuidString).sstrace"
    }
}

/// Sorted timing samples in nanoseconds.
struct Samples {
    let sorted: [Double]
    init(_ values: [Double]) { sorted = values.sorted() }
    var median: Double { sorted[sorted.count / 2] }
    var p99: Double { sorted[min(sorted.count - 1, sorted.count * 99 / 100)] }
}
