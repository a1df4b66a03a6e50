#if canImport(Glibc)
import Glibc
#endif

/// glibc's `mallopt`, for the command line's allocator settings (``LargeBlockReuse``,
/// ``OneMallocArena``).
enum Mallopt {
    /// malloc.h's M_TRIM_THRESHOLD, M_MMAP_THRESHOLD and M_ARENA_MAX.
    static let trimThreshold: Int32 = -1, mmapThreshold: Int32 = -3, arenaMax: Int32 = -8

    /// Sets `parameter` to `value`. `mallopt` is in glibc's malloc.h, which Swift's Glibc module
    /// does not import: looked up by name, so a C library without it (Darwin's, musl) is simply
    /// left as it is.
    static func set(_ parameter: Int32, to value: Int32) {
        #if canImport(Glibc)
        typealias Function = @convention(c) (Int32, Int32) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return }
        _ = unsafeBitCast(symbol, to: Function.self)(parameter, value)
        #endif
    }
}
