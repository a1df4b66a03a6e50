import Foundation
import StoreScope
import TraceFormat

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
        let plain = plainLockedAppend(classify: false).samples
        let recorded = recorderHandOff(classify: false)
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
        classifiedRun()
    }

    /// The same two runs again, with the thread's resource usage read around each hand-off: a
    /// slow hand-off during which the thread was switched out voluntarily waited for something
    /// (a lock, a system call); involuntarily, the scheduler preempted it; with page faults, it
    /// touched fresh memory. Reading the usage costs two system calls per action, so these
    /// runs send more slowly than the ones above, and their times are not the distribution.
    static func classifiedRun() {
        print("\nWhat the hand-offs slower than 100 µs had in common (a second run of each, the thread's usage read around every hand-off):\n")
        let plain = plainLockedAppend(classify: true).slow
        let recorded = recorderHandOff(classify: true).slow
        Report.table(
            ["hand-off", "> 100 µs", "of them > 1 ms", "preempted (involuntary switch)", "waited (voluntary switch)", "page faults, no switch", "none of these"],
            [("plain locked append", plain), ("recorder didReduce", recorded)].map { name, slow in
                [
                    name, "\(slow.count)", "\(slow.count { $0.nanos > 1_000_000 })", "\(slow.count { $0.involuntarySwitches > 0 })",
                    "\(slow.count { $0.voluntarySwitches > 0 })",
                    "\(slow.count { $0.involuntarySwitches == 0 && $0.voluntarySwitches == 0 && $0.pageFaults > 0 })",
                    "\(slow.count { $0.involuntarySwitches == 0 && $0.voluntarySwitches == 0 && $0.pageFaults == 0 })",
                ]
            })
    }

    /// A hand-off slower than 100 µs and what the thread went through during it.
    struct SlowHandOff {
        var nanos: UInt64
        var involuntarySwitches: Int
        var voluntarySwitches: Int
        var pageFaults: Int
    }

    /// Times `body`, and when `classify` is set and it took longer than 100 µs, says what the
    /// thread went through (see ``classifiedRun()``).
    @inline(__always)
    static func timed(classify: Bool, into slow: inout [SlowHandOff], _ body: () -> Void) -> UInt64 {
        let before = classify ? Stopwatch.threadUsage() : rusage()
        let start = Stopwatch.now()
        body()
        let nanos = Stopwatch.now() - start
        if classify {
            let after = Stopwatch.threadUsage()
            if nanos > 100_000 {
                slow.append(SlowHandOff(
                    nanos: nanos, involuntarySwitches: after.ru_nivcsw - before.ru_nivcsw,
                    voluntarySwitches: after.ru_nvcsw - before.ru_nvcsw,
                    pageFaults: (after.ru_minflt - before.ru_minflt) + (after.ru_majflt - before.ru_majflt)))
            }
        }
        return nanos
    }

    /// The recorder's `didReduce`, default configuration, into a file.
    static func recorderHandOff(classify: Bool) -> (samples: Samples, dropped: UInt64, slow: [SlowHandOff]) {
        let path = RecorderBenchmarks.temporaryPath("tail")
        let recorder = try! Recorder(sink: .file(path), configuration: .init(diagnostics: { _ in }))
        var state = UsersFixture.state(users: users)
        let recording = recorder.store("users", initialState: state, actions: Action.self)
        recorder.flush()
        var samples = [Double]()
        samples.reserveCapacity(count)
        var slow: [SlowHandOff] = []
        for step in 0..<count {
            let action = UsersFixture.Change.toggleLoading.action(step: step, count: users)
            let pending = recording.willSend(action)
            UsersFixture.reduce(&state, action)
            let nanos = timed(classify: classify, into: &slow) { recording.didReduce(pending, state: state) }
            samples.append(Double(nanos))
        }
        recorder.close(timeout: .seconds(600))
        unlink(path)
        return (Samples(samples), recorder.status.actionsDropped, slow)
    }

    /// What a queued action holds, appended under a lock to an array another thread empties
    /// every 250 µs (the recorder worker's poll).
    struct Entry {
        var seq: UInt64
        var nanos: UInt64
        var action: Action
        var state: State
    }

    static func plainLockedAppend(classify: Bool) -> (samples: Samples, slow: [SlowHandOff]) {
        let queue = LockedValue<[Entry]>([])
        let done = AtomicValue<Bool>(false)
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
        var slow: [SlowHandOff] = []
        for step in 0..<count {
            let action = UsersFixture.Change.toggleLoading.action(step: step, count: users)
            UsersFixture.reduce(&state, action)
            let nanos = timed(classify: classify, into: &slow) {
                let entry = Entry(seq: UInt64(step), nanos: Stopwatch.now(), action: action, state: state)
                queue.withLock { $0.append(entry) }
            }
            samples.append(Double(nanos))
        }
        done.store(true, ordering: .releasing)
        return (Samples(samples), slow)
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
