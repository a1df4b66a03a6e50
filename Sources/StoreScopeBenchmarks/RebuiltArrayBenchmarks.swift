import StoreScope

/// Issue 8, item 15: a response that replaces the users array with equal-valued but newly
/// built elements (a decoded server response) and renames one user. Nothing shares storage, so
/// every element is compared with `==`; the floor is a typed element-by-element `!=` scan over
/// the same two arrays, compiled for `User` here. Both are timed in the same run, alternating.
enum RebuiltArrayBenchmarks {
    static func run() {
        print("### Rebuilt arrays: one user renamed in a newly built array (median of \(samples) alternating samples)\n")
        var rows: [[String]] = []
        for count in [1_000, 10_000] {
            let old = UsersFixture.state(users: count)
            var new = old
            new.users = UsersFixture.rebuilt(old.users)
            new.users[count / 2].name = "Renamed"
            precondition(capturePatch(from: old, to: new) == [
                .set(path: [.field("users"), .index(count / 2), .field("name")], value: .string("Renamed")),
            ])
            var diff: [Double] = [], scan: [Double] = []
            var changed = 0
            for _ in 0..<samples {
                diff.append(time(repeats: 20_000 / count) { changed += capturePatch(from: old, to: new).count })
                scan.append(time(repeats: 20_000 / count) { changed += typedScan(old.users, new.users) })
            }
            precondition(changed == 2 * samples * (20_000 / count))
            let diffMedian = Samples(diff).median, scanMedian = Samples(scan).median
            rows.append([
                "\(count)", Report.nanos(diffMedian), Report.nanos(scanMedian), Report.fixed(diffMedian / scanMedian, 1) + "x",
                Report.nanos(3 * scanMedian),
            ])
        }
        Report.table(["users", "capturePatch", "typed != scan (floor)", "ratio", "target (3x floor)"], rows)
    }

    static let samples = 21

    /// The floor: how many elements differ, compared in place by `User`'s own `==`.
    @inline(never)
    static func typedScan(_ old: [UsersFixture.User], _ new: [UsersFixture.User]) -> Int {
        var changed = 0
        for index in old.indices where old[index] != new[index] { changed += 1 }
        scans &+= 1  // a side effect, so repeated calls are not folded into one
        return changed
    }

    nonisolated(unsafe) private static var scans = 0  // touched by the benchmark's one thread only

    /// Mean nanoseconds of one call over `repeats` calls.
    private static func time(repeats: Int, _ body: () -> Void) -> Double {
        let start = Stopwatch.now()
        for _ in 0..<repeats { body() }
        return Double(Stopwatch.now() - start) / Double(repeats)
    }
}
