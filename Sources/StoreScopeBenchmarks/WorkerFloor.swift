import Foundation

/// The floor under the worker's throughput for renames (issue 8, item 15): what the copy-on-write
/// copy a queued state forces on the store thread, and freeing that copy on the worker, cost by
/// themselves, without capture, diff or encoding. Any recorder that keeps the state of each
/// queued action pays both once per rename of a burst.
enum WorkerFloor {
    typealias State = UsersFixture.State

    static func run() {
        print("### Floor of a rename in a burst: the queued state's copy and its free\n")
        var rows: [[String]] = []
        for users in [1_000, 10_000] {
            let single = copyThenFree(users: users, count: users == 1_000 ? 20_000 : 2_000)
            let piped = pipeline(users: users, count: users == 1_000 ? 20_000 : 2_000)
            rows.append([
                "\(users) users", Report.nanos(single.copy), Report.nanos(single.free),
                Report.rate(1, per: (single.copy + single.free) / 1e9), Report.rate(1, per: piped.wall / 1e9),
                Report.nanos(piped.storeCPU), Report.nanos(piped.workerCPU),
            ])
        }
        Report.table([
            "state", "store: rename with the previous state queued (CPU)", "worker: freeing a queued state (CPU)",
            "both on one core", "two threads (store copies, worker frees): wall", "store CPU", "worker CPU",
        ], rows)
    }

    /// Per rename, in thread CPU time, median of 100-action bursts: the reducer's rename while
    /// the state before it is held (the copy), and dropping the held states (the frees).
    static func copyThenFree(users: Int, count: Int) -> (copy: Double, free: Double) {
        var state = UsersFixture.state(users: users)
        var copies: [Double] = [], frees: [Double] = []
        var held: [State] = []
        held.reserveCapacity(100)
        for burst in 0..<(count / 100) {
            let start = Stopwatch.threadCPUNanos()
            for step in 0..<100 {
                held.append(state)
                UsersFixture.reduce(&state, UsersFixture.Change.rename.action(step: burst * 100 + step, count: users))
            }
            let copied = Stopwatch.threadCPUNanos()
            held.removeAll(keepingCapacity: true)
            let freed = Stopwatch.threadCPUNanos()
            copies.append(Double(copied - start) / 100)
            frees.append(Double(freed - copied) / 100)
        }
        return (Samples(copies).median, Samples(frees).median)
    }

    /// Wall nanoseconds per rename when this thread renames with each previous state handed to
    /// a second thread that frees it, as the store thread and the worker do, bursts of 100
    /// fed whenever no more than 100 wait (the worker-throughput benchmark's pace); and the CPU
    /// time each thread spent per rename (the store thread's includes its polling).
    static func pipeline(users: Int, count: Int) -> (wall: Double, storeCPU: Double, workerCPU: Double) {
        final class Handoff: @unchecked Sendable {
            // @unchecked: every access to `states` and `done` holds `lock`.
            let lock = NSCondition()
            var states: [State] = []
            var done = false
            var freed = 0
            var workerCPU: UInt64 = 0
        }
        let handoff = Handoff()
        let worker = Thread {
            var batch: [State] = []
            let cpu = Stopwatch.threadCPUNanos()
            while true {
                handoff.lock.lock()
                while handoff.states.isEmpty && !handoff.done { handoff.lock.wait() }
                if handoff.states.isEmpty && handoff.done {
                    handoff.workerCPU = Stopwatch.threadCPUNanos() - cpu
                    handoff.lock.unlock()
                    return
                }
                swap(&batch, &handoff.states)
                handoff.lock.unlock()
                let taken = batch.count
                batch.removeAll(keepingCapacity: true)
                handoff.lock.lock()
                handoff.freed += taken
                handoff.lock.unlock()
            }
        }
        var state = UsersFixture.state(users: users)
        worker.start()
        let start = Stopwatch.now()
        let cpu = Stopwatch.threadCPUNanos()
        for step in 0..<count {
            UsersFixture.reduce(&state, UsersFixture.Change.rename.action(step: step, count: users))
            handoff.lock.lock()
            handoff.states.append(state)
            if step % 100 == 99 { handoff.lock.signal() }
            handoff.lock.unlock()
            if step % 100 == 99 {
                while true {
                    handoff.lock.lock()
                    let waiting = step + 1 - handoff.freed
                    handoff.lock.unlock()
                    if waiting <= 100 { break }
                    usleep(20)
                }
            }
        }
        let storeCPU = Stopwatch.threadCPUNanos() - cpu
        handoff.lock.lock()
        handoff.done = true
        handoff.lock.signal()
        handoff.lock.unlock()
        while true {
            handoff.lock.lock()
            let all = handoff.freed == count && handoff.workerCPU > 0
            handoff.lock.unlock()
            if all { break }
            usleep(20)
        }
        let wall = Double(Stopwatch.now() - start) / Double(count)
        return (wall, Double(storeCPU) / Double(count), Double(handoff.workerCPU) / Double(count))
    }
}
