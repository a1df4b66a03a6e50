import Foundation

/// The floor under the worker's throughput for renames (issue 8, item 15): what the copy-on-write
/// copy a queued state forces on the store thread, and freeing that copy, cost by themselves,
/// without capture, diff or encoding. Any recorder that keeps the state of each queued action
/// pays both once per rename of a burst. On two threads they cost more than on one: the copy
/// retains every element's storage and the free releases it, and when the two run on different
/// cores at once, each of those reference-count writes finds its cache line on the other core.
enum WorkerFloor {
    typealias State = UsersFixture.State

    /// Who frees a state the second thread is done with, and what that thread does with it.
    enum Split: CaseIterable {
        /// The second thread frees each state, as the recorder's worker does.
        case workerFrees
        /// The second thread hands each state back and the store's thread frees one per rename:
        /// a design measured and not kept (docs/BENCHMARKS.md, "Worker throughput for renames").
        case storeFrees
        /// As `storeFrees`, and the second thread first compares each state's users buffer with
        /// the previous state's byte by byte, as the diff's first pass does.
        case storeFreesWorkerCompares
    }

    static func run() {
        print("### Floor of a rename in a burst: the queued state's copy and its free\n")
        var rows: [[String]] = []
        var splitRows: [[String]] = []
        for users in [1_000, 10_000] {
            let count = users == 1_000 ? 20_000 : 2_000
            let single = copyThenFree(users: users, count: count)
            rows.append([
                "\(users) users", Report.nanos(single.copy), Report.nanos(single.free),
                Report.rate(1, per: (single.copy + single.free) / 1e9),
            ])
            for split in Split.allCases {
                let piped = pipeline(users: users, count: count, split: split)
                splitRows.append([
                    "\(users) users", split.label, Report.rate(1, per: piped.wall / 1e9),
                    Report.nanos(piped.storeCPU), Report.nanos(piped.workerCPU),
                ])
            }
        }
        Report.table([
            "state", "store: rename with the previous state queued (CPU)", "freeing a queued state (CPU)",
            "both on one thread",
        ], rows)
        print()
        Report.table(["state", "two threads", "renames/s (wall)", "store CPU", "second thread CPU"], splitRows)
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
    static func pipeline(users: Int, count: Int, split: Split) -> (wall: Double, storeCPU: Double, workerCPU: Double) {
        final class Handoff: @unchecked Sendable {
            // @unchecked: every access to `states` and `done` holds `lock`.
            let lock = NSCondition()
            var states: [State] = []
            var done = false
            var freed = 0
            /// States handed back for the store's thread to free (`storeFrees`).
            var returned: [State] = []
            var workerCPU: UInt64 = 0
        }
        let handoff = Handoff()
        var state = UsersFixture.state(users: users)
        let initial = state
        let worker = Thread {
            var batch: [State] = []
            var previous = initial
            var differing = 0
            let cpu = Stopwatch.threadCPUNanos()
            while true {
                handoff.lock.lock()
                while handoff.states.isEmpty && !handoff.done { handoff.lock.wait() }
                if handoff.states.isEmpty && handoff.done {
                    precondition(split != .storeFreesWorkerCompares || differing > 0)
                    handoff.workerCPU = Stopwatch.threadCPUNanos() - cpu
                    handoff.lock.unlock()
                    return
                }
                swap(&batch, &handoff.states)
                handoff.lock.unlock()
                let taken = batch.count
                if split != .workerFrees {
                    var back: [State] = []
                    back.reserveCapacity(taken)
                    for next in batch {
                        if split == .storeFreesWorkerCompares, buffersDiffer(previous.users, next.users) { differing += 1 }
                        back.append(previous)
                        previous = next
                    }
                    handoff.lock.lock()
                    handoff.returned.append(contentsOf: back)
                    handoff.lock.unlock()
                }
                batch.removeAll(keepingCapacity: true)
                handoff.lock.lock()
                handoff.freed += taken
                handoff.lock.unlock()
            }
        }
        worker.start()
        let start = Stopwatch.now()
        let cpu = Stopwatch.threadCPUNanos()
        for step in 0..<count {
            UsersFixture.reduce(&state, UsersFixture.Change.rename.action(step: step, count: users))
            handoff.lock.lock()
            handoff.states.append(state)
            if step % 100 == 99 { handoff.lock.signal() }
            var done = handoff.returned.popLast()
            handoff.lock.unlock()
            done = nil  // freed here, outside the lock
            _ = done
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

extension WorkerFloor.Split {
    var label: String {
        switch self {
        case .workerFrees: "store copies, second thread frees"
        case .storeFrees: "store copies and frees, second thread hands back"
        case .storeFreesWorkerCompares: "store copies and frees, second thread compares buffers"
        }
    }
}

/// Whether two arrays' element buffers differ byte for byte (the diff's first pass).
private func buffersDiffer<Element>(_ a: [Element], _ b: [Element]) -> Bool {
    a.withUnsafeBytes { a in
        b.withUnsafeBytes { b in
            a.count != b.count || memcmp(a.baseAddress!, b.baseAddress!, a.count) != 0
        }
    }
}
