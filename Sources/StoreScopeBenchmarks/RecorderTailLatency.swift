import Foundation
import StoreScope
import Synchronization

/// Issue 8, item 21: the store thread's tail latency under overload. One million actions as
/// fast as the store can send them on 2,000 users; each `didReduce` (the hand-off) timed on
/// its own, against a plain locked append of the same action and state to an array that a
/// second thread empties, in the same run.
enum RecorderTailLatency {
    typealias State = UsersFixture.State
    typealias Action = UsersFixture.Action

    static let count = 1_000_000
    static let users = 2_000

    static func run() {
        print("### Store thread tail latency under overload (\(count) actions back to back, \(users) users, isLoading flipped; each hand-off timed alone)\n")
        let plain = plainLockedAppend()
        let recorded = recorderHandOff()
        let rows = [("plain locked append", plain, "-"), ("recorder didReduce", recorded.samples, "\(recorded.dropped)")]
        Report.table(
            ["hand-off", "p50", "p99", "p99.9", "max", "> 100 µs", "> 1 ms", "dropped"],
            rows.map { name, samples, dropped in
                [
                    name, Report.nanos(samples.quantile(0.5)), Report.nanos(samples.quantile(0.99)),
                    Report.nanos(samples.quantile(0.999)), Report.nanos(samples.sorted.last ?? 0),
                    "\(samples.count(over: 100_000))", "\(samples.count(over: 1_000_000))", dropped,
                ]
            })
    }

    /// The recorder's `didReduce`, default configuration, into a file.
    static func recorderHandOff() -> (samples: Samples, dropped: UInt64) {
        let path = RecorderBenchmarks.temporaryPath("tail")
        let recorder = try! Recorder(sink: .file(path), configuration: .init(diagnostics: { _ in }))
        var state = UsersFixture.state(users: users)
        let recording = recorder.store("users", initialState: state, actions: Action.self)
        recorder.flush()
        var samples = [Double]()
        samples.reserveCapacity(count)
        for step in 0..<count {
            let action = UsersFixture.Change.toggleLoading.action(step: step, count: users)
            let pending = recording.willSend(action)
            UsersFixture.reduce(&state, action)
            let start = Stopwatch.now()
            recording.didReduce(pending, state: state)
            samples.append(Double(Stopwatch.now() - start))
        }
        recorder.close(timeout: .seconds(600))
        unlink(path)
        return (Samples(samples), recorder.status.actionsDropped)
    }

    /// What a queued action holds, appended under a lock to an array another thread empties
    /// every 250 µs (the recorder worker's poll).
    struct Entry {
        var seq: UInt64
        var nanos: UInt64
        var action: Action
        var state: State
    }

    static func plainLockedAppend() -> Samples {
        let queue = Mutex<[Entry]>([])
        let done = Atomic<Bool>(false)
        let consumer = Thread {
            var spare: [Entry] = []
            while !done.load(ordering: .acquiring) {
                usleep(250)
                queue.withLock { swap(&$0, &spare) }
                spare.removeAll(keepingCapacity: true)
            }
        }
        consumer.start()
        var state = UsersFixture.state(users: users)
        var samples = [Double]()
        samples.reserveCapacity(count)
        for step in 0..<count {
            let action = UsersFixture.Change.toggleLoading.action(step: step, count: users)
            UsersFixture.reduce(&state, action)
            let start = Stopwatch.now()
            let entry = Entry(seq: UInt64(step), nanos: start, action: action, state: state)
            queue.withLock { $0.append(entry) }
            samples.append(Double(Stopwatch.now() - start))
        }
        done.store(true, ordering: .releasing)
        return Samples(samples)
    }
}

extension Samples {
    /// The value below which a fraction `q` of the samples fall.
    func quantile(_ q: Double) -> Double {
        sorted[min(sorted.count - 1, Int(Double(sorted.count) * q))]
    }

    /// How many samples exceed `nanos`.
    func count(over nanos: Double) -> Int {
        sorted.count - (sorted.firstIndex { $0 > nanos } ?? sorted.count)
    }
}
