import Foundation
import StoreScope

/// Several app threads sending back to back at once, each into a store of its own of one
/// session (`recorder-senders`): the queue's gate at its most contended, app threads waiting
/// for each other and holding it nearly all the time while the worker needs its turn at the
/// lanes. The budget is 1 GiB, so that every send is recorded (a drop costs less than a send,
/// and would flatter the figures). Reports, per number of senders, the sends per second of all
/// threads together, the median and 99th percentile send (one in 100 timed), and what was
/// recorded and dropped.
enum RecorderSenders {
    static let sendsPerThread = 200_000

    static func run() {
        print("### Several threads sending at once (each its own store of 1,000 users, isLoading flipped, \(sendsPerThread) sends each, back to back, 1 GiB budget; the run of median time of 5)\n")
        var rows: [[String]] = []
        for senders in [1, 2, 4] {
            var results: [Result] = []
            for _ in 0..<5 { results.append(measure(senders: senders)) }
            results.sort { $0.seconds < $1.seconds }
            let middle = results[results.count / 2]
            let sends = Double(senders * sendsPerThread)
            rows.append([
                "\(senders)", Report.rate(sends, per: middle.seconds), Report.nanos(middle.medianSend),
                Report.nanos(middle.p99Send), "\(middle.recorded)", "\(middle.dropped)",
            ])
        }
        Report.table(["sending threads", "sends/s, all threads", "median send", "p99 send", "recorded", "dropped"], rows)
    }

    struct Result {
        var seconds: Double
        var medianSend: Double
        var p99Send: Double
        var recorded: UInt64
        var dropped: UInt64
    }

    /// Times one run: `senders` threads started together, each sending its share.
    static func measure(senders: Int) -> Result {
        let path = RecorderBenchmarks.temporaryPath("senders")
        let recorder = try! Recorder(sink: .file(path), configuration: .init(maximumPendingBytes: 1 << 30))
        defer { unlink(path) }
        let stores = (0..<senders).map { index in
            recorder.store("users\(index)", initialState: UsersFixture.state(users: 1_000), actions: UsersFixture.Action.self)
        }
        recorder.flush()
        let timings = SendTimings()
        let start = Stopwatch.now()
        DispatchQueue.concurrentPerform(iterations: senders) { index in
            let store = stores[index]
            var state = UsersFixture.state(users: 1_000)
            var samples = [Double]()
            samples.reserveCapacity(sendsPerThread / 100)
            for step in 0..<sendsPerThread {
                let action = UsersFixture.Change.toggleLoading.action(step: step, count: 1_000)
                // One send in 100 timed, so that the clock reads barely slow the rest.
                let timed = step % 100 == 0
                let before = timed ? Stopwatch.now() : 0
                let pending = store.willSend(action)
                UsersFixture.reduce(&state, action)
                store.didReduce(pending, state: state)
                if timed { samples.append(Double(Stopwatch.now() - before)) }
            }
            timings.add(samples)
        }
        let seconds = Double(Stopwatch.now() - start) / 1e9
        recorder.close()
        let sends = timings.all
        return Result(
            seconds: seconds, medianSend: sends.median, p99Send: sends.p99, recorded: recorder.status.actionsRecorded,
            dropped: recorder.status.actionsDropped)
    }

    /// The sending threads' timed sends, gathered across threads.
    final class SendTimings: @unchecked Sendable {
        // @unchecked: `values` is reached only under `lock`.
        private let lock = NSLock()
        private var values: [Double] = []
        func add(_ samples: [Double]) { lock.withLock { values += samples } }
        var all: Samples { lock.withLock { Samples(values) } }
    }
}
