/// Keeps the allocator's large blocks for reuse in the `storescope` process.
///
/// glibc serves every block above its mmap threshold (32 MiB at most, by its dynamic rule)
/// with a fresh `mmap` and returns it with `munmap` on free. A state of a million entries is a
/// 64 MB array, and showing the state after an action copies it (the state before is still
/// held), so each such key mapped 16,000 new pages and the kernel zero-filled every one: 80 %
/// of the copy's time (the detail after `j` took 64 ms), measured by `StoreScopeBenchmarks
/// hostile-viewer` (docs/BENCHMARKS.md). With the thresholds raised, a freed large block goes
/// back to the heap and the next copy reuses its pages (13 ms); only the first copy in a
/// process still faults its pages in. The price is that the process keeps its peak heap:
/// bounded by the session's cache budgets, and released when it exits.
///
/// Only the command line does this: the app's recorder never changes the app's allocator.
/// Elsewhere than glibc (Darwin's allocator, musl) nothing changes.
public enum LargeBlockReuse {
    /// Raises glibc's mmap and trim thresholds to 1 GiB, once, before any large allocation.
    public static func enable() {
        Mallopt.set(Mallopt.mmapThreshold, to: threshold)
        Mallopt.set(Mallopt.trimThreshold, to: threshold)
    }

    /// 1 GiB: above any block the session's budgets let it hold.
    static let threshold: Int32 = 1 << 30
}
