/// Makes every thread of the `storescope` process allocate from one glibc arena.
///
/// glibc gives a thread that allocates while another holds the arena's lock an arena of its own
/// (up to eight per core), and memory freed into an arena serves only the threads using it. The
/// viewer's reader starts a thread for each burst of reads, so its session's decoded chunks
/// (about 45 MB at the 4 MiB budget: massif's peak on `StoreScopeBenchmarks viewer-walk`) were
/// built in one arena, freed there, and built again in the next: the process held two or three
/// arenas of that size. With the trim threshold ``LargeBlockReuse`` raises, none is given back:
/// `viewer-walk` peaked at 127 MiB, 73 MiB with one arena (docs/BENCHMARKS.md, row 11).
///
/// The price is that threads allocating at the same moment take turns at the arena's lock;
/// each thread's cache of small blocks (glibc's tcache) still serves most allocations without
/// it. So only the viewer does this (``ViewerApp/run(on:)``): `stats`, whose decoding
/// threads and the thread taking their records in allocate all the time, took 1.42 s against
/// 1.34 s with one arena (medians of five on the 1M-action trace). The app's recorder never
/// changes the app's allocator. Elsewhere than glibc nothing changes.
public enum OneMallocArena {
    /// Limits glibc to one arena for the threads that allocate from now on.
    public static func enable() {
        Mallopt.set(Mallopt.arenaMax, to: 1)
    }
}
