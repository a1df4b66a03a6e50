import Foundation
import StoreScopeCLI
import TraceFormat

/// A live session in the viewer: a thread appends 10,000 actions/s (``UsersTrace`` records,
/// chunks closed on size or after 100 ms, as the recorder's file sink does) to a growing trace
/// while the viewer follows it as its loop does: every 250 ms it polls the source, takes the
/// new records (`recordsArrived`) and draws. Between two polls a key is pressed (`s`, `d`,
/// `k`, which stops following, and `F`, which resumes it) and timed. A key that arrives while
/// a poll is being handled waits for it: the poll's time is the most it waits.
enum LiveViewerBenchmark {
    static let rate = 10_000
    static let seconds = 10.0

    static func run() {
        let path = NSTemporaryDirectory() + "storescope-viewer-live-\(getpid()).sstrace"
        defer { unlink(path) }
        let stop = LockedValue(false), written = LockedValue(0), ready = LockedValue(false)
        let writer = Thread {
            let trace = try! TraceWriter(path: path, header: UsersTrace.header)
            var generator = UsersTrace.Generator(otherStores: true)
            try! generator.appendOpening(to: trace)
            for _ in 0..<rate / 10 { try! generator.appendNext(to: trace) }
            try! trace.flush()
            var count = rate / 10
            written.withLock { $0 = count }
            ready.withLock { $0 = true }
            let start = Stopwatch.now()
            while !stop.withLock({ $0 }) {
                let due = rate / 10 + Int(Double(Stopwatch.now() - start) / 1e9 * Double(rate))
                while count < due {
                    try! generator.appendNext(to: trace)
                    count += 1
                }
                try! trace.closeChunkIfDue()
                written.withLock { $0 = count }
                usleep(2_000)
            }
            try! trace.close()
            ready.withLock { $0 = false }
        }
        writer.start()
        while !ready.withLock({ $0 }) { usleep(1_000) }

        let screen = ViewerScreen(source: try! FileTraceSource(path: path), columns: ViewerBenchmarks.columns, rows: ViewerBenchmarks.rows)
        screen.press(.character("F"))
        var polls = Timings(), keys = Timings()
        var arrived = 0
        let keyCycle: [Key] = [.character("s"), .character("d"), .character("k"), .character("F")]
        let start = Stopwatch.now()
        let firstSeen = written.withLock { $0 }
        var tick = 0
        while Double(Stopwatch.now() - start) / 1e9 < seconds {
            tick += 1
            let pollAt = start + UInt64(tick) * 250_000_000
            // A key half-way between two polls.
            sleep(until: pollAt - 125_000_000)
            keys.time { screen.press(keyCycle[tick % keyCycle.count]) }
            sleep(until: pollAt)
            polls.time {
                // The reader reads on in the trace and answers whether records arrived.
                let shown = screen.state.lastActionSeq
                screen.send(.sessions(.poll))
                if screen.state.lastActionSeq != shown { arrived += 1 }
            }
        }
        let elapsed = Double(Stopwatch.now() - start) / 1e9
        let lastWritten = written.withLock { $0 }
        stop.withLock { $0 = true }
        while ready.withLock({ $0 }) { usleep(1_000) }
        let shown = screen.selected ?? 0
        print("### Live: a writer at \(rate) actions/s, the viewer following for \(Report.fixed(elapsed, 1)) s\n")
        print("Written \(lastWritten - firstSeen) actions while following (\(Report.rate(Double(lastWritten - firstSeen), per: elapsed))); \(arrived) of \(polls.wall.count) polls brought records; the last screen showed #\(shown) of \(lastWritten).\n")
        Report.table(
            ["live (following)", "samples", "wall median", "wall worst", "CPU median", "CPU worst", "goal", "met"],
            [
                ["key between polls (s d k F)"] + keys.cells(goalMilliseconds: 50),
                ["poll + recordsArrived + draw (a key waits at most this)"] + polls.cells(goalMilliseconds: 50),
            ])
    }

    private static func sleep(until nanos: UInt64) {
        let now = Stopwatch.now()
        if nanos > now { usleep(useconds_t((nanos - now) / 1_000)) }
    }
}
